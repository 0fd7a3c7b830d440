import { createServer, type IncomingHttpHeaders, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFastLane } from "../../server/http/fast-lane";
import { type AdminTest, startAdminTest } from "../helpers/admin";
import { capturedLogger } from "../helpers/log-capture";
import type { TestBrowser } from "../helpers/accounts";

/**
 * The fast lane (server/http/fast-lane.ts, decision 064) in front of the whole app on a real
 * node:http server, as start.ts runs it: kept pages are answered without the app, exactly as the
 * app answers them, and everything else still goes to the app.
 */
let test: AdminTest;
let server: Server;
let base: string;
let appCalls = 0;
let productId: string;
const log = capturedLogger("info");

beforeAll(async () => {
  test = await startAdminTest({ logger: log.logger, env: { LOG_LEVEL: "info" } });
  const picture = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#6b4f3a" } })
    .png()
    .toBuffer();
  ({ id: productId } = await test.t.services.adminCatalog.createProduct(
    {
      title: "Fast lane linen dress",
      price: 6400,
      category: "Dress",
      description: "Light.",
      sizes: ["M"],
      stockCount: 3,
      colors: [],
      variants: [{ size: "M", color: null, stock: 3, sku: null }],
    },
    [new File([new Uint8Array(picture)], "dress.png", { type: "image/png" })],
  ));
  const listener = getRequestListener((request, env) => {
    appCalls++;
    return test.t.app.fetch(request, env);
  });
  server = createServer(withFastLane(listener, () => test.t.app.fastLane));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await test.t.services.events.close();
  await test.stop();
});

const cookieOf = (browser: TestBrowser) => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

/** One GET over HTTP; whether the app saw it; the body decoded; the CSP nonce of the header and those in the page. */
async function get(path: string, headers: Record<string, string> = {}) {
  const before = appCalls;
  const res = await fetch(`${base}${path}`, { headers: { "accept-encoding": "gzip", ...headers } });
  const body = await res.text();
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  return {
    res,
    body,
    byApp: appCalls > before,
    nonce,
    pageNonces: new Set([...body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1])),
  };
}

/** A GET as sent over the wire (no decoding), with any path, even one fetch would normalise. */
function rawGet(path: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpRequest({ host: "127.0.0.1", port: new URL(base).port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

/** The headers both answers must share: all but the per-answer ones. */
function comparable(res: Response) {
  const skip = new Set(["date", "x-request-id", "content-security-policy", "vary", "keep-alive", "connection"]);
  return Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)).sort());
}

describe("the fast lane", () => {
  it("answers a visitor's kept page without the app, as the app answers it, with a fresh nonce", async () => {
    const first = await get("/");
    expect(first.byApp).toBe(true);
    expect(first.res.headers.get("x-page-cache")).toBe("miss");
    const second = await get("/");
    expect(second.byApp).toBe(false);
    expect(second.res.headers.get("x-page-cache")).toBe("hit");
    const third = await get("/");
    expect(third.byApp).toBe(false);
    for (const answer of [first, second, third]) {
      expect(answer.res.status).toBe(200);
      expect(answer.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(answer.pageNonces).toEqual(new Set([answer.nonce]));
    }
    expect(new Set([first.nonce, second.nonce, third.nonce]).size).toBe(3);
    // Byte for byte the app's page, but for the nonce; the same headers, but for the per-answer ones.
    expect(second.body.replaceAll(second.nonce as string, "N")).toBe(first.body.replaceAll(first.nonce as string, "N"));
    expect(comparable(second.res)).toEqual({ ...comparable(first.res), "x-page-cache": "hit" });
    expect(second.res.headers.get("content-security-policy")?.replace(second.nonce as string, "N")).toBe(
      first.res.headers.get("content-security-policy")?.replace(first.nonce as string, "N"),
    );
    expect(second.res.headers.get("x-request-id")).not.toBe(third.res.headers.get("x-request-id"));
  });

  it("encodes per request as the app does: gzip, brotli for a data request, plain text", async () => {
    await get("/_root.data");
    const br = await rawGet("/_root.data", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["x-page-cache"]).toBe("hit");
    expect(zlib.brotliDecompressSync(br.body).toString()).toContain("config");
    const raw = await rawGet("/", { "accept-encoding": "identity" });
    expect(raw.headers["content-encoding"]).toBeUndefined();
    expect(raw.headers["x-page-cache"]).toBe("hit");
    expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
    expect(raw.body.toString()).toContain("<!DOCTYPE html>");
    const gz = (await rawGet("/", { "accept-encoding": "gzip" })).body;
    expect(zlib.gunzipSync(gz).toString()).toContain("<!DOCTYPE html>");
  });

  it("answers a shopper's own kept pages only while the session lasts", async () => {
    const product = `/product/${productId}`;
    const cookie = cookieOf(test.other);
    for (const path of ["/", product]) {
      expect((await get(path, { cookie })).byApp).toBe(true);
      const kept = await get(path, { cookie });
      expect(kept.byApp, path).toBe(false);
      expect(kept.body).toContain("other@example.com");
      expect(kept.res.headers.get("cache-control")).toBe("private, no-store");
      expect(kept.pageNonces).toEqual(new Set([kept.nonce]));
    }
    // Another shopper's pages are never this one's.
    const shopper = await get("/", { cookie: cookieOf(test.shopper) });
    expect(shopper.body).not.toContain("other@example.com");
    // Signed out: the same cookie gets no kept page from the lane, and the app's answer is a visitor's.
    const browser = test.other;
    expect((await browser.postJson("/api/auth/sign-out", {})).status).toBe(200);
    for (const path of ["/", product]) {
      const after = await get(path, { cookie });
      expect(after.byApp, path).toBe(true);
      expect(after.body).not.toContain("other@example.com");
      expect(after.body).toMatch(/>Login</);
    }
  });

  it("keys a shopper's product page by the sizes they wait for, read with the session as the app reads them", async () => {
    const picture = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#3a4f6b" } })
      .png()
      .toBuffer();
    const { id: soldOut } = await test.t.services.adminCatalog.createProduct(
      {
        title: "Fast lane sold-out skirt",
        price: 4200,
        category: "Dress",
        description: "Gone.",
        sizes: ["S", "M"],
        stockCount: 0,
        colors: [],
        variants: [
          { size: "S", color: null, stock: 0, sku: null },
          { size: "M", color: null, stock: 0, sku: null },
        ],
      },
      [new File([new Uint8Array(picture)], "skirt.png", { type: "image/png" })],
    );
    const path = `/product/${soldOut}`;
    const cookie = cookieOf(test.shopper);
    const said = (body: string) => /Stock alerts set: ([^<]*)/.exec(body)?.[1] ?? "none";
    expect((await get(path, { cookie })).byApp).toBe(true);
    const kept = await get(path, { cookie });
    expect(kept.byApp).toBe(false);
    expect(said(kept.body)).toBe("none");
    await test.t.services.stockAlerts.request(test.shopperId, { productId: soldOut, size: "M" });
    const changed = await get(path, { cookie });
    expect(changed.byApp).toBe(true);
    expect(said(changed.body)).toBe("M.");
    const again = await get(path, { cookie });
    expect(again.byApp).toBe(false);
    expect(said(again.body)).toBe("M.");
    // The data request of the same page, kept under the same key.
    await get(`${path}.data`, { cookie });
    expect((await get(`${path}.data`, { cookie })).byApp).toBe(false);
  });

  it("leaves everything else to the app", async () => {
    await get("/about");
    expect((await get("/about")).byApp).toBe(false);
    const cases: [string, Record<string, string>, string][] = [
      ["/about", {}, "HEAD"],
      ["/about?utm=1", {}, "GET"],
      ["/about", { cookie: "theme=dark" }, "GET"],
      ["/orders", {}, "GET"],
      ["/api/search/suggest?q=li", {}, "GET"],
    ];
    for (const [path, headers, method] of cases) {
      const before = appCalls;
      await rawGet(path, headers, method);
      expect(appCalls, `${method} ${path}`).toBe(before + 1);
    }
    // A path that would parse as another host is the app's to answer.
    const before = appCalls;
    await rawGet("//evil.test/about", { host: "store.test" });
    expect(appCalls).toBe(before + 1);
  });

  it("empties with the catalogue's notices as the app's store does", async () => {
    await get("/");
    expect((await get("/")).byApp).toBe(false);
    test.t.services.events.publish({ type: "product.updated", productId });
    const after = await get("/");
    expect(after.byApp).toBe(true);
    expect(after.res.headers.get("x-page-cache")).toBe("miss");
  });

  it("counts its answers in /metrics and writes the app's log line with a request id", async () => {
    await get("/");
    const kept = await get("/", { "x-request-id": "lane-test-0001" });
    expect(kept.byApp).toBe(false);
    expect(kept.res.headers.get("x-request-id")).toBe("lane-test-0001");
    const line = log.lines.map((l) => JSON.parse(l)).find((l) => l.requestId === "lane-test-0001");
    expect(line).toMatchObject({ msg: "request", method: "GET", path: "/", status: 200 });
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/page_cache[a-z_]*\{result="hit"\} [1-9]/);
    expect(metrics).toMatch(/route="\/",status="200"\} [1-9]/);
  });
});
