// Bundles the server (server/main.ts and everything it imports from this repo) into one ES module,
// so the store starts by running JavaScript instead of compiling TypeScript at every start.
// Packages stay external: they are loaded from node_modules as usual.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

const out = "build/server-main";
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ["server/main.ts"],
  outfile: `${out}/main.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
// The migration runner reads the committed SQL next to itself.
cpSync("server/db/migrations", `${out}/migrations`, { recursive: true });
console.log(`server bundled into ${out}/main.js`);
