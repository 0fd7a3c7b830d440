import { describe, expect, it } from "vitest";
import {
  applicationNameOf,
  blockingConnections,
  databaseRefusal,
  type DatabaseConnection,
  type KnownMigration,
  type Manifest,
  manifestProblems,
  migrationSqlProblems,
  parseManifest,
  planMigrations,
  type RecordedMigration,
  recordNewMigrations,
  rollingUpgradeLine,
  rollingUpgradeRefusal,
} from "./migrations";

const sha = (c: string) => c.repeat(64);
const entry = (name: string, c: string, rollingUpgrade = true) => ({ name, sha256: sha(c), rollingUpgrade });
const file = (name: string, c: string) => ({ name, sha256: sha(c) });

const MANIFEST: Manifest = {
  migrations: [entry("0000_catalog.sql", "a"), entry("0001_accounts.sql", "b", false)],
};

describe("parseManifest", () => {
  it("reads a well-formed manifest", () => {
    expect(parseManifest(JSON.parse(JSON.stringify(MANIFEST)))).toEqual(MANIFEST);
  });

  it.each([
    ["no migrations list", {}, "migrations"],
    ["a name without .sql", { migrations: [{ name: "0000_catalog", sha256: sha("a"), rollingUpgrade: true }] }, "name"],
    ["a short checksum", { migrations: [{ name: "0000_a.sql", sha256: "abc", rollingUpgrade: true }] }, "sha256"],
    ["upper-case hex", { migrations: [{ name: "0000_a.sql", sha256: sha("A"), rollingUpgrade: true }] }, "sha256"],
    ["no rolling flag", { migrations: [{ name: "0000_a.sql", sha256: sha("a") }] }, "rollingUpgrade"],
    [
      "a flag that is a string",
      { migrations: [{ name: "0000_a.sql", sha256: sha("a"), rollingUpgrade: "yes" }] },
      "rollingUpgrade",
    ],
  ])("refuses %s, naming the field", (_, json, field) => {
    expect(() => parseManifest(json)).toThrow(new RegExp(`manifest\\.json.*${field}`, "s"));
  });
});

describe("manifestProblems (manifest.json against the files beside it)", () => {
  it.each<[string, ReturnType<typeof file>[], RegExp[]]>([
    ["the same names and checksums", [file("0000_catalog.sql", "a"), file("0001_accounts.sql", "b")], []],
    [
      "a new file without an entry",
      [file("0000_catalog.sql", "a"), file("0001_accounts.sql", "b"), file("0002_orders.sql", "c")],
      [
        /0002_orders\.sql is not in manifest\.json: record it with `npm run db:record -- --rolling-upgrade=yes` or `=no`/,
      ],
    ],
    [
      "a shipped file changed",
      [file("0000_catalog.sql", "a"), file("0001_accounts.sql", "f")],
      [
        /0001_accounts\.sql is not the file that was shipped .*shipped migrations never change: undo the edit and put the change in a new migration/,
      ],
    ],
    [
      "a shipped file removed",
      [file("0000_catalog.sql", "a")],
      [/0001_accounts\.sql is in manifest\.json but not on disk: shipped migrations are never removed/],
    ],
    [
      "a new file numbered before a shipped one",
      [file("0000_catalog.sql", "a"), file("0000_zz_late.sql", "d"), file("0001_accounts.sql", "b")],
      [/0000_zz_late\.sql sorts before 0001_accounts\.sql, which was shipped: give it a number after the newest/],
    ],
  ])("%s", (_, files, expected) => {
    const problems = manifestProblems(MANIFEST, files);
    expect(problems).toHaveLength(expected.length);
    expected.forEach((pattern, i) => {
      expect(problems[i]).toMatch(pattern);
    });
  });

  it("finds entries out of name order or listed twice", () => {
    const shuffled: Manifest = { migrations: [MANIFEST.migrations[1], MANIFEST.migrations[0]] };
    expect(manifestProblems(shuffled, [file("0000_catalog.sql", "a"), file("0001_accounts.sql", "b")])).toEqual([
      "manifest.json lists 0000_catalog.sql after 0001_accounts.sql: entries are in name order, each once.",
    ]);
    const twice: Manifest = { migrations: [MANIFEST.migrations[0], MANIFEST.migrations[0]] };
    expect(manifestProblems(twice, [file("0000_catalog.sql", "a")])).toEqual([
      "manifest.json lists 0000_catalog.sql after 0000_catalog.sql: entries are in name order, each once.",
    ]);
  });
});

describe("recordNewMigrations", () => {
  it("appends the files not yet listed, in name order, with the flag given", () => {
    const files = [
      file("0000_catalog.sql", "a"),
      file("0001_accounts.sql", "b"),
      file("0003_discounts.sql", "d"),
      file("0002_orders.sql", "c"),
    ];
    const { manifest, added } = recordNewMigrations(MANIFEST, files, false);
    expect(added).toEqual(["0002_orders.sql", "0003_discounts.sql"]);
    expect(manifest.migrations.slice(2)).toEqual([
      entry("0002_orders.sql", "c", false),
      entry("0003_discounts.sql", "d", false),
    ]);
    expect(manifestProblems(manifest, files)).toEqual([]);
    // The manifest given is not changed.
    expect(MANIFEST.migrations).toHaveLength(2);
  });

  it("has nothing to add when every file is listed", () => {
    expect(
      recordNewMigrations(MANIFEST, [file("0000_catalog.sql", "a"), file("0001_accounts.sql", "b")], true),
    ).toEqual({
      manifest: MANIFEST,
      added: [],
    });
  });

  it.each([
    [
      "a shipped file changed",
      [file("0000_catalog.sql", "e"), file("0001_accounts.sql", "b")],
      /shipped migrations never change/,
    ],
    ["a shipped file removed", [file("0001_accounts.sql", "b")], /never removed/],
    [
      "a new file before a shipped one",
      [file("0000_a.sql", "c"), file("0000_catalog.sql", "a"), file("0001_accounts.sql", "b")],
      /0000_a\.sql sorts before 0000_catalog\.sql/,
    ],
  ])("refuses when %s, recording nothing", (_, files, message) => {
    expect(() => recordNewMigrations(MANIFEST, files, true)).toThrow(message);
  });
});

const known = (name: string, c: string, rollingUpgrade = true): KnownMigration => ({
  name,
  sha256: sha(c),
  rollingUpgrade,
});
const recorded = (name: string, checksum: string | null, storeVersion: string | null = null): RecordedMigration => ({
  name,
  checksum: checksum && sha(checksum),
  storeVersion,
});
const CODE = [known("0000_catalog", "a"), known("0001_accounts", "b", false), known("0002_orders", "c")];

describe("planMigrations", () => {
  it.each<[string, RecordedMigration[], Partial<ReturnType<typeof planMigrations>>]>([
    [
      "a new database",
      [],
      { applied: [], pending: CODE, checksumsToFill: [], unknown: [], changed: [], outOfOrder: [] },
    ],
    [
      "one applied, with its checksum",
      [recorded("0000_catalog", "a", "0.2.0")],
      { applied: ["0000_catalog"], pending: CODE.slice(1), checksumsToFill: [] },
    ],
    [
      "applied before the manifest (no checksums): filled from it",
      [recorded("0000_catalog", null), recorded("0001_accounts", null)],
      {
        applied: ["0000_catalog", "0001_accounts"],
        pending: CODE.slice(2),
        checksumsToFill: [
          { name: "0000_catalog", sha256: sha("a") },
          { name: "0001_accounts", sha256: sha("b") },
        ],
      },
    ],
    ["up to date", CODE.map((m) => recorded(m.name, m.sha256[0])), { applied: CODE.map((m) => m.name), pending: [] }],
    [
      "a migration this version does not know",
      [...CODE.map((m) => recorded(m.name, m.sha256[0])), recorded("0003_later", "d", "0.3.0")],
      { pending: [], unknown: [recorded("0003_later", "d", "0.3.0")] },
    ],
    [
      "a recorded checksum that differs",
      [recorded("0000_catalog", "e")],
      { changed: [{ name: "0000_catalog", recorded: sha("e"), expected: sha("a") }] },
    ],
    [
      "a pending migration before an applied one",
      [recorded("0000_catalog", "a"), recorded("0002_orders", "c")],
      { pending: [CODE[1]], outOfOrder: [{ pending: "0001_accounts", applied: "0002_orders" }] },
    ],
  ])("%s", (_, rows, expected) => {
    expect(planMigrations(CODE, rows)).toMatchObject(expected);
  });
});

describe("databaseRefusal", () => {
  const code = { version: "0.2.0", migrations: CODE };
  const refusal = (rows: RecordedMigration[]) => databaseRefusal(planMigrations(CODE, rows), code);

  it.each([
    ["a new database", []],
    ["an older one", [recorded("0000_catalog", "a")]],
    ["one from before the manifest", [recorded("0000_catalog", null)]],
    ["an up-to-date one", CODE.map((m) => recorded(m.name, m.sha256[0]))],
  ])("lets %s through", (_, rows) => {
    expect(refusal(rows)).toBeUndefined();
  });

  it.each<[string, RecordedMigration[], string]>([
    [
      "a newer version's migration, naming both versions",
      [...CODE.map((m) => recorded(m.name, m.sha256[0])), recorded("0003_later", "d", "0.3.0")],
      "This database was migrated by a newer version of the store (0.3.0; its newest migration is 0003_later). " +
        "This is version 0.2.0, whose newest migration is 0002_orders, and it does not know 0003_later. " +
        "Start version 0.3.0 or later, or restore a backup made before the upgrade. Nothing was changed.",
    ],
    [
      "a newer migration whose version was not recorded",
      [recorded("0000_catalog", "a"), recorded("0009_later", null)],
      "This database was migrated by a newer version of the store (its newest migration is 0009_later). " +
        "This is version 0.2.0, whose newest migration is 0002_orders, and it does not know 0009_later. " +
        "Start the version that migrated it or a later one, or restore a backup made before the upgrade. Nothing was changed.",
    ],
    [
      "a migration no release shipped (a renumbered one of a build before the manifest)",
      [recorded("0000_catalog", "a"), recorded("0001_order_list_indexes", null)],
      "This database has migration 0001_order_list_indexes, which version 0.2.0 does not have (its newest migration is 0002_orders): " +
        "it was made by a development build from before the migration manifest, whose migrations were numbered differently. " +
        "Such databases are not supported (docs/deploy.md, Upgrades): restore a backup into a new database, or start from an empty one. Nothing was changed.",
    ],
    [
      "a changed checksum, naming the migration",
      [recorded("0000_catalog", "e", "0.2.0")],
      `Migration 0000_catalog was applied from a file with SHA-256 ${sha("e")}, but version 0.2.0 ships it with SHA-256 ${sha("a")}. ` +
        "Shipped migrations never change, so this database and this version disagree about what 0000_catalog did: " +
        "start the build that migrated it, or restore a backup into a new database. Nothing was changed.",
    ],
    [
      "a gap (a pending migration before an applied one)",
      [recorded("0000_catalog", "a"), recorded("0002_orders", "c")],
      "This database has 0002_orders but not 0001_accounts, which comes before it: it was made by a development build " +
        "from before the migration manifest, whose migrations came in another order. Such databases are not supported " +
        "(docs/deploy.md, Upgrades): restore a backup into a new database, or start from an empty one. Nothing was changed.",
    ],
  ])("refuses %s", (_, rows, message) => {
    expect(refusal(rows)).toBe(message);
  });
});

describe("rolling upgrades", () => {
  const me = applicationNameOf("0.2.0");
  const old: DatabaseConnection = {
    applicationName: "threadline/0.1.0",
    clientAddress: "10.0.0.12",
    backendStart: "2026-11-25T10:00:00.000Z",
  };
  const psql: DatabaseConnection = {
    applicationName: "",
    clientAddress: null,
    backendStart: "2026-11-25T09:00:00.000Z",
  };
  const sibling: DatabaseConnection = {
    applicationName: me,
    clientAddress: "10.0.0.13",
    backendStart: "2026-11-25T11:00:00.000Z",
  };

  it("names the store's connections by version", () => {
    expect(me).toBe("threadline/0.2.0");
  });

  it("counts every other connection but this version's", () => {
    expect(blockingConnections([old, psql, sibling], me)).toEqual([old, psql]);
  });

  it.each<[string, KnownMigration[], DatabaseConnection[], string | undefined]>([
    ["nothing pending", [], [old], undefined],
    ["only rolling-safe migrations pending", [CODE[0], CODE[2]], [old], undefined],
    ["a migration that is not rolling-safe, nobody else connected", [CODE[1]], [], undefined],
    ["a migration that is not rolling-safe, only this version connected", [CODE[1]], [sibling], undefined],
    [
      "a migration that is not rolling-safe while others are connected",
      [CODE[0], CODE[1]],
      [old, psql, sibling],
      "Migration 0001_accounts cannot be applied while instances of an older version may be using the database: " +
        "older instances would keep running on a schema they do not know (CHANGELOG.md says which upgrades are rolling-safe). " +
        "Other connections to this database now: threadline/0.1.0 from 10.0.0.12 since 2026-11-25T10:00:00.000Z; " +
        "(no application name) from (address not shown) since 2026-11-25T09:00:00.000Z. " +
        "Stop every instance, then start this one (version 0.2.0). Nothing was applied.",
    ],
  ])("%s", (_, pending, connections, message) => {
    expect(rollingUpgradeRefusal(pending, blockingConnections(connections, me), "0.2.0")).toBe(message);
  });

  it.each([
    [[], "Rolling upgrade from the previous version: safe"],
    [[{ rollingUpgrade: true }, { rollingUpgrade: true }], "Rolling upgrade from the previous version: safe"],
    [
      [{ rollingUpgrade: true }, { rollingUpgrade: false }],
      "Rolling upgrade from the previous version: not safe — stop every instance, migrate, start",
    ],
  ])("the changelog's line for %j", (entries, line) => {
    expect(rollingUpgradeLine(entries)).toBe(line);
  });
});

describe("migrationSqlProblems", () => {
  it.each<[string, string, number]>([
    ["an idempotent index", 'CREATE INDEX IF NOT EXISTS "a_idx" ON "a" USING btree ("b");', 0],
    ["a unique idempotent index", 'create unique index if not exists "a_idx" on "a" ("b");', 0],
    ["an index without IF NOT EXISTS", 'CREATE INDEX "a_idx" ON "a" USING btree ("b");', 1],
    ["a unique index without it", 'CREATE UNIQUE INDEX "a_idx" ON "a" ("b");', 1],
    ["an index made concurrently", 'CREATE INDEX CONCURRENTLY IF NOT EXISTS "a_idx" ON "a" ("b");', 1],
    ["two bad indexes", 'CREATE INDEX "a" ON "t" ("x");--> statement-breakpoint\nCREATE INDEX "b" ON "t" ("y");', 2],
    ["an index named only in a comment", '-- CREATE INDEX "a" ON "t" ("x");\nALTER TABLE "t" ADD COLUMN "c" text;', 0],
    ["no index at all", 'ALTER TABLE "t" ADD COLUMN "c" text;', 0],
  ])("%s", (_name, sql, count) => {
    expect(migrationSqlProblems(sql)).toHaveLength(count);
  });
});
