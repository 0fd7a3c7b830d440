import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EMBEDDED_ONLY } from "../../vitest.config";
import { ROOT } from "./cruise";
import { testKindOf } from "./test-kinds";

/**
 * The PostgreSQL run leaves out EMBEDDED_ONLY (vitest.config.ts). That is only right while each of
 * those files is an integration test that never touches the test database: a file that starts to
 * (directly or through the database helper) must leave the list, or its PostgreSQL half would never run.
 */
describe("the integration files the PostgreSQL run leaves out", () => {
  it.each(EMBEDDED_ONLY)("%s exists, is an integration test and never reads the test database", (file) => {
    expect(existsSync(path.join(ROOT, file))).toBe(true);
    expect(testKindOf(file)).toBe("integration");
    const source = readFileSync(path.join(ROOT, file), "utf8");
    expect(source).not.toMatch(
      /TEST_DATABASE_URL|helpers\/database|createTestDatabase|startAdminTest|createAccountsTestApp/,
    );
    // The store it starts is pointed away from any DATABASE_URL the test process has.
    expect(source).toMatch(/startStore|spawnStore/);
  });
});
