import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { acquireEmbeddedLock } from "./embedded-lock";
import * as schema from "./schema";
import { type ConnectionWatch, StoreClient, watchedStoreClient } from "./unavailable";
import { PRIVATE_DIR_MODE, privateTree } from "../private-files";
import { APPLICATION_NAME } from "../version";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of that database: what a module's part of a shared transaction is given. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A raw connection for work that must hold one session (advisory locks, migrations). */
export interface RawSession {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec(text: string): Promise<void>;
  release(): void;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: where to open a connection outside the pool (the live events' LISTEN). */
  connectionString?: string;
  session(): Promise<RawSession>;
  ping(): Promise<void>;
  /**
   * PostgreSQL only: the pool's connections at this moment (for /metrics): `total` open, `idle`
   * among them, `waiting` requests queued for one, `max` the pool's size (DATABASE_POOL_SIZE).
   * The embedded database is one connection inside the process and has no pool.
   */
  pool?(): PoolStats;
  close(): Promise<void>;
  /**
   * PGlite only: the database folder as a tar file, taken between transactions (none open, none
   * may start until it is done). `whileQuiet` runs before anything may change again, so what it
   * copies is of the same moment (the backup's images, server/backup/archive.ts).
   */
  snapshot?(whileQuiet?: () => void): Promise<Blob>;
}

/**
 * PGlite's postgres runs inside this process (its memory is a WebAssembly.Memory), and reserves
 * its shared buffers when it opens. PostgreSQL's default of 128 MB costs the process 128 MB of
 * RSS at once; the store's whole database is tens of MB and the files behind it stay in the
 * operating system's cache, so a few MB are plenty: 16 MB in decision 026, 8 MB since decision
 * 063 (8 MB less RSS from the start; the catalogue's pages are cached above the database).
 */
export const PGLITE_SHARED_BUFFERS = "8MB";

/**
 * The PostgreSQL extensions the store's search uses (migration 0018, decision 059): trigrams for
 * typos, unaccent for accents. Every PGlite the store opens loads them, or a product write would
 * find the search's index functions missing.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * PGlite and drizzle's driver for it, loaded when the first embedded database opens: a store
 * on PostgreSQL never loads them (~3 MB less RSS at rest, decision 063). Its extensions above
 * are only names and paths, imported at start.
 */
export async function loadPglite() {
  const [core, driver] = await Promise.all([import("@electric-sql/pglite"), import("drizzle-orm/pglite")]);
  return { PGlite: core.PGlite, drizzle: driver.drizzle };
}

/** PGlite's own start parameters, with the store's memory settings appended (later `-c` wins). */
export async function pgliteStartParams(): Promise<string[]> {
  const { PGlite } = await loadPglite();
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

/**
 * PGlite in memory, or in `dataDir`. A folder is opened by one process at a time: the lock
 * file beside it (`{dataDir}.lock`, server/db/embedded-lock.ts) refuses a second one with
 * DatabaseLockedError, and is released when the database is closed.
 */
/** Told the text of every statement the store's queries send (tests count them; nothing in production). */
export type QueryWatch = (sql: string) => void;

const queryLogger = (watch: QueryWatch | undefined) => (watch ? { logQuery: (sql: string) => watch(sql) } : undefined);

export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; onQuery?: QueryWatch } = {},
): Promise<DatabaseHandle> {
  const { PGlite } = await loadPglite();
  const startParams = await pgliteStartParams();
  if (!options.dataDir)
    return wrapPglite(
      await PGlite.create({ loadDataDir: options.loadDataDir, startParams, extensions: PGLITE_EXTENSIONS }),
      options.onQuery,
    );
  mkdirSync(path.dirname(options.dataDir), { recursive: true, mode: PRIVATE_DIR_MODE });
  const lock = acquireEmbeddedLock(`${options.dataDir}.lock`);
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      startParams,
      extensions: PGLITE_EXTENSIONS,
    });
  } catch (error) {
    lock.release();
    throw error;
  }
  // The database's files are for the store's user only (server/private-files.ts).
  privateTree(options.dataDir);
  const handle = await wrapPglite(client, options.onQuery);
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
        privateTree(options.dataDir!);
      } finally {
        lock.release();
      }
    },
  };
}

export async function wrapPglite(client: PGlite, onQuery?: QueryWatch): Promise<DatabaseHandle> {
  const { drizzle: drizzlePglite } = await loadPglite();
  // PGlite is a single connection: callers that need "one session" share it, serialised by PGlite itself.
  const session: RawSession = {
    query: async (text, params) => ({ rows: (await client.query<Record<string, unknown>>(text, params)).rows }),
    exec: async (text) => {
      await client.exec(text);
    },
    release: () => {},
  };
  return {
    db: drizzlePglite(client, { schema, logger: queryLogger(onQuery) }) as unknown as Database,
    kind: "pglite",
    session: async () => session,
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
    // The transaction lock first (no transaction open, no statement may begin), then
    // dumpDataDir, which takes the query lock itself: a copy of one quiet moment.
    snapshot: (whileQuiet) =>
      client._runExclusiveTransaction(async () => {
        const tar = await client.dumpDataDir("none");
        whileQuiet?.();
        return tar;
      }),
  };
}

/**
 * A pool of `max` connections to PostgreSQL. Nothing connects until the first query. `watch` is
 * told of every connection failure and every new connection (the store's outage lines,
 * server/db/outage.ts).
 */
export async function openPostgres(
  connectionString: string,
  options: { max?: number; watch?: ConnectionWatch; onQuery?: QueryWatch } = {},
): Promise<DatabaseHandle> {
  // StoreClient: a database that cannot be reached is a ServiceUnavailableError (503), not a crash (docs/faults.md).
  const max = options.max ?? 10;
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 10_000,
    // threadline/<version>: which version each connection is, for the migrations' rolling-upgrade
    // check (server/db/migrate.ts) and for an operator reading pg_stat_activity.
    application_name: APPLICATION_NAME,
    Client: options.watch ? watchedStoreClient(options.watch) : StoreClient,
  });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it. /readyz reports real outages.
  });
  return {
    db: drizzlePg(pool, { schema, logger: queryLogger(options.onQuery) }) as unknown as Database,
    kind: "postgres",
    connectionString,
    session: async () => {
      const client = await pool.connect();
      return {
        query: async (text, params) => ({ rows: (await client.query(text, params)).rows }),
        exec: async (text) => {
          await client.query(text);
        },
        release: () => client.release(),
      };
    },
    ping: async () => {
      await pool.query("select 1");
    },
    pool: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** The store's database: PostgreSQL with a pool of `databasePoolSize` connections (DATABASE_POOL_SIZE), or PGlite in DATA_DIR. */
export function openDatabase(
  config: {
    databaseUrl?: string;
    dataDir: string;
    databasePoolSize?: number;
  },
  options: { watch?: ConnectionWatch } = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { max: config.databasePoolSize, watch: options.watch })
    : openPglite({ dataDir: path.join(config.dataDir, "pglite") });
}
