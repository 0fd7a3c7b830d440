import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { DatabaseHandle } from "./client";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));
/** Arbitrary but fixed: every instance of the store contends for the same lock. */
const MIGRATION_LOCK_KEY = 72_114_001;

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => ({ name: f.replace(/\.sql$/, ""), sql: readFileSync(`${dir}/${f}`, "utf8") }));
}

/**
 * Applies committed SQL migrations in order, each in its own transaction, under a
 * session-level advisory lock so two instances starting at once apply each migration once.
 * Returns the names applied by this call.
 */
export async function migrate(handle: DatabaseHandle, migrations = readMigrations()): Promise<string[]> {
  const session = await handle.session();
  const applied: string[] = [];
  try {
    await session.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await session.exec(
      "create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())",
    );
    const done = new Set((await session.query("select name from schema_migrations")).rows.map((r) => String(r.name)));
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      const statements = migration.sql.split("--> statement-breakpoint").join("\n");
      await session.exec("begin");
      try {
        await session.exec(statements);
        await session.query("insert into schema_migrations (name) values ($1)", [migration.name]);
        await session.exec("commit");
      } catch (error) {
        await session.exec("rollback");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
  } finally {
    await session.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    session.release();
  }
  return applied;
}
