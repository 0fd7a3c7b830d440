import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { seedDemoCatalog } from "./demo/seed";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { createApp } from "./http/app";
import { createLogger } from "./logger";
import { createServices } from "./services";
import { createStorage } from "./storage";

const BUILD_DIR = path.resolve("build");
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
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

  const serverBuildFile = path.join(BUILD_DIR, "server", "index.js");
  if (!existsSync(serverBuildFile)) {
    logger.fatal("No build found: run `npm run build` (or `npm start`, which builds first).");
    process.exit(1);
  }

  const database = await openDatabase(config);
  logger.info({ database: database.kind }, "database open");
  const applied = await migrate(database);
  if (applied.length) logger.info({ applied }, "migrations applied");

  const { storage, description } = createStorage(config);
  logger.info(description, "image storage");
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
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const app = createApp({
    config,
    logger,
    database,
    services,
    build,
    clientDir: path.join(BUILD_DIR, "client"),
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ address: info.address, port: info.port, url: config.publicUrl }, "store listening");
  });

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
      await database.close().catch((err) => logger.error({ err }, "closing database failed"));
      logger.info("stopped");
      process.exit(0);
    });
    // Keep-alive sockets with no request in flight would otherwise hold the server open.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error("Start-up failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
