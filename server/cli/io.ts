import path from "node:path";

/** What a command reads and writes besides files: the terminal's streams, as the tests replace them. */
export interface CliIo {
  /** One line of the command's answer (standard output). */
  out(line: string): void;
  /** One line of trouble or progress (standard error). */
  err(line: string): void;
  /** Standard input to its end, or undefined when it is a terminal (nothing was piped). */
  readStdin(): Promise<string | undefined>;
  /** The folder relative file arguments are read from. */
  cwd: string;
}

/** The exit codes of `npm run store` (docs/command-line.md). */
export const EXIT = {
  ok: 0,
  /** Refused (a bad row, a weak password, an unknown account, a damaged backup) or failed. */
  failed: 1,
  /** Unknown command, wrong arguments or an invalid configuration. */
  usage: 2,
  /** The embedded database is in use by a running store: stop it first. */
  inUse: 3,
} as const;

/** A mistake in how the command was called: its usage is printed with the message. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export function resolveArg(io: CliIo, file: string): string {
  return path.resolve(io.cwd, file);
}

/**
 * Where file arguments are relative to. `npm run store` starts the script in the package's folder
 * and names the caller's folder in INIT_CWD: there, file arguments are the caller's (DATA_DIR,
 * like `npm start`'s, stays relative to the package). Run any other way (node cli.js, the bin,
 * a child of some other npm script, which inherits INIT_CWD), the process's own folder.
 */
export function callerFolder(env: NodeJS.ProcessEnv, cwd = process.cwd()): string {
  return env.npm_lifecycle_event === "store" && env.INIT_CWD ? env.INIT_CWD : cwd;
}

/** The process's own streams. */
export function processIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    cwd: callerFolder(process.env),
    async readStdin() {
      if (process.stdin.isTTY) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks).toString("utf8");
    },
  };
}
