/**
 * Where each kind of test lives and how it is named (docs/architecture.md, "Tests"); the vitest
 * projects in vitest.config.ts and the Playwright config pick files up by the same rule.
 *
 * - unit: pure, no database or network. `domain/**\/*.test.ts`, `app/**\/*.test.ts`,
 *   `server/**\/*.unit.test.ts`, `tests/architecture/**\/*.test.ts`.
 * - integration: a database (PGlite or PostgreSQL), the built app or a fake provider.
 *   `server/**\/*.integration.test.ts`, `tests/integration/**\/*.test.ts`, `tests/security/**\/*.test.ts`,
 *   `tests/contracts/**\/*.test.ts` (the providers' documents against the fakes, which are local servers).
 * - e2e: a browser against the running store. `tests/e2e/**\/*.e2e.ts`.
 * - system: the built store as a child process: killed and cut off from PostgreSQL (docs/faults.md,
 *   `tests/faults/**\/*.test.ts`), or installed as a production tree (`tests/system/**\/*.test.ts`).
 *   Run once by `npm run test:system` (vitest.system.config.ts), part of `npm test`; they need the
 *   machine's PostgreSQL server.
 */
export type TestKind = "unit" | "integration" | "e2e" | "system";

const TEST_FILE = /\.test\.tsx?$/;

/** The kind of a test file, "no test" for a file that is not one, or null for a test file no project runs. */
export function testKindOf(file: string): TestKind | "no test" | null {
  if (file.startsWith("tests/e2e/") && file.endsWith(".e2e.ts")) return "e2e";
  if (!TEST_FILE.test(file)) return "no test";
  if (file.startsWith("server/")) {
    if (/\.unit\.test\.ts$/.test(file)) return "unit";
    if (/\.integration\.test\.ts$/.test(file)) return "integration";
    return null;
  }
  if (/\.(unit|integration)\.test\.tsx?$/.test(file)) return null;
  if (file.startsWith("domain/") || file.startsWith("app/") || file.startsWith("tests/architecture/")) {
    return file.endsWith(".ts") ? "unit" : null;
  }
  if (
    file.startsWith("tests/integration/") ||
    file.startsWith("tests/security/") ||
    file.startsWith("tests/contracts/")
  ) {
    return file.endsWith(".ts") ? "integration" : null;
  }
  if (file.startsWith("tests/faults/") || file.startsWith("tests/system/"))
    return file.endsWith(".ts") ? "system" : null;
  return null;
}
