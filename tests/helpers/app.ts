import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { type Config, loadConfig } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/client";
import { createApp } from "../../server/http/app";
import { createLogger, type Logger } from "../../server/logger";
import { createServices } from "../../server/services";
import type { DiskSpaceIo } from "../../server/storage/free-space";
import { createLocalStorage } from "../../server/storage/local";

const BUILD = path.resolve(import.meta.dirname, "../../build");

/** The React Router server build. Tests of pages need `npm run build` first; `npm test` does it. */
export async function loadServerBuild(): Promise<ServerBuild> {
  const file = path.join(BUILD, "server", "index.js");
  if (!existsSync(file))
    throw new Error(`No server build at ${file}: run \`npm run build\` before the integration tests.`);
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  config: Config;
  services: ReturnType<typeof createServices>;
  logger: Logger;
  dataDir: string;
}

/** The whole HTTP app over a test database, with its own DATA_DIR, configured like production. */
export async function createTestApp(
  database: DatabaseHandle,
  options: {
    env?: Record<string, string>;
    logger?: Logger;
    withPages?: boolean;
    /** The file system calls of /readyz's free-space check (server/storage/free-space.ts). */
    diskSpaceIo?: DiskSpaceIo;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-app-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://store.test",
    LOG_LEVEL: "silent",
    // A test may put the store on a public address without payment keys (it must give SMTP_URL then).
    ALLOW_SANDBOX_PAYMENTS: "1",
    ...options.env,
  });
  const logger = options.logger ?? createLogger("silent");
  const storage = createLocalStorage(path.join(dataDir, "media"));
  const services = createServices({ database, storage, config, logger });
  const app = createApp({
    config,
    logger,
    database,
    services,
    build: options.withPages === false ? undefined : await loadServerBuild(),
    clientDir: path.join(BUILD, "client"),
    diskSpaceIo: options.diskSpaceIo,
  });
  return { app, config, services, logger, dataDir };
}
