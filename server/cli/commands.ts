import { existsSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { InvalidInputError, isDomainError } from "../../domain/errors";
import { newPasswordProblem } from "../../domain/password-strength";
import { checkBackup, restoreBackup, writeBackup } from "../backup/archive";
import { backupFromRunningStore } from "../backup/control-socket";
import { recordBackup } from "../backup/last-backup";
import { createAdminAccountDesk } from "../auth/admin-account";
import { createAdminCatalogService } from "../catalog/admin-products";
import { importProductsCsv } from "../catalog/product-import";
import { type Config, ConfigError, loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { DatabaseLockedError } from "../db/embedded-lock";
import { MigrationRefusedError, migrate, migrationStatus } from "../db/migrate";
import { createLogger, type Logger } from "../logger";
import { createMailService } from "../mail/service";
import { exportOrdersCsv } from "../orders/order-export";
import { createStorage } from "../storage";
import { EVENTS_CHANNEL, notifyPayload } from "../events/pg-relay";
import { sql } from "drizzle-orm";
import type { LiveEvent } from "../../domain/live-events";
import type { PublicNetwork } from "../net/public-fetch";
import { type CliIo, EXIT, resolveArg, UsageError } from "./io";

/**
 * `npm run store -- <command>` (docs/command-line.md): the administrator's jobs that have no
 * screen. Each command uses the store's own pieces: the configuration loader, the database
 * opening and migrations, better-auth for accounts, the catalogue's writer and image pipeline.
 */

interface Context {
  config: Config;
  logger: Logger;
  io: CliIo;
  /** The options given (`--allow-local-images`), among the command's own. */
  options: ReadonlySet<string>;
  dependencies: CliDependencies;
}

/** What the tests replace: image downloads' resolver and address policy (there is no internet in a test). */
export interface CliDependencies {
  imageNetwork?: PublicNetwork;
}

interface Command {
  /** The arguments as the usage shows them. */
  args: string;
  summary: string;
  /** How many arguments it takes, options aside. */
  arity: number;
  /** The options it accepts ("--name"), with what each does, for the usage. */
  options?: Record<string, string>;
  run(context: Context, args: string[]): Promise<number>;
}

/** Opens the store's database and brings it up to date, as the store's start does; closes it after `work`. */
async function withDatabase<T>(context: Context, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openDatabase(context.config);
  try {
    const applied = await migrate(database);
    if (applied.length) context.io.err(`Migrations applied: ${applied.join(", ")}`);
    return await work(database);
  } finally {
    await database.close();
  }
}

/** `migrate --status`: one line per migration, then what a start would do; exit 1 when it would refuse. */
async function printStatus({ io }: Context, database: DatabaseHandle): Promise<number> {
  const { version, migrations, plan, refusal, rollingRefusal } = await migrationStatus(database);
  io.out(`This version: ${version}, newest migration ${migrations.at(-1)?.name ?? "(none)"}.`);
  const changed = new Map(plan.changed.map((c) => [c.name, c]));
  for (const name of plan.applied) {
    const c = changed.get(name);
    io.out(
      c
        ? `changed  ${name}  (applied from SHA-256 ${c.recorded}, this version's is ${c.expected})`
        : `applied  ${name}`,
    );
  }
  for (const m of plan.pending)
    io.out(`pending  ${m.name}  (rolling upgrade: ${m.rollingUpgrade ? "safe" : "not safe"})`);
  for (const r of plan.unknown)
    io.out(`unknown  ${r.name}  (applied by ${r.storeVersion ?? "a build that did not record its version"})`);
  if (refusal) {
    io.out(`The store would refuse to start: ${refusal}`);
    return EXIT.failed;
  }
  if (rollingRefusal) {
    io.out(`The store would not apply them now: ${rollingRefusal}`);
    return EXIT.failed;
  }
  const n = plan.pending.length;
  io.out(
    n
      ? `${n} migration${n > 1 ? "s" : ""} pending: the next start, or \`npm run store -- migrate\`, applies ${n > 1 ? "them" : "it"}.`
      : "The database is up to date.",
  );
  return EXIT.ok;
}

/** Backups of PostgreSQL are pg_dump's job: say how, and refuse. */
function refusedOnPostgres({ config, io }: Context): boolean {
  if (!config.databaseUrl) return false;
  io.err(pgDumpGuidance(config));
  return true;
}

function accountDesk(context: Context, database: DatabaseHandle) {
  const mail = createMailService({ db: database.db, config: context.config, logger: context.logger });
  return createAdminAccountDesk({ db: database.db, config: context.config, mail, logger: context.logger });
}

const mediaDirOf = (config: Config) => (config.s3 ? undefined : path.join(config.dataDir, "media"));

function pgDumpGuidance(config: Config): string {
  const media = config.s3
    ? "Images are in the S3 bucket: back it up with the bucket's own versioning or replication."
    : `Also keep a copy of the images: tar -czf media.tar.gz -C ${config.dataDir} media`;
  return [
    "backup and restore copy the embedded database; this store runs on PostgreSQL (DATABASE_URL).",
    "Use PostgreSQL's own tools, which take a consistent copy while the store serves traffic:",
    '  pg_dump --format=custom --file=store.dump "$DATABASE_URL"',
    "and to restore (store stopped, into an empty database):",
    '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" store.dump',
    media,
    "See docs/command-line.md.",
  ].join("\n");
}

export const COMMANDS: Record<string, Command> = {
  migrate: {
    args: "[--status]",
    summary: "apply the database migrations and exit (a pre-deploy step)",
    arity: 0,
    options: {
      "--status":
        "list the migrations applied, pending, and unknown to this version, and whether the store would start; change nothing",
    },
    async run(context) {
      const database = await openDatabase(context.config);
      try {
        if (context.options.has("--status")) return await printStatus(context, database);
        const applied = await migrate(database);
        context.io.out(
          applied.length
            ? `Applied ${applied.length} migration(s): ${applied.join(", ")}`
            : "The database is up to date.",
        );
      } finally {
        await database.close();
      }
      return EXIT.ok;
    },
  },

  "create-admin": {
    args: "",
    summary: "create or promote the ADMIN_EMAIL account (verified); password from standard input, else a one-time link",
    arity: 0,
    async run(context) {
      const piped = await context.io.readStdin();
      // One line: the password, without its line ending. Nothing piped (a terminal, an empty
      // or closed input as in `docker exec` without -i): a set-password link instead.
      const line = piped?.replace(/\r?\n$/, "");
      const password = line ? line : undefined;
      const email = context.config.adminEmail;
      // Checked before the database is opened, so a refused password changes nothing at all.
      const problem = password === undefined ? undefined : newPasswordProblem(password, email);
      if (problem) throw new InvalidInputError(problem);
      return withDatabase(context, async (database) => {
        const result = await accountDesk(context, database).createAdmin(email, password);
        const what = result.created
          ? "created"
          : result.promoted
            ? "promoted: its e-mail is now verified, and the password, linked sign-ins and sessions it had were removed (nobody had proved the address)"
            : "already the administrator";
        context.io.out(`The administrator account ${email} was ${what}.`);
        if (result.link) {
          context.io.out("Open this link within an hour to choose its password (it works once):");
          context.io.out(result.link);
        } else {
          context.io.out("Its password is set; sign in at /login.");
        }
        return EXIT.ok;
      });
    },
  },

  "reset-password": {
    args: "EMAIL",
    summary: "print a one-time link to choose a new password for an account",
    arity: 1,
    async run(context, [email]) {
      return withDatabase(context, async (database) => {
        const link = await accountDesk(context, database).resetLink(email);
        context.io.out(
          `Open this link within an hour to choose a new password for ${email.trim().toLowerCase()} (it works once):`,
        );
        context.io.out(link);
        return EXIT.ok;
      });
    },
  },

  backup: {
    args: "FILE",
    summary: "write a backup of the embedded database and images to FILE (.tar.gz), also while the store runs",
    arity: 1,
    async run(context, [target]) {
      const { config, io } = context;
      if (refusedOnPostgres(context)) return EXIT.failed;
      const file = resolveArg(io, target);
      if (!existsSync(path.dirname(file))) throw new UsageError(`The folder ${path.dirname(file)} does not exist.`);
      const fromStore = await backupFromRunningStore(config.dataDir, file);
      if (fromStore) io.err("The store is running: it made the backup while serving.");
      else {
        const database = await openDatabase(config);
        try {
          await writeBackup({ database, dataDir: config.dataDir, mediaDir: mediaDirOf(config) }, file);
        } finally {
          await database.close();
        }
      }
      const summary = await checkBackup(file, config.dataDir);
      const { counts, manifest } = summary;
      // What /metrics' threadline_backup_age_seconds reads (docs/decisions/042-metrics.md).
      recordBackup(config.dataDir, { createdAt: manifest.createdAt, file, checkedAt: new Date().toISOString() });
      io.out(`Backup written to ${file} and checked:`);
      io.out(
        `  ${counts.products} products, ${counts.users} accounts, ${counts.sessions} sessions, ${counts.orders} orders, ${manifest.media === "included" ? `${counts.mediaFiles} image files` : "images in S3 (not in the backup)"}`,
      );
      return EXIT.ok;
    },
  },

  restore: {
    args: "FILE",
    summary: "replace the embedded database and images with a backup (the store must be stopped)",
    arity: 1,
    async run(context, [source]) {
      const { config, io } = context;
      if (refusedOnPostgres(context)) return EXIT.failed;
      const summary = await restoreBackup(resolveArg(io, source), config.dataDir);
      const { counts, manifest } = summary;
      io.out(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}:`);
      io.out(
        `  ${counts.products} products, ${counts.users} accounts, ${counts.sessions} sessions, ${counts.orders} orders, ${counts.mediaFiles} image files`,
      );
      return EXIT.ok;
    },
  },

  "import-products": {
    args: "FILE.csv [--allow-local-images] [--skip-existing]",
    summary: "add the products of a CSV file, all or none (columns in docs/command-line.md)",
    arity: 1,
    options: {
      "--allow-local-images":
        "also read pictures named by a file path, in the CSV file's folder or below (otherwise only http(s) addresses, downloaded from public addresses only)",
      "--skip-existing":
        "leave out rows whose product (same title and category) is already in the catalogue, instead of refusing the file: the same file can be imported again",
    },
    async run(context, [source]) {
      const file = resolveArg(context.io, source);
      return withDatabase(context, async (database) => {
        const { storage } = createStorage(context.config);
        const added: LiveEvent[] = [];
        const adminCatalog = createAdminCatalogService({
          db: database.db,
          storage,
          logger: context.logger,
          publish: (event) => added.push(event),
        });
        const { ids, skippedRows } = await importProductsCsv(adminCatalog, file, {
          allowLocalImages: context.options.has("--allow-local-images"),
          skipExisting: context.options.has("--skip-existing"),
          network: context.dependencies.imageNetwork,
        });
        // Running stores on this PostgreSQL database hear of the new products as they hear of an
        // administrator's (server/events/pg-relay.ts): their live pages update and their page caches
        // empty (decision 024). An embedded store is stopped while this runs and starts with empty caches.
        if (database.kind === "postgres") {
          for (const event of added)
            await database.db.execute(
              sql`select pg_notify(${EVENTS_CHANNEL}, ${notifyPayload("command-line", event)})`,
            );
        }
        context.io.out(
          skippedRows.length
            ? `Imported ${ids.length} product(s); ${skippedRows.length} already in the catalogue were left as they are (rows ${skippedRows.join(", ")}).`
            : `Imported ${ids.length} product(s).`,
        );
        return EXIT.ok;
      });
    },
  },

  "export-orders": {
    args: "FILE.csv",
    summary: "write every order to a CSV file, oldest first",
    arity: 1,
    async run(context, [target]) {
      const file = resolveArg(context.io, target);
      if (!existsSync(path.dirname(file))) throw new UsageError(`The folder ${path.dirname(file)} does not exist.`);
      return withDatabase(context, async (database) => {
        const count = await exportOrdersCsv(database.db, file);
        context.io.out(`Exported ${count} order(s) to ${file}.`);
        return EXIT.ok;
      });
    },
  },
};

export function usage(): string {
  const width = Math.max(...Object.entries(COMMANDS).map(([name, c]) => `${name} ${c.args}`.length));
  const options = Object.entries(COMMANDS).flatMap(([name, c]) =>
    Object.entries(c.options ?? {}).map(([option, what]) => `  ${name} ${option}: ${what}`),
  );
  return [
    "Usage: npm run store -- <command> [arguments]",
    "",
    "Commands:",
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${`${name} ${c.args}`.padEnd(width)}  ${c.summary}`),
    "",
    "Options:",
    ...options,
    "",
    "Settings come from the same environment variables as the store (DATA_DIR, DATABASE_URL, ADMIN_EMAIL, PUBLIC_URL, ...).",
    "Exit codes: 0 done, 1 refused or failed, 2 wrong usage or configuration, 3 the embedded database is in use by a running store.",
    "Details: docs/command-line.md",
  ].join("\n");
}

/** Runs one command line; returns the exit code. Messages go to `io`, never a stack trace for a refusal. */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
  dependencies: CliDependencies = {},
): Promise<number> {
  const [name, ...words] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    (name ? io.out : io.err)(usage());
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${usage()}`);
    return EXIT.usage;
  }
  const line = `npm run store -- ${name}${command.args ? ` ${command.args}` : ""}`;
  // Options ("--name") anywhere among the arguments; after a lone "--", everything is an argument.
  const args: string[] = [];
  const options = new Set<string>();
  let optionsEnd = false;
  for (const word of words) {
    if (optionsEnd || !word.startsWith("--")) args.push(word);
    else if (word === "--") optionsEnd = true;
    else if (command.options && Object.hasOwn(command.options, word)) options.add(word);
    else {
      io.err(`Unknown option "${word}" for ${name}.\nUsage: ${line}`);
      return EXIT.usage;
    }
  }
  if (args.length !== command.arity) {
    io.err(`${name} takes ${command.arity === 0 ? "no arguments" : command.args}.\nUsage: ${line}`);
    return EXIT.usage;
  }
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return EXIT.usage;
    }
    throw error;
  }
  // Logs (JSON, as the store's) go to standard error, and only warnings unless LOG_LEVEL says otherwise.
  const logger = createLogger(env.LOG_LEVEL ? config.logLevel : "warn", pino.destination(2));
  try {
    return await command.run({ config, logger, io, options, dependencies }, args);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\nUsage: ${line}`);
      return EXIT.usage;
    }
    if (error instanceof DatabaseLockedError) {
      io.err(`${name}: ${error.message}`);
      return EXIT.inUse;
    }
    if (isDomainError(error) || error instanceof MigrationRefusedError) {
      io.err(`${name}: ${error.message}`);
      return EXIT.failed;
    }
    io.err(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}
