/**
 * The command line's integration tests (server/cli/*.integration.test.ts), one file per group of
 * commands: each command runs in the test's process, as `npm run store -- …` would, on a DATA_DIR
 * of its own (an empty one, or migratedDataDir's), and the test looks at the database afterwards.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAuthService } from "../../server/auth/service";
import { runCli } from "../../server/cli/commands";
import type { CliIo } from "../../server/cli/io";
import { loadConfig } from "../../server/config";
import { type DatabaseHandle, openPglite } from "../../server/db/client";
import { createLogger } from "../../server/logger";
import { createMailService } from "../../server/mail/service";
import { addressKind } from "../../server/net/addresses";
import type { PublicNetwork } from "../../server/net/public-fetch";

/** The repository: the built command line is build/server-main/cli.js below it. */
export const ROOT = path.resolve(import.meta.dirname, "../..");
export const ADMIN = "boss@example.com";
export const STRONG = "Velvet-Harbor-42";

export function environment(dataDir: string): NodeJS.ProcessEnv {
  return {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DEMO_DATA: "0",
    PUBLIC_URL: "http://store.test",
    ADMIN_EMAIL: ADMIN,
    LOG_LEVEL: "silent",
  };
}

/**
 * For image downloads from the tests' own servers: 127.0.0.1 counts as a public address (there is
 * no internet in a test), every other address as the store judges it (addressKind).
 */
export const LOOPBACK_AS_PUBLIC: PublicNetwork = {
  addressKind: (address) => (address === "127.0.0.1" ? "public" : addressKind(address)),
};

/** Runs one command line in this process, as `npm run store -- …` would. */
export async function run(
  dataDir: string,
  argv: string[],
  options: { stdin?: string; cwd?: string; env?: NodeJS.ProcessEnv; imageNetwork?: PublicNetwork } = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readStdin: async () => options.stdin,
    cwd: options.cwd ?? dataDir,
  };
  const code = await runCli(
    argv,
    io,
    { ...environment(dataDir), ...options.env },
    { imageNetwork: options.imageNetwork },
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** An empty DATA_DIR: the command creates and migrates its database (migratedDataDir: one already migrated). */
export const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), "store-cli-"));

/** The store's database on `dataDir`, opened as the store opens it, for looking at what a command did. */
export async function withStoreDatabase<T>(
  dataDir: string,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openPglite({ dataDir: path.join(dataDir, "pglite") });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

export function authOf(database: DatabaseHandle, dataDir: string) {
  const config = loadConfig(environment(dataDir));
  const logger = createLogger("silent");
  return createAuthService({
    db: database.db,
    config,
    logger,
    mail: createMailService({ db: database.db, config, logger }),
  });
}

export const page = () => new Request("http://store.test/login");
