import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { isUuid } from "../../domain/ids";
import { createNoticeCache, type NoticeSource } from "../events/notice-cache";
import { acceptsGzip, addVary, chooseEncoding, COMPRESSION_THRESHOLD } from "./compression";
import { cspNonce } from "./csp";
import { compressTemplate, fillGzipTemplate, type GzipTemplate } from "./gzip-template";
import type { PageReplay } from "./page-replay";
import type { AppEnv } from "./request-context";

/**
 * The rendered pages of visitors, kept in memory (docs/decisions/024-visitor-page-cache.md).
 * A visitor (a request without any cookie) sees the same catalogue page as every other visitor,
 * so the answer React Router rendered for the first one is kept, with its CSP nonce cut out,
 * and later visitors get it with a nonce of their own in the HTML and in the header. Emptied
 * by the same product and review notices as the catalogue data (server/events/notice-cache.ts).
 */

/** About 2,000 pages or 32 MB (a home page is about 60 KB kept, text and gzip), whichever comes first; a minute at most. */
export const PAGE_STORE_LIMITS = { maxEntries: 2000, maxBytes: 32 * 1024 * 1024, ttlMs: 60_000 } as const;

/** The query parameters each kept page may carry; any other makes the request an ordinary one. */
const LISTING_PARAMETERS = new Set(["category", "q", "sort", "limit", "size", "color", "min", "max"]);
const NO_PARAMETERS = new Set<string>();
/** React Router's own parameter of `.data` requests: which loaders to run. */
const DATA_PARAMETER = "_routes";
const INFO_PAGES = new Set(["/about", "/shipping-returns", "/privacy", "/terms"]);

function parametersOf(page: string): ReadonlySet<string> | null {
  if (page === "/") return LISTING_PARAMETERS;
  if (INFO_PAGES.has(page)) return NO_PARAMETERS;
  const product = /^\/product\/([^/]+)$/.exec(page);
  return product && isUuid(product[1]) ? NO_PARAMETERS : null;
}

/**
 * The key a request's answer is kept under, or null when it must be rendered for itself: only a
 * GET without any cookie (a shopper's page shows the shopper; a flash message is a cookie) of a
 * catalogue page (home with its listing parameters, a product, an information page) or its
 * `.data` request. The key is the public origin, the path and the query as sent.
 */
export function pageStoreKey(input: {
  method: string;
  url: URL;
  hasCookie: boolean;
  publicOrigin: string;
}): string | null {
  if (input.method !== "GET" || input.hasCookie) return null;
  const { pathname, searchParams } = input.url;
  const isData = pathname.endsWith(".data");
  const page = pathname === "/_root.data" ? "/" : isData ? pathname.slice(0, -".data".length) : pathname;
  if (isData && (page === "" || page === "/") && pathname !== "/_root.data") return null;
  const allowed = parametersOf(page);
  if (!allowed) return null;
  for (const name of searchParams.keys()) {
    if (!allowed.has(name) && !(isData && name === DATA_PARAMETER)) return null;
  }
  return `${input.publicOrigin}${pathname}${input.url.search}`;
}

/** better-auth's session cookie (server/auth/auth.ts: prefix "threadline"; "__Secure-" on https). */
const SESSION_COOKIE = /^(?:__Secure-)?threadline\.session_token$/;

/**
 * Whether a Cookie header holds the session cookie and nothing else. Any other cookie (a flash
 * message, anything unknown) may change the page, so such a request is rendered for itself.
 */
export function onlySessionCookie(cookieHeader: string): boolean {
  const names = cookieHeader
    .split(";")
    .map((pair) => pair.split("=")[0].trim())
    .filter(Boolean);
  return names.length === 1 && SESSION_COOKIE.test(names[0]);
}

/** Who the page is for: every field of the viewer that a page may render. */
export interface PageViewer {
  id: string;
  email: string;
  firstName?: string;
  emailVerified: boolean;
  isAdmin: boolean;
}

/**
 * The pages a signed-in shopper's own copy may be kept of (docs/decisions/064-the-signed-in-path.md):
 * the home page (`/` and `/_root.data`, listing parameters only), which differs from a visitor's
 * by the header alone, and a product page (and its `.data`), which also shows the shopper's own
 * review (emptied with every review notice, as every kept page is) and the sizes the shopper
 * waits for ("Notify me"), which are read for each request and are part of the key. Any other
 * page is rendered per request.
 */
export type ShopperPage = { kind: "home" } | { kind: "product"; productId: string };

export function shopperPageOf(url: URL): ShopperPage | null {
  if (url.pathname === "/" || url.pathname === "/_root.data") return { kind: "home" };
  const product = /^\/product\/([^/]+?)(?:\.data)?$/.exec(url.pathname);
  return product && isUuid(product[1]) ? { kind: "product", productId: product[1] } : null;
}

/** The sizes and colours a shopper waits for, in one order whatever order they were read in. */
export function waitingKey(choices: readonly { size: string | null; color: string | null }[]): string {
  return JSON.stringify(
    choices.map((c) => [c.size, c.color]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  );
}

/** The visitor's key plus who the shopper is, so one shopper's page is never another's and a changed name or role is a new page. */
export function shopperPageKey(visitorKey: string, viewer: PageViewer, personal = ""): string {
  return `${visitorKey} ${JSON.stringify([viewer.id, viewer.email, viewer.firstName ?? null, viewer.emailVerified, viewer.isAdmin, personal])}`;
}

/**
 * What is kept of an answer: its status and headers, its body cut at the nonce, the same once
 * gzipped, and for an answer without a nonce (a `.data` request) a brotli copy too.
 */
export interface StoredPage {
  status: number;
  headers: [string, string][];
  parts: string[];
  gzip: GzipTemplate;
  brotli: Uint8Array<ArrayBuffer> | null;
  bytes: number;
  /**
   * What the whole app added around the page when it was kept (server/http/fast-lane.ts): its
   * final headers and its route label, so the fast lane can answer later requests as the app did.
   */
  replay?: PageReplay;
}

/** Made once per kept answer, so a higher quality than per request (compression.ts) pays. */
const BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
};

/**
 * Only a plain success is kept: 200, no cookie set (a renewed session, a flash), nothing the
 * route marked as private, an HTML page or a `.data` answer not already compressed.
 */
export function isKeepable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.has("set-cookie") || response.headers.has("content-encoding")) return false;
  if (/\b(?:private|no-store)\b/i.test(response.headers.get("cache-control") ?? "")) return false;
  return /^text\/(?:html|x-script)\b/i.test(response.headers.get("content-type") ?? "");
}

/** The page as kept: every occurrence of the nonce it was rendered with is cut out. */
export function storedPageOf(response: Response, body: string, nonce: string): StoredPage {
  const parts = body.split(nonce);
  const gzip = compressTemplate(parts);
  const headers = [...response.headers].filter(([name]) => name !== "content-length");
  const text = gzip.raw.reduce((sum, b) => sum + b.length, 0);
  const brotli =
    parts.length === 1 && text >= COMPRESSION_THRESHOLD
      ? new Uint8Array(zlib.brotliCompressSync(gzip.raw[0], { params: BROTLI_PARAMS }))
      : null;
  const shifts = gzip.shifts.reduce((sum, table) => sum + table.byteLength, 0);
  const bytes = text + gzip.pieces.reduce((sum, b) => sum + b.length, 0) + (brotli?.byteLength ?? 0) + shifts;
  return { status: response.status, headers, parts, gzip, brotli, bytes };
}

/** A kept page's body for one answer, and the headers that say how it is encoded. */
export interface EncodedPage {
  body: Uint8Array<ArrayBuffer> | string;
  /** "br" or "gzip", or null for plain text. */
  encoding: "br" | "gzip" | null;
  length: number;
}

/**
 * The kept page with `nonce` in it: the kept brotli copy when there is one and the client
 * prefers brotli; else gzip (made from the kept pieces) when the client takes gzip; else plain
 * text, which compression.ts compresses as usual.
 */
export function encodedPage(page: StoredPage, nonce: string, acceptEncoding: string | undefined): EncodedPage {
  const textLength =
    page.gzip.raw.reduce((sum, part) => sum + part.length, 0) + Buffer.byteLength(nonce) * (page.parts.length - 1);
  if (page.brotli && chooseEncoding(acceptEncoding) === "br")
    return { body: page.brotli, encoding: "br", length: page.brotli.byteLength };
  if (textLength >= COMPRESSION_THRESHOLD && acceptsGzip(acceptEncoding)) {
    const body = fillGzipTemplate(page.gzip, nonce);
    return { body, encoding: "gzip", length: body.byteLength };
  }
  return { body: page.parts.join(nonce), encoding: null, length: textLength };
}

/** The kept page as a Response of this request (the page store below the app's middleware). */
export function answerOf(
  page: StoredPage,
  nonce: string,
  acceptEncoding: string | undefined,
  state: "hit" | "miss",
): Response {
  const headers = new Headers(page.headers);
  headers.set("X-Page-Cache", state);
  const encoded = encodedPage(page, nonce, acceptEncoding);
  headers.set("Content-Length", String(encoded.length));
  if (encoded.encoding) {
    headers.set("Content-Encoding", encoded.encoding);
    addVary(headers, "Accept-Encoding");
  }
  return new Response(encoded.body, { status: page.status, headers });
}

export type { PageReplay };

export type PageStore = ReturnType<typeof createPageStore>;

export function createPageStore(
  notices: NoticeSource,
  limits: { maxEntries: number; maxBytes: number; ttlMs: number } = PAGE_STORE_LIMITS,
) {
  return createNoticeCache<StoredPage>({ notices, ...limits, sizeOf: (page) => page.bytes });
}

/**
 * Answers visitors' catalogue pages from the store, and keeps what the pages below render for
 * them. Runs after securityHeaders() (csp.ts), so this response's nonce exists and the CSP
 * header carries the same one.
 */
export function pageStore(
  store: PageStore,
  /** The session of a request (server/auth/service.ts), for shoppers' own home pages. */
  session?: (request: Request) => Promise<{ viewer: PageViewer | null; cookies: string[] }>,
  /** Told of every request the store is asked about: answered from it (hit) or rendered (miss); /metrics counts them. */
  onLookup?: (result: "hit" | "miss") => void,
  /**
   * What of a shopper's own a kept page shows beyond the header, read for each request and made
   * part of the key: for a product page, the sizes the shopper waits for. Without it only the
   * home page is kept for shoppers.
   */
  personalPart?: (page: ShopperPage, viewer: PageViewer) => Promise<string>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const cookie = c.req.header("cookie");
    const visitorKey = pageStoreKey({
      method: c.req.method,
      url,
      hasCookie: false,
      publicOrigin: c.var.client.publicOrigin,
    });
    let key = cookie ? null : visitorKey;
    let owner: string | null = null;
    let stillShows: (() => Promise<boolean>) | null = null;
    let renewal: string[] = [];
    const shopperPage = cookie && visitorKey && session ? shopperPageOf(url) : null;
    if (shopperPage && session && visitorKey && onlySessionCookie(cookie ?? "")) {
      // The session is checked on every request: a signed-out or expired session never gets a kept page.
      const { viewer, cookies } = await session(c.req.raw);
      if (viewer && cookies.length === 0 && (shopperPage.kind === "home" || personalPart)) {
        const personal = personalPart ? await personalPart(shopperPage, viewer) : "";
        key = shopperPageKey(visitorKey, viewer, personal);
        owner = viewer.id;
        // Read again after the render: a page kept under what was read before it must show just that.
        if (personalPart) stillShows = async () => (await personalPart(shopperPage, viewer)) === personal;
      }
      // This lookup renewed (or cleared) the session cookie, so the page's own lookup will not:
      // the cookie goes out with the page, which is rendered and not kept.
      renewal = cookies;
    }
    if (!key) {
      await next();
      for (const value of renewal) c.res.headers.append("Set-Cookie", value);
      return;
    }
    const nonce = cspNonce(c);
    const kept = store.get(key);
    onLookup?.(kept ? "hit" : "miss");
    if (kept) return answerOf(kept, nonce, c.req.header("accept-encoding"), "hit");
    // Taken before rendering: a notice during the render means the page may show the old state.
    const generation = store.generation();
    await next();
    if (!isKeepable(c.res)) return;
    const body = await c.res.text();
    const page = storedPageOf(c.res, body, nonce);
    // A shopper's page is kept only if it was rendered for that shopper (the session could have
    // ended between the check above and the page's own): it then carries the shopper's id.
    const keep = owner === null || (body.includes(owner) && (stillShows === null || (await stillShows())));
    if (keep) {
      store.set(key, page, generation);
      // Kept (no notice came meanwhile): the fast lane may answer it once the app's headers are known.
      if (store.get(key) === page) c.set("keptPage", page);
    }
    // Cleared first: Hono copies an earlier response's headers over a new one's (a Vary would lose Accept-Encoding).
    c.res = undefined as unknown as Response;
    c.res = answerOf(page, nonce, c.req.header("accept-encoding"), "miss");
  };
}
