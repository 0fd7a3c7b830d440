import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POSTGRES_PASS } from "../postgres-pass";
import { ROOT } from "./cruise";
import { testKindOf } from "./test-kinds";

/** Every integration test file of the tree, relative to the root. */
function integrationFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : integrationFiles(file);
    return testKindOf(file) === "integration" ? [file] : [];
  });
}

const ALL = ["server", "tests"].flatMap(integrationFiles);

/**
 * The PostgreSQL pass runs only the files of tests/postgres-pass.ts (docs/testing.md, "The PostgreSQL
 * pass"). A file whose part runs only when TEST_DATABASE_URL is set (`if (process.env.TEST_DATABASE_URL)`)
 * would never run that part if it were not listed; a file that falls back to this machine's server
 * (`TEST_DATABASE_URL ?? …`) runs on PostgreSQL in `npm test` already.
 */
describe("the PostgreSQL pass", () => {
  it.each(Object.entries(POSTGRES_PASS))("%s exists, is an integration test and says why it is there", (file, why) => {
    expect(existsSync(path.join(ROOT, file))).toBe(true);
    expect(testKindOf(file)).toBe("integration");
    expect(why).toMatch(/^(migrations|races|locks|plans|LISTEN\/NOTIFY|pools|processes): \S/);
  });

  it("lists every integration file that has a part for PostgreSQL only", () => {
    const postgresOnly = ALL.filter((file) =>
      /process\.env\.TEST_DATABASE_URL(?!\s*\?\?)/.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(postgresOnly.length).toBeGreaterThan(0);
    expect(postgresOnly.filter((file) => !(file in POSTGRES_PASS))).toEqual([]);
  });

  it("leaves most files to the one pass on the embedded database", () => {
    expect(ALL.length).toBeGreaterThan(100);
    expect(Object.keys(POSTGRES_PASS).length).toBeLessThan(ALL.length / 2);
  });
});
