import { defineConfig } from "vitest/config";

// The same `~/` alias as vite.config.ts and tsconfig.json (docs/architecture.md).
const resolve = { alias: { "~": new URL("./app", import.meta.url).pathname } };

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
          include: ["domain/**/*.test.ts", "app/**/*.test.ts", "server/**/*.unit.test.ts", "tests/architecture/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve,
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["server/**/*.integration.test.ts", "tests/integration/**/*.test.ts", "tests/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite costs ~300 MB per open database; two files at a time fits the 2-core machines.
          maxWorkers: 2,
        },
      },
    ],
  },
});
