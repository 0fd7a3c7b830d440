import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { openPglite } from "../../server/db/client";
import { readMigrations } from "../../server/db/migrate";
import { products } from "../../server/db/schema";
import { startFakeS3 } from "../fakes/s3";
import { withDatabase } from "../helpers/database";
import { killRunning, startStore } from "../helpers/process";

afterEach(killRunning);

describe("the store process", () => {
  it("starts empty on a new DATA_DIR, stops gracefully on SIGTERM, and reuses its data on the next start", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-process-"));
    const first = await startStore({ DATA_DIR: dataDir, DEMO_DATA: "0" });
    const home = await (await fetch(first.url)).text();
    expect(home).toContain("No products available right now.");

    const inFlight = fetch(`${first.url}/?q=dress`);
    first.child.kill("SIGTERM");
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();

    // The database was closed cleanly: it opens again, and a product written now is served on the next start.
    const db = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    await db.db.insert(products).values({ title: "Kept between starts", priceCents: 4200, category: "Dress" });
    await db.close();

    const second = await startStore({ DATA_DIR: dataDir, DEMO_DATA: "0" });
    expect(await (await fetch(second.url)).text()).toContain("Kept between starts");
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
  }, 300_000);

  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    it("runs on PostgreSQL when DATABASE_URL is set, two instances starting at once", async () => {
      const name = `store_process_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const env = { DATABASE_URL: withDatabase(pgUrl, name), DEMO_DATA: "0" };
        const [a, b] = await Promise.all([
          startStore({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "store-process-")) }),
          startStore({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "store-process-")) }),
        ]);
        for (const s of [a, b]) {
          expect(s.child.exitCode, s.output()).toBeNull();
          expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
          s.child.kill("SIGTERM");
          expect(await s.exited).toBe(0);
        }
        expect(a.output()).toContain('"database":"postgres"');
        const store = new pg.Client({ connectionString: env.DATABASE_URL });
        await store.connect();
        const { rows } = await store.query("select count(*)::int as n from schema_migrations");
        await store.end();
        expect(rows[0].n).toBe(readMigrations().length);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 300_000);
  }

  it("stores the demo catalogue's images in S3-compatible storage when S3_BUCKET is set", async () => {
    const fake = await startFakeS3({ bucket: "images", accessKeyId: "ak" });
    try {
      const started = await startStore({
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "store-process-")),
        DEMO_DATA: "1",
        S3_BUCKET: "images",
        S3_ENDPOINT: fake.url,
        S3_ACCESS_KEY_ID: "ak",
        S3_SECRET_ACCESS_KEY: "sk",
        S3_PUBLIC_URL: "https://cdn.example.com/images",
      });
      expect(started.child.exitCode, started.output()).toBeNull();
      expect(started.output()).toContain('"kind":"s3"');
      const keys = [...fake.objects.keys()];
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => k.startsWith("products/") && k.endsWith(".webp"))).toBe(true);
      expect(await (await fetch(started.url)).text()).toContain("https://cdn.example.com/images/products/");
      started.child.kill("SIGTERM");
      expect(await started.exited).toBe(0);
    } finally {
      await fake.stop();
    }
  }, 300_000);

  it("refuses to start with a bad setting and names it", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-process-"));
    const started = await startStore({ DATA_DIR: dataDir, PORT: "not-a-port" });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain("PORT");
    expect(started.output()).toContain("Invalid configuration");
  }, 120_000);
});
