import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";
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

/**
 * Gives every request an id (a sane incoming X-Request-Id is kept, so ids follow a request
 * through a proxy) and logs one line per request. Only method, path (without its query, and
 * without a token a path carries: log-path.ts), status and timing are logged: never headers,
 * cookies or bodies.
 */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    const started = performance.now();
    try {
      await next();
    } finally {
      c.header("X-Request-Id", requestId);
      const status = c.res.status;
      const entry = {
        method: c.req.method,
        path: loggablePath(c.req.path),
        status,
        ms: Math.round(performance.now() - started),
      };
      if (status >= 500) log.error(entry, "request failed");
      else if (c.req.path !== "/healthz" && c.req.path !== "/readyz") log.info(entry, "request");
    }
  };
}
