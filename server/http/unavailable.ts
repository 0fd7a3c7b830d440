import { Hono } from "hono";
import type { Config } from "../config";
import type { Logger } from "../logger";
import { securityHeaders } from "./csp";
import { type AppEnv, requestContext } from "./request-context";

/** Seconds a client is asked to wait before trying again while the store starts or stops. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export type Phase = "starting" | "stopping";

/** Why start-up is not done: the database it waits for (`host:port`) and its error code (ECONNREFUSED, 57P03...). */
export interface WaitingReason {
  host: string;
  code: string;
}

export const UNAVAILABLE_MESSAGES: Record<Phase, string> = {
  starting: "The store is starting. Please try again in a few seconds.",
  stopping: "The store is restarting. Please try again in a few seconds.",
};

const TITLES: Record<Phase, string> = { starting: "Starting", stopping: "Restarting" };

/**
 * What answers while the store is not serving (server/start.ts, docs/decisions/027): before the
 * database is migrated and seeded ("starting"), and to requests that arrive after the stop
 * signal ("stopping"; requests already being answered finish). `/healthz` says the process is
 * alive, `/readyz` answers 503 `{ status: phase }` (with `reason` while start-up waits for an
 * unreachable database) so a load balancer sends nobody here, and
 * every other request gets a clean 503 with `Retry-After` (JSON under `/api/`, a short page
 * elsewhere). Nothing is read or written.
 */
export function unavailableApp(deps: {
  phase: Phase;
  config: Pick<Config, "paypal" | "s3" | "google">;
  logger: Logger;
  /** What start-up waits for, if anything: the database's host and the error it gave (server/start.ts). */
  reason?: () => WaitingReason | undefined;
}) {
  const message = UNAVAILABLE_MESSAGES[deps.phase];
  const app = new Hono<AppEnv>();
  // Expected answers (Retry-After): logged at info, not as failures.
  app.use(requestContext(deps.logger, { unavailable: "info" }));
  app.use(securityHeaders(deps.config));
  app.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    if (c.res.status === 503) c.header("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  });
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.all("/readyz", (c) => {
    const reason = deps.reason?.();
    return c.json({ status: deps.phase, ...(reason && { reason }) }, 503);
  });
  app.all("/api/*", (c) => c.json({ message }, 503));
  app.all("*", (c) =>
    c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${TITLES[deps.phase]} — Threadline</title></head><body><h1>${TITLES[deps.phase]}</h1><p>${message}</p></body></html>`,
      503,
    ),
  );
  return app;
}
