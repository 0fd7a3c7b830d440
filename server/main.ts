import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createLogger } from "./logger";
import { startStore } from "./start";

/**
 * `npm start` / `npm run serve`: the store on the last build (`npm run build`). `npm run dev` is server/dev.ts.
 * This file runs bundled as build/server-main/server.js (scripts/build-server.mjs), so the build is the
 * folder above it, whatever the working directory (a container, a service manager, another folder).
 */
const BUILD_DIR = path.resolve(import.meta.dirname, "..");

startStore(
  async ({ logger }) => {
    const serverBuildFile = path.join(BUILD_DIR, "server", "index.js");
    if (!existsSync(serverBuildFile)) {
      logger.fatal("No build found: run `npm run build` (or `npm start`, which builds first).");
      process.exit(1);
    }
    const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
    return { build, clientDir: path.join(BUILD_DIR, "client") };
  },
  { consoleToLog: true },
).catch((error) => {
  // One JSON line like every other (a database folder in use, a migration that fails...), then exit.
  createLogger("info").fatal({ err: error }, `start-up failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
