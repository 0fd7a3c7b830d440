import { createHash, timingSafeEqual } from "node:crypto";
import type { Handler, MiddlewareHandler } from "hono";
import { isLoopbackHostname } from "../net/addresses";
import type { StoreMetrics } from "../metrics/store-metrics";
import type { ClientInfo } from "./client-address";
import { isDirectLoopback } from "./dev-mailbox";
import type { AppEnv } from "./request-context";
import { type PageRouteLabels, routeLabelOf } from "./route-label";

/**
 * GET /metrics (docs/decisions/042-metrics.md): Prometheus' text format for whoever holds
 * METRICS_TOKEN, and for a client on this machine; to anyone else the address does not exist.
 */

const digest = (text: string) => createHash("sha256").update(text).digest();

/** `Authorization: Bearer <token>` carries exactly METRICS_TOKEN (compared in constant time). */
function carriesToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization) return false;
  const presented = /^Bearer +([^\s]+) *$/i.exec(authorization)?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/**
 * Who may read the metrics: the holder of METRICS_TOKEN, from anywhere; or a client on this
 * machine by the same rule as the local mailbox (dev-mailbox.ts `isDirectLoopback`): the client
 * address, after TRUST_PROXY, and the socket's peer are both loopback (a visitor a trusted proxy
 * forwards counts by the address the proxy reports), no undeclared proxy's headers, and the
 * request names this machine (Host `localhost` or a loopback address: not a DNS-rebound name).
 * Null: nobody the store answers.
 */
export function metricsAccess(input: {
  token: string | undefined;
  authorization: string | undefined;
  client: Pick<ClientInfo, "address" | "peer" | "viaTrustedProxy">;
  headers: Headers;
  hostname: string;
}): "token" | "this machine" | null {
  if (carriesToken(input.authorization, input.token)) return "token";
  const { client } = input;
  if (
    isDirectLoopback(client.address, input.headers, client.viaTrustedProxy, client.peer) &&
    isLoopbackHostname(input.hostname)
  )
    return "this machine";
  return null;
}

/**
 * The endpoint. A refused request goes on to the pages as if /metrics were not a route at all:
 * it gets the same "page not found" as any unknown address, so nobody learns it is there.
 */
export function metricsEndpoint(metrics: StoreMetrics, token: string | undefined): Handler<AppEnv> {
  return async (c, next) => {
    const access = metricsAccess({
      token,
      authorization: c.req.header("authorization"),
      client: c.var.client,
      headers: c.req.raw.headers,
      hostname: new URL(c.req.url).hostname,
    });
    if (!access) {
      await next();
      return c.res;
    }
    return c.body(await metrics.scrape(), 200, {
      "Content-Type": metrics.contentType,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    });
  };
}

/**
 * Counts every request (first in the chain, so it sees every answer, errors and 503s
 * included) under its route template, with its status and time until the answer.
 */
export function requestMetrics(metrics: StoreMetrics, pages: PageRouteLabels): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.observeRequest(c.req.method, routeLabelOf(c, pages), c.res.status, (performance.now() - started) / 1000);
    }
  };
}
