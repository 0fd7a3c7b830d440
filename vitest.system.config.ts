import { defineConfig } from "vitest/config";

// Read here, in the main process, so the workers inherit it (tests/helpers/database.ts reads it).
process.env.TEST_DATABASE_URL ||= "postgres://postgres@127.0.0.1:5432/test";

// The system tests: the built store as a child process. tests/faults/ (docs/faults.md) kill it and
// cut it off from PostgreSQL; tests/system/ install and run the production tree the way the
// Dockerfile does. `npm run test:system` after `npm run build` (`npm test` runs it);
// TEST_DATABASE_URL names the PostgreSQL server (default: this machine's, as .ci/run).
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    name: "system",
    include: ["tests/faults/**/*.test.ts", "tests/system/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/faults/global-setup.ts"],
    // The fakes' check against the providers' documents (tests/contracts/README.md).
    setupFiles: ["tests/contracts/setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts store processes of its own: one file at a time on the 2-core machines.
    fileParallelism: false,
  },
});
