import { configDefaults, defineConfig } from "vitest/config";

// The same `~/` alias as vite.config.ts and tsconfig.json (docs/architecture.md).
const resolve = { alias: { "~": new URL("./app", import.meta.url).pathname } };

/**
 * Integration files that start the store (or its command line) as a child process on an embedded
 * database of its own, with DATABASE_URL emptied, and never read TEST_DATABASE_URL. The run on
 * PostgreSQL (TEST_DATABASE_URL set, as .ci/run does after `npm test`) would repeat them unchanged,
 * so it leaves them out; `npm test` runs them once. tests/architecture/embedded-only.test.ts keeps
 * this list honest.
 */
export const EMBEDDED_ONLY = [
  "tests/integration/backup.test.ts",
  "tests/integration/dev-server.test.ts",
  "tests/integration/start-and-stop.test.ts",
  "tests/security/startup.test.ts",
  "tests/security/file-permissions.test.ts",
  "tests/security/network-bind.test.ts",
  "tests/integration/versions.test.ts",
];

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
          include: [
            "server/**/*.integration.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/security/**/*.test.ts",
            "tests/contracts/**/*.test.ts",
          ],
          // A request to a fake PayPal or Stripe, or its answer, that breaks the provider's document fails the test.
          setupFiles: ["tests/contracts/setup.ts"],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? EMBEDDED_ONLY : [])],
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
