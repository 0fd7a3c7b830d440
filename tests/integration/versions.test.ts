import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { version } from "../../package.json";
import { openPglite } from "../../server/db/client";
import { readMigrations } from "../../server/db/migrate";
import { migratedDataDir } from "../helpers/data-dir";
import { killRunning, spawnStore, startStore } from "../helpers/process";

/**
 * The built store says which version it is, and refuses to start on a database a newer version
 * migrated (docs/decisions/041-migration-manifest-and-versions.md). `npm run build` first.
 */

afterEach(killRunning);

/** The JSON log lines of a store's output with message `msg`. */
const linesWith = (output: string, msg: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg: string; version?: string })
    .filter((line) => line.msg === msg);

describe("the store's version", () => {
  it("is in the start-up log lines and in /readyz", async () => {
    const started = await startStore({ DATA_DIR: migratedDataDir("store-version-"), DEMO_DATA: "0" });
    const ready = await fetch(`${started.url}/readyz`);
    expect(ready.status, started.output()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", version });
    // Ready means the lines were written; the pipe may hand them over a moment after /readyz answers.
    await expect.poll(() => linesWith(started.output(), "store ready")).toHaveLength(1);
    expect(linesWith(started.output(), "store listening, starting").map((l) => l.version)).toEqual([version]);
    expect(linesWith(started.output(), "store ready").map((l) => l.version)).toEqual([version]);
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
  }, 120_000);
});

describe("a database migrated by a newer version", () => {
  it("makes the store refuse to start, naming both versions, and changes nothing", async () => {
    const dataDir = migratedDataDir("store-version-");
    const database = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    const session = await database.session();
    await session.query(
      "insert into schema_migrations (name, checksum, store_version) values ('9999_from_the_future', $1, '9.0.0')",
      ["f".repeat(64)],
    );
    const before = (await session.query("select * from schema_migrations order by name")).rows;
    await database.close();

    const started = await spawnStore({ DATA_DIR: dataDir, DEMO_DATA: "0" });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain(
      "This database was migrated by a newer version of the store (9.0.0; its newest migration is 9999_from_the_future). " +
        `This is version ${version}, whose newest migration is ${readMigrations().at(-1)!.name}, and it does not know 9999_from_the_future.`,
    );

    const after = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    const rows = (await (await after.session()).query("select * from schema_migrations order by name")).rows;
    await after.close();
    expect(rows).toEqual(before);
  }, 120_000);
});
