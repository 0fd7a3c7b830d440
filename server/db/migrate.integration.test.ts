import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createEmptyDatabase, createTestDatabase, openEmptyPglite, withDatabase } from "../../tests/helpers/database";
import { allMigrations, migrationsFolder } from "../../tests/helpers/migration-test";
import { STORE_VERSION } from "../version";
import { type DatabaseHandle, openPglite, openPostgres, type RawSession } from "./client";
import { MigrationRefusedError, migrate, migrationStatus, readMigrations } from "./migrate";

/**
 * The migration runner (docs/decisions/002-own-migration-runner.md, 041-migration-manifest-and-versions.md):
 * each migration in its own transaction, recorded with its checksum and version; a database this
 * version must not run on refused with nothing changed; on PostgreSQL, a migration that is not
 * rolling-safe refused while other versions are connected.
 */

const url = process.env.TEST_DATABASE_URL;

/** Every database a test opened, with its session: released and closed (on PostgreSQL dropped) after it. */
const opened: { handle: DatabaseHandle; session?: RawSession }[] = [];
afterEach(async () => {
  for (const { handle, session } of opened.splice(0)) {
    session?.release();
    await handle.close();
  }
});
async function withSession(handle: DatabaseHandle) {
  const session = await handle.session();
  opened.push({ handle, session });
  return { handle, session };
}
const empty = async (label: string) => withSession(await createEmptyDatabase(label));
const migrated = async () => withSession(await createTestDatabase());

const rowsOf = async (session: RawSession) =>
  (await session.query("select name, checksum, store_version from schema_migrations order by name")).rows;
const tableExists = async (session: RawSession, table: string) =>
  (await session.query("select to_regclass($1) is not null as found", [table])).rows[0].found;

/** The same migrations, with `extra` after them, as a folder of their own. */
const shippedAnd = (...extra: { name: string; sql: string; rollingUpgrade?: boolean }[]) =>
  readMigrations(migrationsFolder([...allMigrations, ...extra]));

/**
 * How the runner released in 0.1.0 (server/db/migrate.ts at 53503f3) recorded migrations: a
 * schema_migrations table of names only, each migration in its own transaction.
 */
async function migrateAsBefore(session: RawSession, migrations: { name: string; sql: string }[]) {
  await session.exec(
    "create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())",
  );
  for (const migration of migrations) {
    await session.exec("begin");
    await session.exec(migration.sql.split("--> statement-breakpoint").join("\n"));
    await session.query("insert into schema_migrations (name) values ($1)", [migration.name]);
    await session.exec("commit");
  }
}

describe("migrate", () => {
  it("applies every committed migration once and records each with its checksum and this version", async () => {
    const handle = await openEmptyPglite();
    try {
      const all = readMigrations().map((m) => m.name);
      expect(all.length).toBeGreaterThan(0);
      expect(await migrate(handle)).toEqual(all);
      expect(await migrate(handle)).toEqual([]);
      const session = await handle.session();
      expect(await rowsOf(session)).toEqual(
        readMigrations().map((m) => ({ name: m.name, checksum: m.sha256, store_version: STORE_VERSION })),
      );
    } finally {
      await handle.close();
    }
  });

  it(`runs each migration in its own transaction: a failing one leaves nothing of itself and stops there (${url ? "PostgreSQL" : "PGlite"})`, async () => {
    const { handle, session } = await empty("migrate_failing");
    const folder = migrationsFolder([
      { name: "0000_ok", sql: "create table t_ok (id int);" },
      {
        name: "0001_bad",
        sql: "create table t_bad (id int);--> statement-breakpoint\ncreate index t_bad_idx on t_bad (id);--> statement-breakpoint\nselect * from no_such_table;",
      },
      { name: "0002_after", sql: "create table t_after (id int);" },
    ]);
    const migrations = readMigrations(folder);
    await expect(migrate(handle, migrations)).rejects.toThrow(/^Migration 0001_bad failed: .*no_such_table/);
    expect(await tableExists(session, "t_ok")).toBe(true);
    expect(await tableExists(session, "t_bad")).toBe(false);
    expect(await tableExists(session, "t_bad_idx")).toBe(false);
    expect(await tableExists(session, "t_after")).toBe(false);
    expect(await rowsOf(session)).toEqual([
      { name: "0000_ok", checksum: migrations[0].sha256, store_version: STORE_VERSION },
    ]);
    // Mended (a new build with the migration fixed, never shipped in between): it carries on from there.
    const mended = readMigrations(
      migrationsFolder([
        { name: "0000_ok", sql: "create table t_ok (id int);" },
        { name: "0001_bad", sql: "create table t_bad (id int);" },
        { name: "0002_after", sql: "create table t_after (id int);" },
      ]),
    );
    expect(await migrate(handle, mended)).toEqual(["0001_bad", "0002_after"]);
  });

  // Two store instances starting at once against one PostgreSQL. Only meaningful with a server; the PGlite run
  // checks the same runner above. (This branch is chosen by the environment, not skipped: CI runs both.)
  it(`lets two instances migrate one database at once (${url ? "PostgreSQL" : "PGlite: sequential"})`, async () => {
    if (!url) {
      const handle = await openEmptyPglite();
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

describe("a database checked against this version's migrations", () => {
  const newest = allMigrations.at(-1)!.name;

  it("refuses a database migrated by a newer version, naming both versions, and changes nothing", async () => {
    const { handle, session } = await migrated();
    const future = shippedAnd({ name: "9999_from_the_future", sql: "create table future_things (id int);" });
    expect(await migrate(handle, future, { version: "9.0.0" })).toEqual(["9999_from_the_future"]);
    const before = await rowsOf(session);

    const refusal = migrate(handle);
    await expect(refusal).rejects.toThrow(MigrationRefusedError);
    await expect(refusal).rejects.toThrow(
      `This database was migrated by a newer version of the store (9.0.0; its newest migration is 9999_from_the_future). ` +
        `This is version ${STORE_VERSION}, whose newest migration is ${newest}, and it does not know 9999_from_the_future.`,
    );
    expect(await rowsOf(session)).toEqual(before);

    const status = await migrationStatus(handle);
    expect(status.plan.unknown.map((r) => [r.name, r.storeVersion])).toEqual([["9999_from_the_future", "9.0.0"]]);
    expect(status.refusal).toMatch(/newer version/);
  });

  it("refuses a migration recorded with another checksum, naming it, and changes nothing", async () => {
    const { handle, session } = await migrated();
    await session.query("update schema_migrations set checksum = $1 where name = '0005_color_images'", [
      "0".repeat(64),
    ]);
    const before = await rowsOf(session);
    await expect(migrate(handle)).rejects.toThrow(
      `Migration 0005_color_images was applied from a file with SHA-256 ${"0".repeat(64)}, but version ${STORE_VERSION} ships it with SHA-256`,
    );
    expect(await rowsOf(session)).toEqual(before);
  });

  it("brings a database of 0.1.0 (migrated before the manifest) up to date, checksums filled from the manifest", async () => {
    const { handle, session } = await empty("migrate_from_010");
    const released = allMigrations.filter((m) => m.name <= "0012_discount_codes");
    await migrateAsBefore(session, released);
    const pending = allMigrations.filter((m) => m.name > "0012_discount_codes").map((m) => m.name);

    const status = await migrationStatus(handle);
    expect(status.plan.applied).toEqual(released.map((m) => m.name));
    expect(status.plan.pending.map((m) => m.name)).toEqual(pending);
    expect(status.refusal).toBeUndefined();

    expect(await migrate(handle)).toEqual(pending);
    expect(await rowsOf(session)).toEqual(
      allMigrations.map((m) => ({
        name: m.name,
        checksum: m.sha256,
        store_version: pending.includes(m.name) ? STORE_VERSION : null,
      })),
    );
    expect(await migrate(handle)).toEqual([]);
  });

  // Two databases of development builds before the manifest, whose migrations were renumbered
  // later: before, the runner applied the others and failed half-way, at 0006 and 0009.
  it.each([
    ["b5e9f45", "0003_order_list_indexes", "0006_order_list_indexes", "0002_orders"],
    ["8263fe4", "0008_price_desc_index", "0009_price_desc_index", "0007_sandbox_orders_and_checkout_reuse"],
  ])(
    "refuses a database of build %s (%s, renumbered %s later) and changes nothing",
    async (_, oldName, newName, upTo) => {
      const { handle, session } = await empty("migrate_renumbered");
      const same = allMigrations.find((m) => m.name === newName)!;
      await migrateAsBefore(session, [
        ...allMigrations.filter((m) => m.name <= upTo),
        { name: oldName, sql: same.sql },
      ]);
      const names = async () => (await session.query("select * from schema_migrations order by name")).rows;
      const before = await names();
      await expect(migrate(handle)).rejects.toThrow(
        `This database has migration ${oldName}, which version ${STORE_VERSION} does not have (its newest migration is ${newest}): ` +
          "it was made by a development build from before the migration manifest",
      );
      // Not even the checksum columns were added.
      expect(await names()).toEqual(before);
      // Not one of the migrations after it was tried (0004 would have added this column).
      const { rows } = await session.query(
        "select count(*)::int as n from information_schema.columns where table_name = 'reviews' and column_name = 'updated_at'",
      );
      expect(rows[0].n).toBe(upTo === "0002_orders" ? 0 : 1);
      expect(before.map((r) => r.name)).toContain(oldName);
    },
  );
});

/** A migration that is not rolling-safe after the shipped ones, and a rolling-safe one. */
const UNSAFE = {
  name: "9000_rename_a_column",
  sql: "alter table products rename column title to name;",
  rollingUpgrade: false,
};
const SAFE = {
  name: "9000_an_index",
  sql: "create index products_title_idx on products (title);",
  rollingUpgrade: true,
};

if (url)
  describe("a migration that is not rolling-safe, on PostgreSQL", () => {
    /** A connection as a store of `version` makes it, to the database of `handle`, open until the test ends. */
    async function connectAs(version: string, handle: DatabaseHandle) {
      const client = new pg.Client({
        connectionString: handle.connectionString,
        application_name: `threadline/${version}`,
      });
      await client.connect();
      clients.push(client);
      return client;
    }
    const clients: pg.Client[] = [];
    afterEach(async () => {
      for (const client of clients.splice(0)) await client.end();
    });

    it("is refused while an older version is connected, naming it, and nothing is applied", async () => {
      const { handle, session } = await migrated();
      const old = await connectAs("0.1.0", handle);
      const { rows } = await old.query("select backend_start from pg_stat_activity where pid = pg_backend_pid()");
      const since = (rows[0].backend_start as Date).toISOString();
      const before = await rowsOf(session);

      const refusal = migrate(handle, shippedAnd(UNSAFE));
      await expect(refusal).rejects.toThrow(MigrationRefusedError);
      await expect(refusal).rejects.toThrow(
        `Migration 9000_rename_a_column cannot be applied while instances of an older version may be using the database`,
      );
      await expect(refusal).rejects.toThrow(`threadline/0.1.0 from 127.0.0.1 since ${since}`);
      await expect(refusal).rejects.toThrow(
        `Stop every instance, then start this one (version ${STORE_VERSION}). Nothing was applied.`,
      );
      expect(await rowsOf(session)).toEqual(before);
      const { rows: columns } = await session.query(
        "select column_name from information_schema.columns where table_name = 'products' and column_name in ('title', 'name')",
      );
      expect(columns).toEqual([{ column_name: "title" }]);

      const status = await migrationStatus(handle, shippedAnd(UNSAFE));
      expect(status.rollingRefusal).toMatch(/threadline\/0\.1\.0 from 127\.0\.0\.1/);

      // Every older instance stopped: it is applied.
      await old.end();
      clients.splice(0);
      expect(await migrate(handle, shippedAnd(UNSAFE))).toEqual([UNSAFE.name]);
    });

    it("is applied while only instances of this version are connected", async () => {
      const { handle } = await migrated();
      await connectAs(STORE_VERSION, handle);
      expect(await migrate(handle, shippedAnd(UNSAFE))).toEqual([UNSAFE.name]);
    });

    it("a rolling-safe migration is applied while an older version is connected", async () => {
      const { handle, session } = await migrated();
      await connectAs("0.1.0", handle);
      expect(await migrate(handle, shippedAnd(SAFE))).toEqual([SAFE.name]);
      expect(await tableExists(session, "products_title_idx")).toBe(true);
    });

    it("the store's own connections say which version they are", async () => {
      const { session } = await migrated();
      const { rows } = await session.query("select current_setting('application_name') as name");
      expect(rows).toEqual([{ name: `threadline/${STORE_VERSION}` }]);
    });
  });

describe("a migration that is not rolling-safe, on the embedded database", () => {
  // PGlite is opened by one process (its lock file, server/db/embedded-lock.ts): no older instance can be on it.
  it("is applied: nobody else can be connected", async () => {
    const handle = await openPglite({ loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
    opened.push({ handle });
    expect(await migrate(handle, shippedAnd(UNSAFE))).toEqual([UNSAFE.name]);
  });
});
