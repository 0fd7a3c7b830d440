import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { LiveNotice } from "../../domain/live-events";
import { compression } from "./compression";
import { cspNonce, securityHeaders } from "./csp";
import {
  createPageStore,
  shopperPageOf,
  onlySessionCookie,
  type PageViewer,
  pageStore,
  pageStoreKey,
  shopperPageKey,
  waitingKey,
} from "./page-store";
import type { AppEnv } from "./request-context";

const PRODUCT = "11111111-1111-4111-8111-111111111111";
const ORIGIN = "http://store.test";

describe("pageStoreKey", () => {
  const key = (path: string, { method = "GET", hasCookie = false } = {}) =>
    pageStoreKey({ method, url: new URL(path, ORIGIN), hasCookie, publicOrigin: ORIGIN });

  it.each([
    "/",
    "/?q=linen",
    "/?category=dress&sort=price-asc&limit=24",
    // The filters of issue 27: each combination is its own page.
    "/?q=jaket&size=M&color=navy&min=50&max=100",
    "/_root.data",
    "/_root.data?_routes=routes%2Fhome",
    "/_root.data?q=linen&_routes=root",
    `/product/${PRODUCT}`,
    `/product/${PRODUCT}.data`,
    `/product/${PRODUCT}.data?_routes=routes%2Fproduct`,
    "/about",
    "/terms.data",
  ])("%s is kept for visitors", (path) => {
    expect(key(path)).toBe(`${ORIGIN}${path}`);
  });

  it.each([
    ["/", { hasCookie: true }],
    [`/product/${PRODUCT}`, { hasCookie: true }],
    ["/_root.data", { hasCookie: true }],
    ["/", { method: "POST" }],
    ["/", { method: "HEAD" }],
    ["/?utm_source=mail", {}],
    ["/?_routes=root", {}],
    [`/product/${PRODUCT}?ref=1`, {}],
    ["/product/not-a-uuid", {}],
    [`/product/${PRODUCT}/`, {}],
    ["/orders", {}],
    ["/orders.data", {}],
    ["/cart", {}],
    ["/login", {}],
    ["/admin", {}],
    ["/checkout", {}],
    ["/.data", {}],
    ["/nowhere", {}],
    ["/About", {}],
  ])("%s %j is rendered for itself", (path, options) => {
    expect(key(path, options)).toBeNull();
  });
});

describe("onlySessionCookie", () => {
  it.each([
    ["threadline.session_token=abc.def", true],
    ["__Secure-threadline.session_token=abc", true],
    [" threadline.session_token=abc ", true],
    ["threadline.session_token=abc; threadline.flash=saved~1", false],
    ["threadline.flash=saved~1", false],
    ["other.session_token=abc", false],
    ["threadline.session_token=a; threadline.session_token=b", false],
    ["theme=dark; threadline.session_token=abc", false],
    ["", false],
  ])("%j → %s", (header, expected) => {
    expect(onlySessionCookie(header)).toBe(expected);
  });
});

describe("a shopper's own page", () => {
  const ada: PageViewer = {
    id: "u-ada",
    email: "ada@example.com",
    firstName: "Ada",
    emailVerified: true,
    isAdmin: false,
  };
  it.each([
    ["/", { kind: "home" }],
    ["/?q=linen", { kind: "home" }],
    ["/_root.data", { kind: "home" }],
    [`/product/${PRODUCT}`, { kind: "product", productId: PRODUCT }],
    [`/product/${PRODUCT}.data`, { kind: "product", productId: PRODUCT }],
    ["/product/not-a-uuid", null],
    [`/product/${PRODUCT}/reviews`, null],
    [`/product/${PRODUCT}.data.data`, null],
    ["/about", null],
    ["/orders", null],
    ["/cart", null],
  ])("%s may be kept for a shopper as %j", (path, expected) => {
    expect(shopperPageOf(new URL(path, ORIGIN))).toEqual(expected);
  });

  it("keys the sizes a shopper waits for in one order, whatever order they were read in", () => {
    const a = { size: "M", color: null };
    const b = { size: "L", color: "Red" };
    expect(waitingKey([a, b])).toBe(waitingKey([b, a]));
    expect(waitingKey([a])).not.toBe(waitingKey([a, b]));
    expect(waitingKey([])).not.toBe(waitingKey([a]));
    expect(waitingKey([{ size: "M", color: "Red" }])).not.toBe(waitingKey([{ size: "M,Red", color: null }]));
  });

  it("is kept apart for each shopper, each name and each role, and apart from the visitor's", () => {
    const keys = [
      `${ORIGIN}/`,
      shopperPageKey(`${ORIGIN}/`, ada),
      shopperPageKey(`${ORIGIN}/`, { ...ada, id: "u-bob", email: "bob@example.com" }),
      shopperPageKey(`${ORIGIN}/`, { ...ada, firstName: "Augusta" }),
      shopperPageKey(`${ORIGIN}/`, { ...ada, firstName: undefined }),
      shopperPageKey(`${ORIGIN}/`, { ...ada, isAdmin: true }),
      shopperPageKey(`${ORIGIN}/`, { ...ada, emailVerified: false }),
      shopperPageKey(`${ORIGIN}/`, ada, waitingKey([{ size: "M", color: null }])),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

function fakeNotices() {
  const listeners = new Set<(n: LiveNotice) => void>();
  return {
    subscribe(listener: (n: LiveNotice) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hearsAll: () => true,
    send(notice: LiveNotice) {
      for (const l of listeners) l(notice);
    },
  };
}

/** A page that shows its nonce like React Router's scripts, and how many times it was rendered. */
type Session = (request: Request) => Promise<{ viewer: PageViewer | null; cookies: string[] }>;

function storeApp(
  options: {
    maxBytes?: number;
    setCookie?: boolean;
    status?: number;
    pad?: number;
    data?: boolean;
    session?: Session;
  } = {},
) {
  const notices = fakeNotices();
  const store = createPageStore(notices, { maxEntries: 100, maxBytes: options.maxBytes ?? 1_000_000, ttlMs: 60_000 });
  let renders = 0;
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("client", {
      address: "127.0.0.1",
      viaTrustedProxy: false,
      peer: "127.0.0.1",
      publicOrigin: ORIGIN,
    } as AppEnv["Variables"]["client"]);
    await next();
  });
  app.use(securityHeaders({}));
  app.use(compression());
  app.all("*", pageStore(store, options.session), async (c) => {
    renders += 1;
    const nonce = cspNonce(c);
    const viewer = options.session ? (await options.session(c.req.raw)).viewer : null;
    if (viewer)
      return c.body(
        `<html><header>${viewer.id} ${viewer.email}</header><script nonce="${nonce}"></script> render ${renders}</html>`,
        200,
        { "Content-Type": "text/html" },
      );
    const html = `<!DOCTYPE html><html><body><p>${"Linen dress ".repeat(options.pad ?? 200)} render ${renders}</p><script nonce="${nonce}">boot()</script><script type="module" nonce="${nonce}">go()</script></body></html>`;
    if (options.data)
      return c.body(`[{"items":"${"Linen dress ".repeat(200)}"},"render ${renders}"]`, 200, {
        "Content-Type": "text/x-script",
      });
    const headers: Record<string, string> = { "Content-Type": "text/html" };
    if (options.setCookie) headers["Set-Cookie"] = "flash=; Max-Age=0";
    return c.body(html, (options.status ?? 200) as 200, headers);
  });
  return { app, store, notices, renders: () => renders };
}

const NONCE_IN_HEADER = /'nonce-([^']+)'/;
const noncesInHtml = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

async function visit(app: Hono<AppEnv>, path = "/", headers: Record<string, string> = {}) {
  const res = await app.request(`${ORIGIN}${path}`, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  const html = (
    encoding === "gzip" ? gunzipSync(bytes) : encoding === "br" ? brotliDecompressSync(bytes) : bytes
  ).toString("utf8");
  const headerNonce = NONCE_IN_HEADER.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  return { res, html, headerNonce };
}

describe("pageStore", () => {
  it("renders a visitor's page once, then answers it with a fresh nonce each time, in the HTML and in the header", async () => {
    const t = storeApp();
    const seen = new Set<string>();
    for (const acceptEncoding of ["gzip", "br, gzip", "", "br", "gzip"]) {
      const { res, html, headerNonce } = await visit(t.app, "/", { "accept-encoding": acceptEncoding });
      expect(res.status).toBe(200);
      expect(html).toContain("render 1");
      expect(headerNonce).toBeDefined();
      expect(noncesInHtml(html)).toEqual([headerNonce, headerNonce]);
      expect(seen.has(headerNonce as string)).toBe(false);
      for (const earlier of seen) expect(html).not.toContain(earlier);
      seen.add(headerNonce as string);
    }
    expect(t.renders()).toBe(1);
  });

  it("sends the kept gzip to a client that takes gzip, marked and varying by Accept-Encoding", async () => {
    const t = storeApp();
    await visit(t.app, "/", { "accept-encoding": "gzip" });
    const { res } = await visit(t.app, "/", { "accept-encoding": "br, gzip" });
    expect(res.headers.get("x-page-cache")).toBe("hit");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(0);
  });

  it("keeps a brotli copy of an answer without a nonce (a .data request) for clients that prefer brotli", async () => {
    const t = storeApp({ data: true });
    const first = await visit(t.app, "/_root.data", { "accept-encoding": "gzip, br" });
    const second = await visit(t.app, "/_root.data", { "accept-encoding": "gzip, br" });
    const gzip = await visit(t.app, "/_root.data", { "accept-encoding": "gzip" });
    expect(second.res.headers.get("content-encoding")).toBe("br");
    expect(second.res.headers.get("x-page-cache")).toBe("hit");
    expect(gzip.res.headers.get("content-encoding")).toBe("gzip");
    expect(second.html).toBe(first.html);
    expect(gzip.html).toBe(first.html);
    expect(t.renders()).toBe(1);
  });

  it("keeps each signed-in shopper's own home page, checks the session every time, and never mixes shoppers or visitors", async () => {
    const sessions = new Map<string, PageViewer>([
      ["tok-ada", { id: "u-ada", email: "ada@example.com", emailVerified: true, isAdmin: false }],
      ["tok-bob", { id: "u-bob", email: "bob@example.com", emailVerified: true, isAdmin: false }],
    ]);
    let lookups = 0;
    const session: Session = async (request) => {
      lookups += 1;
      const token = /threadline\.session_token=([^;]+)/.exec(request.headers.get("cookie") ?? "")?.[1] ?? "";
      return { viewer: sessions.get(token) ?? null, cookies: [] };
    };
    const t = storeApp({ session });
    const as = (token: string, path = "/") => visit(t.app, path, { cookie: `threadline.session_token=${token}` });
    const visitor = await visit(t.app);
    expect(visitor.html).not.toContain("u-ada");
    const first = await as("tok-ada");
    const again = await as("tok-ada");
    expect(first.html).toContain("u-ada ada@example.com");
    expect(again.res.headers.get("x-page-cache")).toBe("hit");
    expect(again.html).toContain("u-ada ada@example.com");
    expect(noncesInHtml(again.html)).toEqual([again.headerNonce]);
    const bob = await as("tok-bob");
    expect(bob.html).toContain("u-bob");
    expect(bob.html).not.toContain("u-ada");
    expect((await visit(t.app)).html).not.toContain("u-");
    // Signed out: the session is gone, so the kept page is not answered any more.
    sessions.delete("tok-ada");
    const signedOut = await as("tok-ada");
    expect(signedOut.html).not.toContain("u-ada");
    expect(signedOut.res.headers.get("x-page-cache")).toBeNull();
    expect(lookups).toBeGreaterThanOrEqual(6);
  });

  it("renders a shopper's page for itself when the session cookie is renewed, or another cookie comes with it, or it is not the home page", async () => {
    const viewer: PageViewer = { id: "u-ada", email: "ada@example.com", emailVerified: true, isAdmin: false };
    const t = storeApp({ session: async () => ({ viewer, cookies: ["threadline.session_token=new; Path=/"] }) });
    await visit(t.app, "/", { cookie: "threadline.session_token=tok" });
    const renewed = await visit(t.app, "/", { cookie: "threadline.session_token=tok" });
    expect(t.store.stats().entries).toBe(0);
    // The store's lookup renewed the session: the new cookie goes out with the page.
    expect(renewed.res.headers.getSetCookie()).toContain("threadline.session_token=new; Path=/");
    const u = storeApp({ session: async () => ({ viewer, cookies: [] }) });
    await visit(u.app, "/", { cookie: "threadline.session_token=tok; threadline.flash=saved~1" });
    await visit(u.app, `/product/${PRODUCT}`, { cookie: "threadline.session_token=tok" });
    expect(u.store.stats().entries).toBe(0);
  });

  it("keeps no shopper's page that was rendered for someone else (the session ended meanwhile)", async () => {
    let calls = 0;
    const viewer: PageViewer = { id: "u-ada", email: "ada@example.com", emailVerified: true, isAdmin: false };
    // The store's check finds the session; the page's own lookup, just after, no longer does.
    const t = storeApp({ session: async () => ({ viewer: calls++ % 2 === 0 ? viewer : null, cookies: [] }) });
    const res = await visit(t.app, "/", { cookie: "threadline.session_token=tok" });
    expect(res.html).not.toContain("u-ada");
    expect(t.store.stats().entries).toBe(0);
  });

  it("renders again after a product or review notice", async () => {
    const t = storeApp();
    await visit(t.app);
    t.notices.send({ type: "review.added", productId: PRODUCT });
    expect((await visit(t.app)).html).toContain("render 2");
    expect((await visit(t.app)).html).toContain("render 2");
  });

  it("never answers or keeps a request with a cookie", async () => {
    const t = storeApp();
    await visit(t.app);
    const withCookie = await visit(t.app, "/", { cookie: "threadline.session_token=abc" });
    expect(withCookie.html).toContain("render 2");
    expect(withCookie.res.headers.get("x-page-cache")).toBeNull();
    expect((await visit(t.app)).html).toContain("render 1");
  });

  it("keeps no answer that sets a cookie", async () => {
    const t = storeApp({ setCookie: true });
    await visit(t.app);
    await visit(t.app);
    expect(t.renders()).toBe(2);
    expect(t.store.stats().entries).toBe(0);
  });

  it("keeps no answer but a 200", async () => {
    const t = storeApp({ status: 404 });
    await visit(t.app);
    await visit(t.app);
    expect(t.renders()).toBe(2);
  });

  it("holds its size bound, dropping the least recently used page", async () => {
    const t = storeApp({ maxBytes: 6_000, pad: 100 });
    for (const q of ["a", "b", "c", "d", "e", "f"]) await visit(t.app, `/?q=${q}`);
    const { entries, bytes } = t.store.stats();
    expect(bytes).toBeLessThanOrEqual(6_000);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(6);
    const rendersBefore = t.renders();
    await visit(t.app, "/?q=f");
    expect(t.renders()).toBe(rendersBefore);
    await visit(t.app, "/?q=a");
    expect(t.renders()).toBe(rendersBefore + 1);
  });
});
