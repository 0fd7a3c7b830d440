import { randomFillSync } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";
import type { StoreMetrics } from "../metrics/store-metrics";
import { compileTrust, type TrustProxy } from "../net/trust-proxy";
import { inRequest } from "../request-scope";
import { clientInfoOf } from "./client-address";
import type { PageRouteLabels } from "./route-label";
import { routeLabelOf } from "./route-label";
import {
  encodedPage,
  onlySessionCookie,
  type PageReplay,
  type PageStore,
  type PageViewer,
  pageStoreKey,
  type ShopperPage,
  type StoredPage,
  shopperPageKey,
  shopperPageOf,
} from "./page-store";
import { type AppEnv, logRequest, requestIdOf } from "./request-context";

/**
 * The fast lane (docs/decisions/064-the-signed-in-path.md): a kept page (page-store.ts) answered
 * straight from node:http, before the request becomes a web Request and goes down the app's
 * middleware. Only what the app would answer from the page store anyway, and just as it would:
 * - the same key (pageStoreKey, shopperPageKey), the same store, so the same freshness rules
 *   (notices, generations, the TTL, nothing kept while notices may be missed);
 * - the headers the whole app set when the page was kept (security headers, Cache-Control,
 *   Vary), captured by replayCapture() below, with a fresh CSP nonce in them and in the page, a
 *   request id, and the encoding chosen per request as the app chooses it (encodedPage);
 * - a shopper's page only for a session the store's own session read accepts (read from the
 *   database on every request: a session that ends is refused at once), with the same personal
 *   part in the key;
 * - the same /metrics counts and log line.
 * Anything else, or any doubt (no replay captured yet, a session better-auth must answer, an
 * error), answers false before writing a byte, and the app answers the request.
 */
export interface FastLane {
  /** Answers the request from a kept page and returns true, or returns false having written nothing. */
  answer(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
}

/** Headers each answer sets for itself rather than replays. */
const PER_ANSWER = new Set(["content-length", "content-encoding", "x-request-id", "x-page-cache", "vary", "date"]);

/** The app's final headers of a kept page, ready to replay with another nonce. */
export function replayOf(headers: Headers, nonce: string, route: string): PageReplay {
  const kept: [string, string[]][] = [];
  for (const [name, value] of headers) {
    if (name === "set-cookie") throw new Error("a kept page never sets a cookie");
    if (!PER_ANSWER.has(name)) kept.push([name, value.split(nonce)]);
  }
  return { headers: kept, route };
}

/**
 * Outermost middleware: once the app answered a request whose page the page store kept, the
 * page gets the app's final headers (and route label) for the fast lane.
 */
export function replayCapture(pages: PageRouteLabels): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const kept = c.get("keptPage");
    const nonce = c.get("secureHeadersNonce");
    if (kept && nonce && c.res.status === kept.status && !c.res.headers.has("set-cookie"))
      kept.replay = replayOf(c.res.headers, nonce, routeLabelOf(c, pages));
  };
}

/** CSP nonces as hono's secureHeaders makes them: 16 random bytes, base64; drawn from a refilled pool. */
function nonceSource() {
  const pool = Buffer.alloc(4096);
  let at = pool.length;
  return () => {
    if (at + 16 > pool.length) {
      randomFillSync(pool);
      at = 0;
    }
    const nonce = pool.toString("base64", at, at + 16);
    at += 16;
    return nonce;
  };
}

/** A request header as one string (node joins repeated ones, as fetch's Headers does for most). */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

export interface FastLaneDeps {
  store: PageStore;
  publicUrl: string;
  trustProxy: TrustProxy;
  metrics: Pick<StoreMetrics, "observeRequest" | "pageCache">;
  logger: Logger;
  /**
   * The viewer of a session cookie when the store's own session read answers it, with the page's
   * personal part (as the app's page store keys it), else null (the app decides).
   */
  shopperOf: (cookieHeader: string, page: ShopperPage) => Promise<{ viewer: PageViewer; personal: string } | null>;
}

export function createFastLane(deps: FastLaneDeps): FastLane {
  const trust = compileTrust(deps.trustProxy);
  const nonce = nonceSource();

  function write(
    req: IncomingMessage,
    res: ServerResponse,
    page: StoredPage,
    replay: PageReplay,
    started: number,
    path: string,
    accountId?: string,
  ) {
    const fresh = nonce();
    const requestId = requestIdOf(header(req, "x-request-id"));
    const encoded = encodedPage(page, fresh, header(req, "accept-encoding"));
    const headers: Record<string, string> = {};
    for (const [name, parts] of replay.headers) headers[name] = parts.length === 1 ? parts[0] : parts.join(fresh);
    headers["x-page-cache"] = "hit";
    headers["x-request-id"] = requestId;
    headers["content-length"] = String(encoded.length);
    headers.vary = "Accept-Encoding, Cookie";
    if (encoded.encoding) headers["content-encoding"] = encoded.encoding;
    res.writeHead(page.status, headers);
    res.end(encoded.body);
    deps.metrics.pageCache("hit");
    deps.metrics.observeRequest("GET", replay.route, page.status, (performance.now() - started) / 1000);
    inRequest({ requestId, accountId }, () =>
      logRequest(deps.logger, { method: "GET", path, status: page.status, started, unavailable: "warn" }),
    );
  }

  function keyOf(req: IncomingMessage, url: URL): string | null {
    const headers = { get: (name: string) => header(req, name) ?? null };
    const client = clientInfoOf(
      { peer: req.socket.remoteAddress, headers, requestUrl: url.href },
      { trust, publicUrl: deps.publicUrl },
    );
    return pageStoreKey({ method: "GET", url, hasCookie: false, publicOrigin: client.publicOrigin });
  }

  async function shopperAnswer(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    visitorKey: string,
    cookie: string,
    started: number,
  ): Promise<boolean> {
    const page = shopperPageOf(url);
    if (!page || !onlySessionCookie(cookie)) return false;
    const shopper = await deps.shopperOf(cookie, page);
    if (!shopper) return false;
    const { viewer, personal } = shopper;
    const key = shopperPageKey(visitorKey, viewer, personal);
    const kept = deps.store.get(key);
    if (!kept?.replay || res.headersSent || req.destroyed) return false;
    write(req, res, kept, kept.replay, started, url.pathname, viewer.id);
    return true;
  }

  return {
    answer(req, res) {
      // "//host/..." would parse as another host: such a request is the app's to answer.
      if (req.method !== "GET" || !req.url?.startsWith("/") || req.url.startsWith("//")) return false;
      const started = performance.now();
      try {
        const url = new URL(req.url, `http://${header(req, "host") ?? "localhost"}`);
        const visitorKey = keyOf(req, url);
        if (!visitorKey) return false;
        const cookie = header(req, "cookie");
        if (cookie) return shopperAnswer(req, res, url, visitorKey, cookie, started).catch(() => false);
        const kept = deps.store.get(visitorKey);
        if (!kept?.replay) return false;
        write(req, res, kept, kept.replay, started, url.pathname);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** A request listener that lets the fast lane (when there is one now) answer first, and the app otherwise. */
export function withFastLane(listener: RequestListener, lane: () => FastLane | null): RequestListener {
  return (req, res) => {
    const answered = lane()?.answer(req, res) ?? false;
    // A lane that failed after it began to write leaves nothing the app could still answer.
    const toApp = () => (res.headersSent ? res.destroy() : listener(req, res));
    if (answered === true) return;
    if (answered === false) toApp();
    else void answered.then((done) => done || toApp());
  };
}
