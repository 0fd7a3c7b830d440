import { defineConfig } from "vitest/config";
import { POSTGRES_PASS } from "./tests/postgres-pass";

// The same `~/` alias as vite.config.ts and tsconfig.json (docs/architecture.md).
const resolve = { alias: { "~": new URL("./app", import.meta.url).pathname } };

/**
 * `npm run test:postgres` (POSTGRES_PASS=1, TEST_DATABASE_URL set) runs only the integration files whose
 * answer can differ on PostgreSQL (tests/postgres-pass.ts says which and why); `npm test` runs every
 * integration file once, on PGlite.
 */
const postgresPass = process.env.POSTGRES_PASS === "1";

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          // Which project a test file belongs to follows from its path and name (docs/architecture.md,
          // "Tests"); tests/architecture/test-names.test.ts fails on a file that matches neither.
          include: [
            "domain/**/*.test.ts",
            "app/**/*.test.ts",
            "server/**/*.unit.test.ts",
            "tests/architecture/**/*.test.ts",
          ],
          environment: "node",
          // Pure functions and small modules: one module graph per worker, not per file (4 s instead of
          // 18 s here). vi.mock stays per file (app/lib/live.test.ts mocks ~/lib/toast; toast.test.ts
          // still gets the real one after it in the same worker). Decision 038.
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: postgresPass
            ? Object.keys(POSTGRES_PASS)
            : [
                "server/**/*.integration.test.ts",
                "tests/integration/**/*.test.ts",
                "tests/security/**/*.test.ts",
                "tests/contracts/**/*.test.ts",
              ],
          // A request to a fake PayPal or Stripe, or its answer, that breaks the provider's document fails the test.
          setupFiles: ["tests/contracts/setup.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite costs ~300 MB per open database; two files at a time fits the 2-core machines.
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
