// Bundles the server (server/main.ts and everything it imports from this repo) into one ES module,
// so the store starts by running JavaScript instead of compiling TypeScript at every start.
// Packages stay external: they are loaded from node_modules as usual.
import { chmodSync, cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { lineSourceMap } from "./line-source-map.mjs";

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
// The maps as stack traces need them (the source and line of each position, not every token's):
// `--enable-source-maps` keeps a parsed map for the life of the process (decision 063).
for (const name of ["server", "cli-main"]) {
  const file = `${out}/${name}.js.map`;
  writeFileSync(file, JSON.stringify(lineSourceMap(JSON.parse(readFileSync(file, "utf8")))));
}
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
