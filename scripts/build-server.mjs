// Bundles the server (server/main.ts and everything it imports from this repo) into one ES module,
// so the store starts by running JavaScript instead of compiling TypeScript at every start.
// Packages stay external: they are loaded from node_modules as usual.
import { chmodSync, cpSync, rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const out = "build/server-main";
rmSync(out, { recursive: true, force: true });
await build({
  // The store and its command line (`npm run store`, server/cli/main.ts), each one file beside the
  // migrations (no shared chunks: the migration runner finds its SQL next to the file it is in).
  entryPoints: { server: "server/main.ts", "cli-main": "server/cli/main.ts" },
  outdir: out,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
// React and React Router pick their production or development builds from NODE_ENV when they are
// first imported, and static imports run before any line of the bundle: so the entry point sets
// the default first and only then loads the server. An explicit NODE_ENV (e.g. "test") is kept.
writeFileSync(`${out}/main.js`, 'process.env.NODE_ENV ??= "production";\nawait import("./server.js");\n');
writeFileSync(
  `${out}/cli.js`,
  '#!/usr/bin/env node\nprocess.env.NODE_ENV ??= "production";\nawait import("./cli-main.js");\n',
);
// The migration runner reads the committed SQL next to itself.
cpSync("server/db/migrations", `${out}/migrations`, { recursive: true });
chmodSync(`${out}/cli.js`, 0o755);
console.log(`server bundled into ${out}/main.js, the command line into ${out}/cli.js`);
