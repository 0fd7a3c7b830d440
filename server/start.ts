import type { createServer, RequestListener, Server, ServerOptions } from "node:http";
import { serve } from "@hono/node-server";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { writeBackup } from "./backup/archive";
import { startControlSocket } from "./backup/control-socket";
import { seedDemoCatalog } from "./demo/seed";
import { type Config, ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { createApp } from "./http/app";
import { createLogger, type Logger } from "./logger";
import { createServices } from "./services";
import { createStorage } from "./storage";

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Where the pages come from. `npm start` serves the last build (server/main.ts); `npm run dev`
 * serves the sources through Vite with hot reload (server/dev.ts, docs/decisions/020-dev-server.md).
 * Everything else about the store (config, database, services, the Hono app, shutdown) is the same.
 */
export interface Pages {
  /** The React Router server build, or a function that gives the current one for each request. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (hashed assets, public files); none when Vite serves them. */
  clientDir?: string;
  /** Makes the HTTP server (dev: one whose requests go through Vite's middlewares first). */
  createServer?: (options: ServerOptions, listener: RequestListener) => Server;
  /** Stops what the pages need (dev: the Vite server), after the HTTP server has closed. */
  close?: () => Promise<void>;
}

export type PagesLoader = (context: { config: Config; logger: Logger }) => Promise<Pages>;

/** Starts the store: config, database and migrations, demo data, services, the app, and a graceful stop on SIGTERM/SIGINT. */
export async function startStore(loadPages: PagesLoader) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const pages = await loadPages({ config, logger });

  const database = await openDatabase(config);
  logger.info({ database: database.kind }, "database open");
  const applied = await migrate(database);
  if (applied.length) logger.info({ applied }, "migrations applied");

  const { storage, description } = createStorage(config);
  logger.info(description, "image storage");
  // `npm run store -- backup` asks a running embedded store for its backup (docs/command-line.md).
  // A socket that cannot open costs the running backups only, never the start.
  const control =
    database.kind === "pglite"
      ? await startControlSocket({
          dataDir: config.dataDir,
          logger,
          backup: (file) =>
            writeBackup({ database, dataDir: config.dataDir, mediaDir: config.s3 ? undefined : path.join(config.dataDir, "media") }, file),
        }).catch((err) => {
          logger.warn({ err }, "the backup socket could not open: backups need the store stopped");
          return undefined;
        })
      : undefined;
  if (config.demoData) {
    const seeded = await seedDemoCatalog({ db: database.db, storage, logger });
    if (seeded) logger.info({ products: seeded }, "demo catalogue seeded");
  }

  const services = createServices({ database, storage, config, logger });
  services.mail.worker.start();
  logger.info({ transport: config.smtpUrl ? "smtp" : "local mailbox" }, "mail worker started");
  services.payments.reconciler.start();
  logger.info(services.payments.modes, "payment reconciliation started");
  if (!config.publicUrlIsLocal && (config.sandboxPayments.wallet || config.sandboxPayments.card)) {
    // Chosen with ALLOW_SANDBOX_PAYMENTS=1 (config.ts refuses it otherwise): say so at every start.
    logger.warn({ sandbox: config.sandboxPayments, url: config.publicUrl }, "sandbox payments on a public address: no real money is taken");
  }
  const app = createApp({ config, logger, database, services, build: pages.build, clientDir: pages.clientDir });

  const server = serve(
    {
      fetch: app.fetch,
      port: config.port,
      hostname: config.host,
      ...(pages.createServer && { createServer: pages.createServer as typeof createServer }),
    },
    (info) => {
      logger.info({ address: info.address, port: info.port, url: config.publicUrl }, "store listening");
    },
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      logger.warn("requests still open after grace period; closing anyway");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Live streams never finish by themselves: end them now (browsers reconnect after the restart).
    const eventsClosed = services.events.close().catch((err) => logger.error({ err }, "closing the live streams failed"));
    server.close(async () => {
      await eventsClosed;
      await services.payments.reconciler.stop().catch((err) => logger.error({ err }, "stopping the reconciliation failed"));
      await services.mail.worker.stop().catch((err) => logger.error({ err }, "stopping the mail worker failed"));
      await control?.close().catch((err) => logger.error({ err }, "closing the backup socket failed"));
      await database.close().catch((err) => logger.error({ err }, "closing database failed"));
      await pages.close?.().catch((err) => logger.error({ err }, "stopping the pages failed"));
      logger.info("stopped");
      process.exit(0);
    });
    // Keep-alive sockets with no request in flight would otherwise hold the server open.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
