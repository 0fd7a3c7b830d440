import { UNSUBSCRIBE_PATH, unsubscribeRoute } from "./unsubscribe-route";
import { readdirSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { StoreContext } from "./load-context";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import { devMailboxRoutes } from "./dev-mailbox";
import { mailPreviewRoutes } from "./mail-preview";
import { publicConfig, type Services } from "../services";
import { createDiskSpaceCheck, type DiskSpaceIo } from "../storage/free-space";
import { authEndpoint } from "./auth-endpoint";
import { bodyLimits } from "./body-limits";
import { cartRoutes } from "./cart-routes";
import { clientAddress, publicRequest } from "./client-address";
import { searchRoutes } from "./search-routes";
import { compression } from "./compression";
import { CSP_REPORT_PATH, cspNonce, securityHeaders } from "./csp";
import { cspReportRoutes } from "./csp-report";
import { eventRoutes } from "./event-routes";
import { crossOriginPictures, jpegPictures } from "./media-jpeg";
import { createStoreMetrics, type StoreMetrics } from "../metrics/store-metrics";
import { metricsEndpoint, requestMetrics } from "./metrics";
import { createPageRouteLabels } from "./route-label";
import { failureResponse, typedFailureOf } from "./failure";
import { originCheck } from "./origin-check";
import { pageCaching } from "./page-cache";
import { pageForms } from "./page-forms";
import { createFastLane, type FastLane, replayCapture } from "./fast-lane";
import { createPageStore, type PageViewer, pageStore, type ShopperPage, waitingKey } from "./page-store";
import { paymentRoutes } from "./payment-routes";
import { type AppEnv, requestContext } from "./request-context";
import { robotsTxt, sitemapXml } from "./seo";
import { uploadRoutes } from "./upload-routes";
import { STORE_VERSION } from "../version";

export interface AppDeps {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  services: Services;
  /**
   * The React Router server build, or a function that gives the current one per request (the dev
   * server's Vite, server/dev.ts); without it only the non-page endpoints answer (used by tests).
   */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (hashed assets, public files). */
  clientDir?: string;
  /** What GET /metrics reports; made here from the database and services unless given. */
  metrics?: StoreMetrics;
  /** The file system calls of /readyz's free-space check, for tests. */
  diskSpaceIo?: DiskSpaceIo;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Sets Cache-Control on successful responses of the routes below it (serveStatic's onFound runs too late for that). */
function cacheControl(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", value);
  };
}

export function createApp(deps: AppDeps) {
  const { config, logger, database, services } = deps;
  const app = new Hono<AppEnv>();
  const metrics =
    deps.metrics ??
    createStoreMetrics({
      db: database.db,
      pool: database.pool && (() => database.pool!()),
      liveStreams: () => services.events.stats().open,
      hearsAllNotices: services.events.hearsAll,
      dataDir: config.dataDir,
      logger,
    });
  // Requests are counted by route template: Hono's route, or React Router's pattern of a page.
  const pageRoutes = createPageRouteLabels();
  let build = deps.build;
  if (typeof build === "function") {
    const current = build;
    build = async () => {
      const next = await current();
      pageRoutes.use(next);
      return next;
    };
  } else if (build) pageRoutes.use(build);

  // The kept pages' final headers, for the fast lane (fast-lane.ts): outside everything that sets one.
  app.use(replayCapture(pageRoutes));
  app.use(requestMetrics(metrics, pageRoutes));
  app.use(requestContext(logger));
  app.use(clientAddress({ trustProxy: config.trustProxy, publicUrl: config.publicUrl }));
  // The JPEG pictures (media-jpeg.ts) are for other sites' pages: a payment provider's and the
  // e-mails, which a mail client shows in a page of its own origin. Set after the security
  // headers (this runs outside them), which make every answer same-origin only.
  if (!config.s3) app.use("/media/*", crossOriginPictures());
  app.use(securityHeaders(config));
  app.use(compression());

  app.onError((error, c) => {
    // The database cannot be reached (docs/faults.md): a clean 503 with Retry-After, not a 500.
    if (typedFailureOf(error)?.kind === "unavailable") return failureResponse(c, error);
    c.var.log.error({ err: error }, "unhandled error");
    return c.text("Something went wrong on our side. Please try again.", 500);
  });

  // The stock alerts' one-click unsubscribe (RFC 8058) is posted by mail clients, from anywhere; its
  // signed token is the whole authority and it can only cancel stock alerts (decision 061).
  app.use(originCheck(config.publicUrl, [CSP_REPORT_PATH, UNSUBSCRIBE_PATH]));
  app.use(bodyLimits());

  // Image keys are unique (timestamp + random), so a stored image never changes under its address.
  const mediaRoot = path.join(config.dataDir, "media");
  const diskSpace = createDiskSpaceCheck({
    dataDir: config.dataDir,
    mediaDir: config.s3 ? undefined : mediaRoot,
    minFreeMb: config.minFreeDiskMb,
    logger,
    io: deps.diskSpaceIo,
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await database.ping();
    } catch (error) {
      c.var.log.debug({ err: error }, "database not ready"); // the outage has its own lines (server/db/outage.ts)
      return c.json({ status: "database unavailable", version: STORE_VERSION }, 503);
    }
    // A nearly full disk (docs/deploy.md): taken out of the load balancer before writes fail half-way.
    const lowDisk = await diskSpace.problem();
    if (lowDisk) return c.json({ status: "low disk space", reason: lowDisk, version: STORE_VERSION }, 503);
    return c.json({ status: "ready", version: STORE_VERSION });
  });

  // Prometheus (docs/decisions/042-metrics.md): METRICS_TOKEN or this machine; to others it does not exist.
  app.get("/metrics", metricsEndpoint(metrics, config.metricsToken));

  app.get("/robots.txt", (c) => c.text(robotsTxt(config.publicUrl)));
  app.get("/sitemap.xml", async (c) =>
    c.body(await sitemapXml(config.publicUrl, services.catalog), 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    }),
  );

  app.route("/dev/mailbox", devMailboxRoutes(services.mail.mailbox));
  app.route(
    "/dev/mail-preview",
    mailPreviewRoutes(
      services.mail.mailbox !== undefined,
      config.publicUrl,
      async () => (await services.catalog.listProducts({ limit: 1, sort: "newest" })).items[0]?.imageUrls[0],
    ),
  );
  app.route(CSP_REPORT_PATH, cspReportRoutes());
  app.on(["GET", "POST"], "/api/auth/*", authEndpoint(services.auth));
  app.post(UNSUBSCRIBE_PATH, unsubscribeRoute(services));
  app.route("/api/cart", cartRoutes(services));
  app.route("/api/events", eventRoutes(services));
  app.route("/api/search", searchRoutes(services));
  app.route("/api/uploads", uploadRoutes(services));
  app.route("/api", paymentRoutes(services));

  // The JPEG a payment provider is sent (decision 048), made from the stored WebP variant.
  if (!config.s3) app.get("/media/*", jpegPictures(mediaRoot, IMMUTABLE));
  app.use(
    "/media/*",
    cacheControl(IMMUTABLE),
    serveStatic({
      root: path.relative(process.cwd(), mediaRoot) || ".",
      rewriteRequestPath: (p) => p.replace(/^\/media/, ""),
    }),
  );
  app.get("/media/*", (c) => c.text("Not found", 404));

  if (deps.clientDir) {
    const root = path.relative(process.cwd(), deps.clientDir) || ".";
    // Built files come with brotli and gzip copies made at build time (scripts/precompress.mjs).
    app.use("/assets/*", cacheControl(IMMUTABLE), serveStatic({ root, precompressed: true }));
    app.get("/assets/*", (c) => c.text("Not found", 404));
    // Files from public/ (favicon, placeholder image) keep their names across releases: cache briefly.
    for (const entry of readdirSync(deps.clientDir, { withFileTypes: true })) {
      // Their .br and .gz copies are answers to Accept-Encoding, not files of their own.
      if (entry.isFile() && !/\.(br|gz)$/.test(entry.name))
        app.get(`/${entry.name}`, cacheControl("public, max-age=3600"), serveStatic({ root, precompressed: true }));
    }
  }

  let fastLane: FastLane | null = null;
  if (build) {
    const handle = createRequestHandler(build, config.env === "development" ? "development" : "production");
    const pageConfig = publicConfig(config);
    // Visitors' catalogue pages and each shopper's own home page, rendered once and kept until a product or review notice (decision 024).
    const pages = createPageStore(services.events);
    // A shopper's own product page is kept under the sizes they wait for (decision 064).
    const personalPart = async (page: ShopperPage, viewer: PageViewer) =>
      page.kind === "product" ? waitingKey(await services.stockAlerts.waitingFor(viewer.id, page.productId)) : "";
    const lookup = pageStore(pages, services.auth.session, metrics.pageCache, personalPart);
    fastLane = createFastLane({
      store: pages,
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
      metrics,
      logger,
      // One query: the session, and for a product page the sizes waited for (the same as personalPart reads).
      async shopperOf(cookie, page) {
        const found = await services.auth.viewerFromCookie(
          cookie,
          page.kind === "product" ? page.productId : undefined,
        );
        if (!found) return null;
        return { viewer: found.viewer, personal: page.kind === "product" ? waitingKey(found.waiting) : "" };
      },
    });
    app.all("*", pageCaching(), pageForms(), lookup, (c) => {
      const context: StoreContext & AppLoadContext = {
        services,
        config: pageConfig,
        requestId: c.var.requestId,
        logger: c.var.log,
        cspNonce: cspNonce(c),
      };
      return handle(publicRequest(c.req.raw, c.var.client.publicOrigin), context);
    });
  }

  /** Kept pages answered before the app (start.ts puts it in front of the app's request listener). */
  return Object.assign(app, { fastLane });
}
