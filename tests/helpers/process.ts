import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Every store process a test started, so afterEach can stop what a failed test left running. */
export const running: ChildProcess[] = [];

export function killRunning() {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
}

/** `npm start` after the build; `npm run dev` is DEV_SERVER. */
export const BUILT_SERVER = ["build/server-main/main.js"];
/** `npm run dev`: server/dev.ts through tsx, in one process (the command package.json runs). */
export const DEV_SERVER = ["--import", "tsx", "server/dev.ts"];

/**
 * Spawns the store as `npm start` does (after the build), or with `entry` as `npm run dev` does,
 * without waiting for anything. `cwd` defaults to the repository (the server must not need it).
 */
export async function spawnStore(
  env: Record<string, string | undefined>,
  entry: string[] = BUILT_SERVER,
  cwd = ROOT,
  /** A command that runs node for the test (`unshare … sh -c … exec "$@"`): prefix + [node, ...entry]. */
  prefix: string[] = [],
): Promise<Started> {
  const port = await freePort();
  let out = "";
  const [program, ...args] = [...prefix, process.execPath, ...entry];
  const child = spawn(program, args, {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  child.stdout!.on("data", (d) => {
    out += d;
  });
  child.stderr!.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/**
 * Starts the store (see spawnStore) and waits until /readyz answers 200 or the process exits.
 * A new DATA_DIR makes PGlite create its cluster, which takes a while on a busy machine.
 */
export async function startStore(
  env: Record<string, string | undefined>,
  entry: string[] = BUILT_SERVER,
  cwd = ROOT,
  prefix: string[] = [],
): Promise<Started> {
  const started = await spawnStore(env, entry, cwd, prefix);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) break;
    try {
      if ((await fetch(`${started.url}/readyz`)).ok) return started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return started;
}
