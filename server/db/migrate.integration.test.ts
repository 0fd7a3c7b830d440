import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { withDatabase } from "../../tests/helpers/database";
import { openPglite, openPostgres } from "./client";
import { migrate, readMigrations } from "./migrate";

describe("migrate", () => {
  it("applies every committed migration once and records it", async () => {
    const handle = await openPglite();
    try {
      const all = readMigrations().map((m) => m.name);
      expect(all.length).toBeGreaterThan(0);
      expect(await migrate(handle)).toEqual(all);
      expect(await migrate(handle)).toEqual([]);
      const session = await handle.session();
      const { rows } = await session.query("select name from schema_migrations order by name");
      expect(rows.map((r) => r.name)).toEqual(all);
    } finally {
      await handle.close();
    }
  });

  it("rolls back a failing migration and names it", async () => {
    const handle = await openPglite();
    try {
      const broken = [
        { name: "0001_ok", sql: "create table t_ok (id int);" },
        { name: "0002_bad", sql: "create table t_bad (id int); select * from no_such_table;" },
      ];
      await expect(migrate(handle, broken)).rejects.toThrow(/Migration 0002_bad failed/);
      const session = await handle.session();
      const { rows } = await session.query(
        "select count(*)::int as n from information_schema.tables where table_name in ('t_ok', 't_bad')",
      );
      expect(rows[0].n).toBe(1);
      expect((await session.query("select name from schema_migrations")).rows).toEqual([{ name: "0001_ok" }]);
    } finally {
      await handle.close();
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  // Two store instances starting at once against one PostgreSQL. Only meaningful with a server; the PGlite run
  // checks the same runner above. (This branch is chosen by the environment, not skipped: CI runs both.)
  it(`lets two instances migrate one database at once (${url ? "PostgreSQL" : "PGlite: sequential"})`, async () => {
    if (!url) {
      const handle = await openPglite();
      const results = [await migrate(handle), await migrate(handle)];
      expect(results.flat()).toEqual(readMigrations().map((m) => m.name));
      await handle.close();
      return;
    }
    const name = `store_migrate_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const a = await openPostgres(withDatabase(url, name), { max: 2 });
    const b = await openPostgres(withDatabase(url, name), { max: 2 });
    try {
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      expect([...ra, ...rb].sort()).toEqual(readMigrations().map((m) => m.name));
      const session = await a.session();
      const { rows } = await session.query("select count(*)::int as n from schema_migrations");
      session.release();
      expect(rows[0].n).toBe(readMigrations().length);
    } finally {
      await a.close();
      await b.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
