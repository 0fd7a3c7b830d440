import { createServer as nodeCreateServer, type RequestListener, type Server, type ServerOptions } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { writeBackup } from "./backup/archive";
import { type ControlSocket, startControlSocket } from "./backup/control-socket";
import { seedDemoCatalog } from "./demo/seed";
import { type Config, ConfigError, loadConfig } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { databaseOutages } from "./db/outage";
import type { ConnectionWatch } from "./db/unavailable";
import { databaseHost, untilDatabaseAnswers } from "./db/wait-for-database";
import { watchForOtherInstances } from "./events/instances";
import { createApp } from "./http/app";
import { connectionDrain } from "./http/drain";
import { type FastLane, withFastLane } from "./http/fast-lane";
import { idleCollector } from "./idle-collect";
import { isLoopbackHostname } from "./net/addresses";
import { hopCountRisk } from "./net/trust-proxy";
import { unavailableApp, type WaitingReason } from "./http/unavailable";
import { createLogger, type Logger, logProcessEvents, routeConsoleToLog } from "./logger";
import { createServices, type Services } from "./services";
import { keepNewFilesPrivate, privateDir } from "./private-files";
import { createStorage } from "./storage";
import { STORE_VERSION } from "./version";

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

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/** Thrown inside start-up when a stop signal arrived meanwhile: start-up ends there, quietly. */
class StoppedDuringStartUp extends Error {}

/**
 * Starts the store (docs/decisions/027-packaging-start-up-and-drain.md): config, then the HTTP
 * server at once, answering "starting" (`/readyz` 503, pages 503 with Retry-After) until the
 * database is migrated, the demo data seeded and the services running; then the store's app.
 * A database that cannot be reached yet is waited for with backoff, `/readyz` naming its host
 * and error (docs/decisions/043-operable-logs-and-a-start-that-waits.md). Every line the
 * process writes is a JSON log line, start-up failures included.
 * SIGTERM/SIGINT drain it: requests already being answered finish (with `Connection: close`),
 * requests read after the signal get a clean 503 "restarting", connections the kernel had queued
 * are accepted and answered rather than reset, live streams end, then the workers and the
 * database close; the process exits within SHUTDOWN_GRACE_SECONDS (with code 1 if
 * requests were still open then).
 */
export async function startStore(
  loadPages: PagesLoader,
  options: {
    /** Libraries' console output as JSON log lines too (the built store; the dev server keeps Vite's console). */
    consoleToLog?: boolean;
  } = {},
) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // No LOG_LEVEL yet: this one line is written at the default level.
      createLogger("info").fatal({ problems: error.problems }, `Invalid configuration: ${error.problems.join("; ")}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  logProcessEvents(logger);
  if (options.consoleToLog) routeConsoleToLog(logger);
  // Everything the store writes in DATA_DIR is its own (server/private-files.ts).
  keepNewFilesPrivate();
  privateDir(config.dataDir);
  const pages = await loadPages({ config, logger });

  // While start-up waits for an unreachable database: its host and error, for /readyz.
  let waitingFor: WaitingReason | undefined;
  let answer: Fetch = unavailableApp({ phase: "starting", config, logger, reason: () => waitingFor }).fetch;
  const stoppingAnswer: Fetch = unavailableApp({ phase: "stopping", config, logger }).fetch;
  // Kept pages answered before the app (server/http/fast-lane.ts), once the store serves and until it stops.
  let lane: FastLane | null = null;
  const makeServer = (pages.createServer ?? nodeCreateServer) as typeof nodeCreateServer;
  const fastLaneFirst = ((options: ServerOptions, listener: RequestListener) =>
    makeServer(
      options,
      withFastLane(listener, () => lane),
    )) as typeof nodeCreateServer;
  const server = serve(
    {
      fetch: (request, env) => answer(request, env),
      port: config.port,
      hostname: config.host,
      createServer: fastLaneFirst,
    },
    (info) => {
      logger.info(
        { version: STORE_VERSION, address: info.address, port: info.port, url: config.publicUrl },
        "store listening, starting",
      );
    },
  ) as Server;
  // A port in use or not allowed: said in one line, and the process ends.
  server.on("error", (err: NodeJS.ErrnoException) => {
    const where = { host: config.host, port: config.port, code: err.code };
    if (err.code === "EADDRINUSE")
      logger.fatal(where, `cannot listen on ${config.host}:${config.port}: the address is in use (PORT, HOST)`);
    else logger.fatal({ ...where, err }, `cannot listen on ${config.host}:${config.port}`);
    process.exit(1);
  });
  const connections = connectionDrain(server);
  // Memory back after a burst: one full collection once the requests stop (decision 065).
  const collector = idleCollector({
    collect: (globalThis as { gc?: () => void }).gc,
    collected: ({ heapBeforeBytes, heapAfterBytes, ms }) =>
      logger.debug(
        { heapBeforeMB: Math.round(heapBeforeBytes / 2 ** 20), heapAfterMB: Math.round(heapAfterBytes / 2 ** 20), ms },
        "quiet after a burst: heap collected",
      ),
  });
  server.on("request", collector.seen);
  collector.start();

  // What start-up has opened so far, for a stop that comes before it is done.
  let database: DatabaseHandle | undefined;
  let services: Services | undefined;
  let control: ControlSocket | undefined;
  let stopping = false;
  let startUpDone!: () => void;
  const startUpSettled = new Promise<void>((resolve) => {
    startUpDone = resolve;
  });
  const notStopped = () => {
    if (stopping) throw new StoppedDuringStartUp();
  };
  // Ends a wait for the database when a stop signal comes during start-up.
  const stopWaiting = new AbortController();
  // The outage lines ("database unavailable", "database back after N s") once the store serves;
  // start-up's own waiting has lines of its own.
  let outages: ReturnType<typeof databaseOutages> | undefined;
  const watch: ConnectionWatch = {
    failed: (error, startedAt) => outages?.failed(error, startedAt),
    answered: (startedAt) => outages?.answered(startedAt),
  };

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopWaiting.abort();
    logger.info(
      { signal, connections: connections.connections() },
      "shutting down: finishing the requests already received",
    );
    // Requests read from now on get a clean 503 "restarting" (Connection: close): the ones in flight finish.
    answer = stoppingAnswer;
    lane = null;
    collector.stop();
    const force = setTimeout(() => {
      logger.warn(
        { connections: connections.connections() },
        "requests still open after the grace period; exiting anyway",
      );
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    // Live streams never finish by themselves: end them now (browsers reconnect after the restart).
    const eventsClosed = services?.events
      .close()
      .catch((err) => logger.error({ err }, "closing the live streams failed"));
    await connections.drain();
    await eventsClosed;
    // A stop during start-up lets the step under way (a migration, the seed) finish first.
    await startUpSettled;
    await services?.payments.reconciler
      .stop()
      .catch((err) => logger.error({ err }, "stopping the reconciliation failed"));
    await services?.refunds.sweeper.stop().catch((err) => logger.error({ err }, "stopping the refund sweep failed"));
    await services?.housekeeping.stop();
    await services?.mail.worker.stop().catch((err) => logger.error({ err }, "stopping the mail worker failed"));
    await control?.close().catch((err) => logger.error({ err }, "closing the backup socket failed"));
    await database?.close().catch((err) => logger.error({ err }, "closing database failed"));
    await pages.close?.().catch((err) => logger.error({ err }, "stopping the pages failed"));
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    database = await openDatabase(config, { watch });
    logger.info({ database: database.kind }, "database open");
    notStopped();
    const opened = database;
    const host = config.databaseUrl ? databaseHost(config.databaseUrl) : "embedded";
    const waitStarted = Date.now();
    const applied = await untilDatabaseAnswers(() => migrate(opened), {
      signal: stopWaiting.signal,
      onWaiting: ({ attempt, retryInMs, code, reason }) => {
        waitingFor = { host, code };
        logger.warn({ host, code, attempt, retryInMs, reason }, "database not reachable yet; starting when it answers");
      },
    });
    if (waitingFor) {
      logger.info({ host, waitedSeconds: Math.round((Date.now() - waitStarted) / 1000) }, "database reachable");
      waitingFor = undefined;
    }
    if (applied.length) logger.info({ applied }, "migrations applied");
    notStopped();

    const { storage, description } = createStorage(config);
    logger.info(description, "image storage");
    // `npm run store -- backup` asks a running embedded store for its backup (docs/command-line.md).
    // A socket that cannot open costs the running backups only, never the start.
    if (opened.kind === "pglite") {
      control = await startControlSocket({
        dataDir: config.dataDir,
        logger,
        backup: (file) =>
          writeBackup(
            {
              database: opened,
              dataDir: config.dataDir,
              mediaDir: config.s3 ? undefined : path.join(config.dataDir, "media"),
            },
            file,
          ),
      }).catch((err) => {
        logger.warn({ err }, "the backup socket could not open: backups need the store stopped");
        return undefined;
      });
    }
    if (config.demoData) {
      const seeded = await seedDemoCatalog({ db: database.db, storage, logger });
      if (seeded) logger.info({ products: seeded }, "demo catalogue seeded");
    }
    notStopped();

    services = createServices({ database, storage, config, logger });
    services.mail.worker.start();
    services.housekeeping.start(); // purges old mail, sessions, verifications and abandoned checkouts (docs/decisions/029-housekeeping.md)
    logger.info({ transport: config.smtpUrl ? "smtp" : "local mailbox" }, "mail worker started");
    services.payments.reconciler.start();
    logger.info(services.payments.modes, "payment reconciliation started");
    services.refunds.sweeper.start(); // finishes refunds left pending (docs/decisions/037-pending-refund-sweep.md)
    // Several instances on one PostgreSQL database without S3: each says so (decision 044).
    watchForOtherInstances({
      events: services.events,
      localMediaDir: config.s3 ? undefined : path.join(config.dataDir, "media"),
      logger,
    }).catch((err) => logger.warn({ err }, "could not look for other instances"));
    // Chosen with ALLOW_SANDBOX_PAYMENTS=1 or ALLOW_LOCAL_MAILBOX=1 (config.ts refuses them otherwise): say so at every start.
    const reachable =
      config.exposure === "public" ? "a public address" : `an address other machines can reach (HOST=${config.host})`;
    if (config.exposure !== "local" && (config.sandboxPayments.wallet || config.sandboxPayments.card)) {
      logger.warn(
        { sandbox: config.sandboxPayments, url: config.publicUrl },
        `sandbox payments on ${reachable}: no real money is taken`,
      );
    }
    const hopRisk = hopCountRisk(config.trustProxy, isLoopbackHostname(config.host), config.host);
    if (hopRisk) logger.warn({ trustProxy: config.trustProxy, host: config.host }, hopRisk);
    if (config.exposure === "network" && !config.smtpUrl) {
      logger.warn(
        { url: config.publicUrl },
        `local mailbox on ${reachable}: e-mail stays on this machine, readable only at /dev/mailbox here`,
      );
    }
    const app = createApp({
      config,
      logger,
      database,
      services,
      build: pages.build,
      clientDir: pages.clientDir,
    });
    if (!stopping) {
      answer = app.fetch;
      lane = app.fastLane;
    }
    outages = databaseOutages(logger);
    logger.info({ version: STORE_VERSION, url: config.publicUrl }, "store ready");
  } catch (error) {
    // A stop during start-up (also one that ended a wait for the database): shutdown() closes what was opened and exits.
    if (error instanceof StoppedDuringStartUp || stopping) return;
    throw error;
  } finally {
    startUpDone();
  }
}
