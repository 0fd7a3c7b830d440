import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";
import { inRequest } from "../request-scope";
import type { ClientInfo } from "./client-address";
import type { KeptPage } from "./page-replay";
import { loggablePath } from "./log-path";

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** Set by client-address.ts on every request. */
    client: ClientInfo;
    /** This response's Content-Security-Policy nonce (csp.ts), created when first asked for. */
    secureHeadersNonce?: string;
    /** A page the page store kept while answering this request (page-store.ts, for fast-lane.ts). */
    keptPage?: KeptPage;
  };
};

const INCOMING_ID = /^[\w.-]{8,64}$/;

const PROBES = new Set(["/healthz", "/readyz"]);

/** The level of a request's line, and its message; null for none. */
export type RequestLine = { level: "info" | "warn" | "error"; message: string } | null;

/**
 * How a request's answer is logged (docs/deploy.md, "What to monitor"). A 5xx is an error
 * ("request failed"), except a 503: that is the store saying "not now" on purpose, while it starts
 * or drains (`unavailable: "info"`) or while its database is away (`"warn"`; the outage has lines
 * of its own, server/db/outage.ts), with Retry-After. Health and readiness probes are not logged
 * unless they fail otherwise: their state has lines of its own.
 */
export function requestLine(status: number, path: string, unavailable: "info" | "warn"): RequestLine {
  if (status === 503) return PROBES.has(path) ? null : { level: unavailable, message: "request unavailable" };
  if (status >= 500) return { level: "error", message: "request failed" };
  if (PROBES.has(path)) return null;
  return { level: "info", message: "request" };
}

/**
 * Gives every request an id (a sane incoming X-Request-Id is kept, so ids follow a request
 * through a proxy) and logs one line per request. The request's work runs in its scope
 * (server/request-scope.ts), so every line written meanwhile carries the id. Only method, path
 * (without its query, and without a token a path carries: log-path.ts), status and timing are
 * logged: never headers, cookies or bodies.
 */
/** The request's id: the one a proxy sent when it looks like an id, else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** The request's log line (requestLine), written inside the request's scope so it carries its id. */
export function logRequest(
  logger: Logger,
  request: { method: string; path: string; status: number; started: number; unavailable: "info" | "warn" },
): void {
  const line = requestLine(request.status, request.path, request.unavailable);
  if (!line) return;
  logger[line.level](
    {
      method: request.method,
      path: loggablePath(request.path),
      status: request.status,
      ms: Math.round(performance.now() - request.started),
    },
    line.message,
  );
}

export function requestContext(
  logger: Logger,
  options: { unavailable?: "info" | "warn" } = {},
): MiddlewareHandler<AppEnv> {
  const unavailable = options.unavailable ?? "warn";
  return (c, next) => {
    const requestId = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    c.set("log", logger);
    return inRequest({ requestId }, async () => {
      const started = performance.now();
      try {
        await next();
      } finally {
        c.header("X-Request-Id", requestId);
        logRequest(logger, { method: c.req.method, path: c.req.path, status: c.res.status, started, unavailable });
      }
    });
  };
}
