import { execFile } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { png } from "../../tests/helpers/admin";
import { withDatabase as databaseUrlFor } from "../../tests/helpers/database";
import { acquireEmbeddedLock } from "../db/embedded-lock";
import { readMigrations } from "../db/migrate";
import { runCli } from "./commands";
import type { CliIo } from "./io";

import { ADMIN, environment, newDataDir, ROOT, run, STRONG, withStoreDatabase } from "../../tests/helpers/cli";
import { migratedDataDir } from "../../tests/helpers/data-dir";
import { sql } from "drizzle-orm";
import { STORE_VERSION } from "../version";

/**
 * `npm run store`: its usage, `migrate`, the commands on PostgreSQL (DATABASE_URL), and the built
 * command line run as a process without tsx.
 */

describe("npm run store: usage", () => {
  it.each([
    ["no command", [], 2, "Usage: npm run store -- <command>"],
    ["an unknown command", ["frobnicate"], 2, 'Unknown command "frobnicate"'],
    ["a missing argument", ["backup"], 2, "backup takes FILE"],
    ["an extra argument", ["migrate", "now"], 2, "migrate takes no arguments"],
  ])("%s: exit 2 and the usage", async (_, argv, code, message) => {
    const result = await run(newDataDir(), argv);
    expect(result.code).toBe(code);
    expect(result.err).toContain(message);
  });

  it("help prints every command on standard output", async () => {
    const result = await run(newDataDir(), ["help"]);
    expect(result.code).toBe(0);
    for (const name of [
      "migrate",
      "migrate --status",
      "create-admin",
      "reset-password EMAIL",
      "backup FILE",
      "restore FILE",
      "import-products FILE.csv",
      "--allow-local-images",
      "export-orders FILE.csv",
    ]) {
      expect(result.out).toContain(name);
    }
  });

  it("a bad setting is named, exit 2", async () => {
    const out: string[] = [];
    const io: CliIo = {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      readStdin: async () => undefined,
      cwd: os.tmpdir(),
    };
    const code = await runCli(["migrate"], io, { ...environment(newDataDir()), ADMIN_EMAIL: "not-an-address" });
    expect(code).toBe(2);
    expect(out.join("\n")).toContain("ADMIN_EMAIL must be an e-mail address");
  });
});

describe("migrate", () => {
  it("applies every migration once, then finds the database up to date", async () => {
    const dataDir = newDataDir();
    const first = await run(dataDir, ["migrate"]);
    expect(first.code).toBe(0);
    expect(first.out).toContain(`Applied ${readMigrations().length} migration(s)`);
    const second = await run(dataDir, ["migrate"]);
    expect(second).toMatchObject({ code: 0, out: "The database is up to date." });
  }, 60_000);

  it("--status lists applied and pending migrations, changing nothing", async () => {
    const dataDir = migratedDataDir("store-cli-");
    const all = readMigrations();
    const newest = all.at(-1)!;
    const upToDate = await run(dataDir, ["migrate", "--status"]);
    expect(upToDate.code).toBe(0);
    expect(upToDate.out.split("\n")).toEqual([
      `This version: ${STORE_VERSION}, newest migration ${newest.name}.`,
      ...all.map((m) => `applied  ${m.name}`),
      "The database is up to date.",
    ]);
    // As if the newest had not run yet (its SQL may run twice: it replaces a check).
    await withStoreDatabase(dataDir, async (database) => {
      await database.db.execute(sql`delete from schema_migrations where name = ${newest.name}`);
    });
    const pending = await run(dataDir, ["migrate", "--status"]);
    expect(pending.code).toBe(0);
    expect(pending.out).toContain(
      `pending  ${newest.name}  (rolling upgrade: ${newest.rollingUpgrade ? "safe" : "not safe"})\n` +
        "1 migration pending: the next start, or `npm run store -- migrate`, applies it.",
    );
    expect((await run(dataDir, ["migrate", "--status"])).out).toBe(pending.out);
    expect((await run(dataDir, ["migrate"])).out).toBe(`Applied 1 migration(s): ${newest.name}`);
  }, 60_000);

  it("refuses a database migrated by a newer version: --status names it, migrate and the other commands exit 1", async () => {
    const dataDir = migratedDataDir("store-cli-");
    await withStoreDatabase(dataDir, async (database) => {
      await database.db.execute(
        sql`insert into schema_migrations (name, checksum, store_version) values ('9999_from_the_future', ${"f".repeat(64)}, '9.0.0')`,
      );
    });
    const status = await run(dataDir, ["migrate", "--status"]);
    expect(status.code).toBe(1);
    expect(status.out).toContain("unknown  9999_from_the_future  (applied by 9.0.0)");
    expect(status.out).toContain(
      "The store would refuse to start: This database was migrated by a newer version of the store (9.0.0;",
    );
    for (const argv of [["migrate"], ["reset-password", ADMIN]]) {
      const refused = await run(dataDir, argv);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(
        new RegExp(
          `^${argv[0]}: This database was migrated by a newer version of the store \\(9\\.0\\.0; its newest migration is 9999_from_the_future\\)\\. This is version ${STORE_VERSION.replace(/\./g, "\\.")}`,
        ),
      );
    }
  }, 60_000);

  it("refuses with exit 3 while a store holds the embedded database", async () => {
    const dataDir = newDataDir();
    const lock = acquireEmbeddedLock(path.join(dataDir, "pglite.lock"));
    try {
      const result = await run(dataDir, ["migrate"]);
      expect(result.code).toBe(3);
      expect(result.err).toContain("in use by another store process");
    } finally {
      lock.release();
    }
  });
});

describe("the built command line", () => {
  const exec = promisify(execFile);
  it("runs without tsx: migrate, then create-admin with the password on standard input", async () => {
    const dataDir = newDataDir();
    const cli = path.join(ROOT, "build/server-main/cli.js");
    expect(existsSync(cli), "run `npm run build` first").toBe(true);
    const env = { ...process.env, ...environment(dataDir), DATABASE_URL: "" };
    const migrated = await exec(process.execPath, [cli, "migrate"], { env, cwd: ROOT });
    expect(migrated.stdout).toContain("migration(s)");
    const child = execFile(process.execPath, [cli, "create-admin"], { env, cwd: ROOT });
    child.stdin!.end(`${STRONG}\n`);
    const output = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      let stdout = "";
      child.stdout!.on("data", (d) => {
        stdout += d;
      });
      child.on("close", (code) => resolve({ code, stdout }));
    });
    expect(output).toEqual({
      code: 0,
      stdout: `The administrator account ${ADMIN} was created.\nIts password is set; sign in at /login.\n`,
    });
    const usage = await exec(process.execPath, [cli, "restore"], { env, cwd: ROOT }).catch((error) => error);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("restore takes FILE");
  }, 90_000);
});

const pgUrl = process.env.TEST_DATABASE_URL;
// With TEST_DATABASE_URL only, as tests/integration/process.test.ts does (no skipped test without it).
if (pgUrl)
  describe("on PostgreSQL (DATABASE_URL)", () => {
    it("migrates, creates the administrator and exports orders, the same commands on the other database", async () => {
      const name = `store_cli_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const env = { DATABASE_URL: databaseUrlFor(pgUrl!, name) };
        const dataDir = newDataDir();
        expect((await run(dataDir, ["migrate"], { env })).out).toContain(
          `Applied ${readMigrations().length} migration(s)`,
        );
        expect((await run(dataDir, ["create-admin"], { env, stdin: STRONG })).out).toContain("was created");
        const exported = await run(dataDir, ["export-orders", "orders.csv"], { env });
        expect(exported).toMatchObject({ code: 0, out: `Exported 0 order(s) to ${path.join(dataDir, "orders.csv")}.` });
        const store = new pg.Client({ connectionString: env.DATABASE_URL });
        await store.connect();
        const { rows } = await store.query("select email, email_verified from users");
        await store.end();
        expect(rows).toEqual([{ email: ADMIN, email_verified: true }]);
        // No embedded database was made beside it.
        expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 120_000);

    it("import-products tells the running stores on that database of each new product (NOTIFY), so their caches empty", async () => {
      const name = `store_cli_notify_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const env = { DATABASE_URL: databaseUrlFor(pgUrl!, name) };
      const listener = new pg.Client({ connectionString: env.DATABASE_URL });
      try {
        const dataDir = newDataDir();
        expect((await run(dataDir, ["migrate"], { env })).code).toBe(0);
        await listener.connect();
        const heard: { origin: string; event: { type: string; productId: string } }[] = [];
        listener.on("notification", (message) => heard.push(JSON.parse(message.payload ?? "{}")));
        await listener.query("listen store_events");
        writeFileSync(path.join(dataDir, "front.png"), await png("#c2b280"));
        writeFileSync(
          path.join(dataDir, "two.csv"),
          "title,category,price,description,sizes,colours,stock,images\nLinen Top,Dress,40,Linen.,S|M,,3,front.png\nWool Scarf,Accessories,20,Wool.,,,5,front.png\n",
        );
        expect(await run(dataDir, ["import-products", "--allow-local-images", "two.csv"], { env })).toMatchObject({
          code: 0,
          out: "Imported 2 product(s).",
        });
        await expect.poll(() => heard.length).toBe(2);
        const store = new pg.Client({ connectionString: env.DATABASE_URL });
        await store.connect();
        const { rows } = await store.query("select id from products order by created_at");
        await store.end();
        expect(heard.map((h) => h.event)).toEqual(rows.map((r) => ({ type: "product.added", productId: r.id })));
        expect(heard.every((h) => h.origin === "command-line")).toBe(true);
      } finally {
        await listener.end().catch(() => {});
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 120_000);
  });
