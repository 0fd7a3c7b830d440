import { defineConfig } from "vitest/config";

// Read here, in the main process, so the workers inherit it (tests/helpers/database.ts reads it).
process.env.TEST_DATABASE_URL ||= "postgres://postgres@127.0.0.1:5432/test";

// The fault tests (docs/faults.md): the built store as a child process on PostgreSQL, killed and
// cut off from its database. `npm run test:faults` after `npm run build`; TEST_DATABASE_URL names
// the server (default: this machine's, as .ci/run). Not part of `npm test`, which needs no server.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    name: "faults",
    include: ["tests/faults/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/faults/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts store processes of its own: one file at a time on the 2-core machines.
    fileParallelism: false,
  },
});
