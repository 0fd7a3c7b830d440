/**
 * The layering rules of docs/architecture.md ("Layers"), checked by
 * tests/architecture/layers.test.ts in `npm test` and by `npm run lint:arch`.
 * Decision record: docs/decisions/015-layering-rules-checked.md.
 * @type {import("dependency-cruiser").IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "domain-stays-pure",
      severity: "error",
      comment: "domain/ holds the rules as pure functions: it imports nothing of the project outside domain/.",
      from: { path: "^domain/" },
      to: { path: "^(app|server|scripts|bench)/" },
    },
    {
      name: "app-imports-server-types-only",
      severity: "error",
      comment:
        "app/ reaches server code only through the load context (docs/decisions/001); an import of server/ must be `import type`.",
      from: { path: "^app/" },
      to: { path: "^server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-never-imports-app",
      severity: "error",
      comment: "The server does not depend on the UI; the types both share live in domain/ or server/.",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "db-only-inside-server",
      severity: "error",
      comment:
        "Tables and the database client are the services' business: only server/ (and the tests' and scripts' set-up) imports server/db/.",
      from: { path: "^(app|domain)/" },
      to: { path: "^server/db/" },
    },
    {
      name: "no-module-cycles",
      severity: "error",
      comment: "No import cycle between modules.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-area-cycles",
      severity: "error",
      comment:
        "No import cycle between folders (e.g. server/orders and server/payments): an area depends on another one way only.",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Tests are the harness, not a layer: test files and tests/ may import any layer (they set up
    // databases, fakes and fixtures), so they are left out of the graph (docs/architecture.md).
    exclude: { path: ["(^|/)(node_modules|build|\\.react-router)/", "^tests/", "\\.test\\.ts$"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
