import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migratedDataDir } from "../../tests/helpers/data-dir";
import { readLastBackup } from "../backup/last-backup";
import { acquireEmbeddedLock } from "../db/embedded-lock";
import { products } from "../db/schema";
import { runCli } from "./commands";
import type { CliIo } from "./io";

import { ADMIN, authOf, environment, newDataDir, page, run, STRONG, withStoreDatabase } from "../../tests/helpers/cli";

/** `backup` and `restore` with the store stopped, and their refusal on PostgreSQL (docs/command-line.md). */

describe("backup and restore (store stopped)", () => {
  it("backs up, refuses a damaged file and a restore while the store runs, and restores what was there", async () => {
    const dataDir = migratedDataDir("store-cli-");
    expect((await run(dataDir, ["create-admin"], { stdin: STRONG })).code).toBe(0);
    mkdirSync(path.join(dataDir, "media", "products"), { recursive: true });
    writeFileSync(path.join(dataDir, "media", "products", "kept-640.webp"), "picture bytes");
    await withStoreDatabase(dataDir, (database) =>
      database.db
        .insert(products)
        .values({ title: "Backed up", priceCents: 4200, category: "Dress", imageUrls: ["/media/products/kept"] }),
    );

    // A backup that fails records nothing; one written and checked is recorded for /metrics.
    expect((await run(dataDir, ["backup", "no-such-folder/store.tar.gz"])).code).not.toBe(0);
    expect(await readLastBackup(dataDir)).toBeUndefined();
    const before = Date.now();
    const backup = await run(dataDir, ["backup", "store.tar.gz"]);
    expect(backup.code).toBe(0);
    expect(backup.out).toContain("1 products, 1 accounts, 0 sessions, 0 orders, 1 image files");
    const file = path.join(dataDir, "store.tar.gz");
    const recorded = await readLastBackup(dataDir);
    expect(recorded?.file).toBe(file);
    expect(Date.parse(recorded!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(recorded!.createdAt)).toBeLessThanOrEqual(Date.parse(recorded!.checkedAt));
    expect(Date.parse(recorded!.checkedAt)).toBeLessThanOrEqual(Date.now());

    const damaged = path.join(dataDir, "damaged.tar.gz");
    writeFileSync(damaged, readFileSync(file).subarray(0, 2000));
    const refused = await run(dataDir, ["restore", "damaged.tar.gz"]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("is not a usable backup");

    const lock = acquireEmbeddedLock(path.join(dataDir, "pglite.lock"));
    try {
      expect((await run(dataDir, ["restore", "store.tar.gz"])).code).toBe(3);
    } finally {
      lock.release();
    }

    // Lost: the database and the images.
    rmSync(path.join(dataDir, "pglite"), { recursive: true });
    rmSync(path.join(dataDir, "media"), { recursive: true });
    const restored = await run(dataDir, ["restore", "store.tar.gz"]);
    expect(restored.code).toBe(0);
    expect(restored.out).toContain("1 products, 1 accounts, 0 sessions, 0 orders, 1 image files");
    expect(readFileSync(path.join(dataDir, "media", "products", "kept-640.webp"), "utf8")).toBe("picture bytes");
    await withStoreDatabase(dataDir, async (database) => {
      expect((await database.db.select().from(products)).map((p) => p.title)).toEqual(["Backed up"]);
      expect((await authOf(database, dataDir).signIn(page(), { email: ADMIN, password: STRONG })).ok).toBe(true);
    });
  }, 120_000);

  it("on PostgreSQL refuses with pg_dump guidance", async () => {
    const out: string[] = [];
    const io: CliIo = {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      readStdin: async () => undefined,
      cwd: os.tmpdir(),
    };
    const code = await runCli(["backup", "x.tar.gz"], io, {
      ...environment(newDataDir()),
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
    });
    expect(code).toBe(1);
    expect(out.join("\n")).toContain("pg_dump --format=custom");
  });
});
