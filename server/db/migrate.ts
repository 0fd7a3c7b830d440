import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  blockingConnections,
  type DatabaseConnection,
  databaseRefusal,
  type KnownMigration,
  type Manifest,
  type MigrationFile,
  type MigrationPlan,
  manifestProblems,
  parseManifest,
  planMigrations,
  type RecordedMigration,
  rollingUpgradeRefusal,
} from "../../domain/migrations";
import { APPLICATION_NAME, STORE_VERSION } from "../version";
import type { DatabaseHandle, RawSession } from "./client";

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));
export const MANIFEST_FILE = "manifest.json";
/** Arbitrary but fixed: every instance of the store contends for the same lock. */
const MIGRATION_LOCK_KEY = 72_114_001;

/** A shipped migration (manifest.json) with its SQL. */
export interface Migration extends KnownMigration {
  sql: string;
}

/**
 * The store must not start on this database, or must not apply its migrations now: a newer
 * version's migration, a changed one, migrations that do not match the manifest, or a migration
 * that is not rolling-safe while older instances are connected. The message says what to do.
 */
export class MigrationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MigrationRefusedError";
  }
}

/** The `.sql` files of `dir`, in name order, with the SHA-256 of their bytes. */
export function migrationFiles(dir = MIGRATIONS_DIR): (MigrationFile & { bytes: Buffer })[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((name) => {
      const bytes = readFileSync(path.join(dir, name));
      return { name, sha256: createHash("sha256").update(bytes).digest("hex"), bytes };
    });
}

/** `dir`/manifest.json, checked for shape. */
export function readManifest(dir = MIGRATIONS_DIR): Manifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) throw new MigrationRefusedError(`${file} is missing: the migrations cannot be checked.`);
  try {
    return parseManifest(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    throw new MigrationRefusedError(`${file} cannot be read: ${(error as Error).message}`);
  }
}

/**
 * The migrations of `dir` (default: the shipped ones), in order, after checking that the files
 * are exactly those manifest.json lists, byte for byte (docs/decisions/041). Tests pass a
 * folder of their own.
 */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const manifest = readManifest(dir);
  const files = migrationFiles(dir);
  const problems = manifestProblems(manifest, files);
  if (problems.length)
    throw new MigrationRefusedError(
      `The migrations in ${dir} do not match ${MANIFEST_FILE}:\n- ${problems.join("\n- ")}`,
    );
  const sqlOf = new Map(files.map((f) => [f.name, f.bytes.toString("utf8")]));
  return manifest.migrations.map((entry) => ({
    name: entry.name.replace(/\.sql$/, ""),
    sha256: entry.sha256,
    rollingUpgrade: entry.rollingUpgrade,
    sql: sqlOf.get(entry.name) ?? "",
  }));
}

const BOOKKEEPING = [
  "create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())",
  // Since 0.2.0 (decision 041): the SHA-256 of the file applied and the store version that applied it.
  "alter table schema_migrations add column if not exists checksum text, add column if not exists store_version text",
].join(";\n");

/** SQLSTATE undefined_table, undefined_column. */
const NO_TABLE = "42P01";
const NO_COLUMN = "42703";
const codeOf = (error: unknown) => (error as { code?: unknown }).code;

/**
 * What `schema_migrations` records, in one query when it is up to date. `columns` is false when
 * the table or its checksum columns are missing (a new database, or one migrated before 0.2.0).
 */
async function readRecorded(session: RawSession): Promise<{ rows: RecordedMigration[]; columns: boolean }> {
  try {
    const { rows } = await session.query("select name, checksum, store_version from schema_migrations order by name");
    return {
      rows: rows.map((r) => ({
        name: String(r.name),
        checksum: r.checksum === null ? null : String(r.checksum),
        storeVersion: r.store_version === null ? null : String(r.store_version),
      })),
      columns: true,
    };
  } catch (error) {
    if (codeOf(error) === NO_TABLE) return { rows: [], columns: false };
    if (codeOf(error) !== NO_COLUMN) throw error;
    const { rows } = await session.query("select name from schema_migrations order by name");
    return { rows: rows.map((r) => ({ name: String(r.name), checksum: null, storeVersion: null })), columns: false };
  }
}

/** The other client connections to this database (PostgreSQL), oldest first. */
async function otherConnections(session: RawSession): Promise<DatabaseConnection[]> {
  const { rows } = await session.query(
    `select application_name, host(client_addr) as client_address, backend_start
       from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        -- another database user's session may show null columns without pg_read_all_stats: counted
        and coalesce(backend_type, 'client backend') = 'client backend'
      order by backend_start`,
  );
  return rows.map((r) => ({
    applicationName: String(r.application_name ?? ""),
    clientAddress: r.client_address == null ? null : String(r.client_address),
    backendStart: r.backend_start instanceof Date ? r.backend_start.toISOString() : (r.backend_start as string | null),
  }));
}

export interface MigrateOptions {
  /** This build's version (default package.json's): recorded with each migration and named in refusals. */
  version?: string;
  /** PostgreSQL's application_name of this build's connections (default `threadline/<version>`). */
  applicationName?: string;
}

/**
 * Brings the database up to `migrations` (default: the shipped ones) under a session-level
 * advisory lock, so two instances starting at once apply each migration once. Refuses, changing
 * nothing, a database this version must not run on (databaseRefusal), and, on PostgreSQL,
 * migrations that are not rolling-safe while other connections than this version's are open
 * (rollingUpgradeRefusal). Each migration runs in its own transaction and is recorded in it with
 * its checksum and this version; a failing one is rolled back and named. Returns the names applied.
 */
export async function migrate(
  handle: DatabaseHandle,
  migrations: Migration[] = readMigrations(),
  options: MigrateOptions = {},
): Promise<string[]> {
  const version = options.version ?? STORE_VERSION;
  const applicationName = options.applicationName ?? APPLICATION_NAME;
  const session = await handle.session();
  const applied: string[] = [];
  try {
    await session.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const recorded = await readRecorded(session);
    const plan = planMigrations(migrations, recorded.rows);
    const refusal = databaseRefusal(plan, { version, migrations });
    if (refusal) throw new MigrationRefusedError(refusal);
    if (plan.pending.some((m) => !m.rollingUpgrade) && handle.kind === "postgres") {
      // The embedded database is one process's (its lock file): nobody else can be on it.
      const others = blockingConnections(await otherConnections(session), applicationName);
      const unsafe = rollingUpgradeRefusal(plan.pending, others, version);
      if (unsafe) throw new MigrationRefusedError(unsafe);
    }
    if (!recorded.columns) await session.exec(BOOKKEEPING);
    if (plan.checksumsToFill.length) await fillChecksums(session, plan.checksumsToFill);
    for (const migration of plan.pending) {
      const statements = migration.sql.split("--> statement-breakpoint").join("\n");
      await session.exec("begin");
      try {
        await session.exec(statements);
        await session.query("insert into schema_migrations (name, checksum, store_version) values ($1, $2, $3)", [
          migration.name,
          migration.sha256,
          version,
        ]);
        await session.exec("commit");
      } catch (error) {
        await session.exec("rollback");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
    }
  } finally {
    await session.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    session.release();
  }
  return applied;
}

/**
 * Migrations applied before the manifest have no checksum: they get the manifest's, once. Every
 * shipped file was committed once and never changed (git log of server/db/migrations), so a
 * recorded name stands for these bytes.
 */
async function fillChecksums(session: RawSession, rows: { name: string; sha256: string }[]) {
  await session.exec("begin");
  try {
    for (const { name, sha256 } of rows)
      await session.query("update schema_migrations set checksum = $2 where name = $1 and checksum is null", [
        name,
        sha256,
      ]);
    await session.exec("commit");
  } catch (error) {
    await session.exec("rollback");
    throw error;
  }
}

export interface MigrationStatus {
  version: string;
  migrations: Migration[];
  plan: MigrationPlan<Migration>;
  /** Why the store would refuse to start on this database, if it would. */
  refusal?: string;
  /** Why the pending migrations would not be applied now (PostgreSQL, older instances connected), if so. */
  rollingRefusal?: string;
}

/** Where the database stands, read only: no lock taken, nothing created or changed (`migrate --status`). */
export async function migrationStatus(
  handle: DatabaseHandle,
  migrations: Migration[] = readMigrations(),
  options: MigrateOptions = {},
): Promise<MigrationStatus> {
  const version = options.version ?? STORE_VERSION;
  const applicationName = options.applicationName ?? APPLICATION_NAME;
  const session = await handle.session();
  try {
    const { rows } = await readRecorded(session);
    const plan = planMigrations(migrations, rows);
    const refusal = databaseRefusal(plan, { version, migrations });
    const rollingRefusal =
      !refusal && handle.kind === "postgres" && plan.pending.some((m) => !m.rollingUpgrade)
        ? rollingUpgradeRefusal(
            plan.pending,
            blockingConnections(await otherConnections(session), applicationName),
            version,
          )
        : undefined;
    return { version, migrations, plan, refusal, rollingRefusal };
  } finally {
    session.release();
  }
}
