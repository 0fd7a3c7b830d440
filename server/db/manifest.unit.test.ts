import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  IDEMPOTENT_INDEXES_FROM,
  manifestProblems,
  migrationSqlProblems,
  rollingUpgradeLine,
} from "../../domain/migrations";
import { MANIFEST_FILE, MIGRATIONS_DIR, migrationFiles, readManifest, readMigrations } from "./migrate";

/**
 * server/db/migrations/manifest.json is the list of shipped migrations (decision 041): this
 * checks it against the files on disk, and CHANGELOG.md against it.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("the migration manifest", () => {
  it("lists every migration file, byte for byte, and nothing else", () => {
    const problems = manifestProblems(readManifest(), migrationFiles());
    expect(problems, problems.join("\n")).toEqual([]);
    expect(readManifest().migrations.map((m) => m.name)).toEqual(migrationFiles().map((f) => f.name));
  });

  it(`creates indexes idempotently and never concurrently from ${IDEMPOTENT_INDEXES_FROM} on`, () => {
    const newer = readManifest().migrations.filter((m) => m.name >= IDEMPOTENT_INDEXES_FROM);
    expect(newer.length).toBeGreaterThan(0);
    const problems = newer.flatMap((m) =>
      migrationSqlProblems(readFileSync(path.join(MIGRATIONS_DIR, m.name), "utf8")).map((p) => `${m.name}: ${p}`),
    );
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("numbers the migrations 0000, 0001, … without a gap", () => {
    const numbers = readManifest().migrations.map((m) => Number(m.name.slice(0, 4)));
    expect(numbers).toEqual(numbers.map((_, i) => i));
  });

  describe("a copy of the migrations folder, changed", () => {
    let dir = "";
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const copy = () => {
      dir = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      return dir;
    };
    const newest = () => readManifest().migrations.at(-1)!.name;
    const next = () => `${String(Number(newest().slice(0, 4)) + 1).padStart(4, "0")}_new_table.sql`;

    it.each<[string, (dir: string) => void, RegExp]>([
      [
        "a new migration without an entry",
        (d) => writeFileSync(path.join(d, next()), "create table t (id int);"),
        /_new_table\.sql is not in manifest\.json: record it with `npm run db:record -- --rolling-upgrade=yes` or `=no`/,
      ],
      [
        "a shipped migration changed",
        (d) => writeFileSync(path.join(d, newest()), `${readFileSync(path.join(d, newest()), "utf8")}\n-- edited`),
        /is not the file that was shipped .*shipped migrations never change/,
      ],
      [
        "a shipped migration removed",
        (d) => rmSync(path.join(d, "0005_color_images.sql")),
        /0005_color_images\.sql is in manifest\.json but not on disk: shipped migrations are never removed/,
      ],
      ["no manifest", (d) => rmSync(path.join(d, MANIFEST_FILE)), /manifest\.json is missing/],
      [
        "a manifest that is not JSON",
        (d) => writeFileSync(path.join(d, MANIFEST_FILE), "{"),
        /manifest\.json cannot be read/,
      ],
    ])("refuses %s, saying what to do", (_, change, message) => {
      const folder = copy();
      expect(readMigrations(folder)).toHaveLength(readManifest().migrations.length);
      change(folder);
      expect(() => readMigrations(folder)).toThrow(message);
    });
  });
});

/** CHANGELOG.md's sections: version, the migrations it lists and its rolling-upgrade line. */
function changelogVersions() {
  const text = readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8");
  return text
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const version = /^\[([^\]]+)\]/.exec(section)?.[1];
      const listed = /^Migrations: (.*(?:\n(?!\n).*)*)/m.exec(section)?.[1] ?? "";
      const migrations = [...listed.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      const rolling = /Rolling upgrade from the previous version: [^.*\n]*/.exec(section)?.[0];
      return { version, migrations, rolling };
    });
}

describe("CHANGELOG.md", () => {
  const versions = changelogVersions();
  const manifest = readManifest().migrations.map((m) => ({ ...m, name: m.name.replace(/\.sql$/, "") }));

  it("starts with package.json's version", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(versions[0].version).toBe(pkg.version);
  });

  it("lists every migration in the version that adds it, once, newest version first", () => {
    const inOrder = [...versions].reverse().flatMap((v) => v.migrations);
    expect(inOrder).toEqual(manifest.map((m) => m.name));
  });

  it("says for each version whether a rolling upgrade is safe, as its migrations' flags say", () => {
    for (const { version, migrations, rolling } of versions) {
      const added = manifest.filter((m) => migrations.includes(m.name));
      expect(rolling, `CHANGELOG.md, ${version}`).toBe(rollingUpgradeLine(added));
    }
  });
});
