import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres, type QueryWatch } from "../../server/db/client";

/**
 * The migrated template's name for one run: the database TEST_DATABASE_URL names and the run's own
 * tag, so two runs against one server (two checkouts, or a CI run beside a developer's) never drop or
 * create each other's (two runs with one name once failed with "store_test_template_test already exists").
 */
export function templateDatabase(url: string, run: string): string {
  const name = new URL(url).pathname.replace(/^\//, "") || "postgres";
  return `store_test_template_${name.replace(/\W/g, "_")}_${run}`;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * PostgreSQL database cloned from the migrated template when TEST_DATABASE_URL is set.
 * close() drops what it created.
 */
export async function createTestDatabase(options: { onQuery?: QueryWatch } = {}): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = readFileSync(inject("pgliteTemplate"));
    return openPglite({ loadDataDir: new Blob([template]), onQuery: options.onQuery });
  }
  return scratchPostgres(
    url,
    `store_test_${randomBytes(6).toString("hex")}`,
    `template ${inject("postgresTemplate")}`,
    5,
    options.onQuery,
  );
}

/**
 * An empty, unmigrated PGlite in memory: a copy of the new cluster global-setup.ts made once per
 * run. PGlite.create() without one runs initdb, which on a busy machine takes most of a test's time.
 */
export function openEmptyPglite(): Promise<DatabaseHandle> {
  return openPglite({ loadDataDir: new Blob([readFileSync(inject("pgliteEmptyTemplate"))]) });
}

/**
 * An empty, unmigrated database, for tests that apply migrations one by one: PGlite in memory,
 * or a new PostgreSQL database (named after `label`) when TEST_DATABASE_URL is set. close()
 * drops what it created.
 */
export async function createEmptyDatabase(label: string): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openEmptyPglite();
  return scratchPostgres(url, `store_${label}_${randomBytes(5).toString("hex")}`, "", 2);
}

/** A new PostgreSQL database `name` on the server of `url` (`options`: e.g. its template), opened; close() drops it. */
async function scratchPostgres(
  url: string,
  name: string,
  options: string,
  max: number,
  onQuery?: QueryWatch,
): Promise<DatabaseHandle> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} ${options}`);
  } finally {
    await admin.end();
  }
  const handle = await openPostgres(withDatabase(url, name), { max, onQuery });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
