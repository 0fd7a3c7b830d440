import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";
import { inRequest } from "../request-scope";
import type { ClientInfo } from "./client-address";
import { loggablePath } from "./log-path";

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** Set by client-address.ts on every request. */
    client: ClientInfo;
    /** This response's Content-Security-Policy nonce (csp.ts), created when first asked for. */
    secureHeadersNonce?: string;
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
export function requestContext(
  logger: Logger,
  options: { unavailable?: "info" | "warn" } = {},
): MiddlewareHandler<AppEnv> {
  const unavailable = options.unavailable ?? "warn";
  return (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.set("log", logger);
    return inRequest({ requestId }, async () => {
      const started = performance.now();
      try {
        await next();
      } finally {
        c.header("X-Request-Id", requestId);
        const status = c.res.status;
        const line = requestLine(status, c.req.path, unavailable);
        if (line) {
          logger[line.level](
            {
              method: c.req.method,
              path: loggablePath(c.req.path),
              status,
              ms: Math.round(performance.now() - started),
            },
            line.message,
          );
        }
      }
    });
  };
}
