import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { version as packageVersion } from "../../package.json";
import type { DatabaseHandle } from "../../server/db/client";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";
import { capturedLogger } from "../helpers/log-capture";
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";

let database: DatabaseHandle;
let t: TestApp;
let productIds: string[];
const { logger, lines: logLines } = capturedLogger("info");

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, { logger });
  const rows = await insertProducts(
    database.db,
    Array.from({ length: 30 }, (_, i) => ({
      title: i === 0 ? "Floral <b>wrap</b> dress" : `Product ${i}`,
      imageUrls: [`/media/products/p${i}`],
    })),
  );
  productIds = rows.map((r) => r.id);
});
afterAll(() => database.close());

const get = (url: string, init?: RequestInit) => t.app.request(url, init);
const cardCount = (html: string) => (html.match(/<article /g) ?? []).length;

describe("health", () => {
  it("answers /healthz and /readyz", async () => {
    expect((await get("/healthz")).status).toBe(200);
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", version: packageVersion });
  });

  it("reports not ready when the database does not answer", async () => {
    const broken: DatabaseHandle = {
      ...database,
      ping: async () => {
        throw new Error("connection refused");
      },
    };
    const other = await createTestApp(broken, { withPages: false });
    const res = await other.app.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "database unavailable", version: packageVersion });
    expect((await other.app.request("/healthz")).status).toBe(200);
  });

  it("reports not ready, naming the folder and its free bytes, when DATA_DIR runs short of space", async () => {
    let free = 300 * 1024 * 1024;
    const disks = {
      statfs: async () => ({ bavail: free / 4096, bsize: 4096 }),
      device: async () => 1,
    };
    const other = await createTestApp(database, {
      withPages: false,
      env: { MIN_FREE_DISK_MB: "256" },
      diskSpaceIo: disks,
    });
    expect((await other.app.request("/readyz")).status).toBe(200);
    free = 100 * 1024 * 1024;
    // The reading is kept for a few seconds; a new app reads afresh.
    const full = await createTestApp(database, {
      withPages: false,
      env: { MIN_FREE_DISK_MB: "256" },
      diskSpaceIo: disks,
    });
    const res = await full.app.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: "low disk space",
      reason: `DATA_DIR (${full.dataDir}) has 104857600 bytes free (100.0 MB), less than MIN_FREE_DISK_MB=256`,
      version: packageVersion,
    });
    expect((await full.app.request("/healthz")).status).toBe(200);
  });
});

describe("home page", () => {
  it("server-renders 12 products, newest first, with title, description and a Load more link", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(cardCount(html)).toBe(12);
    expect(html).toContain("<title>Threadline</title>");
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain('href="/?limit=24#item-13"');
    expect(html).toContain("Load more");
    // The newest product was inserted last.
    expect(html.indexOf("Product 29")).toBeLessThan(html.indexOf("Product 28"));
  });

  it.each([
    ["?limit=24", 24],
    ["?limit=abc", 12],
    ["?limit=-5", 12],
    ["?limit=100000", 30],
    ["?limit=1e9", 30],
  ])("%s shows %i products and never fails", async (search, expected) => {
    const res = await get(`/${search}`);
    expect(res.status).toBe(200);
    expect(cardCount(await res.text())).toBe(expected);
  });

  it("Load more works without JavaScript: a link to the next 12, which lands on the 13th card", async () => {
    const html = withoutTextSeparators(await (await get("/")).text());
    const more = elements(html, /<a[\s>]/).filter((a) => textOf(a) === "Load more");
    expect(more.map((a) => attribute(a, "href"))).toEqual(["/?limit=24#item-13"]);
    const next = withoutTextSeparators(await (await get("/?limit=24")).text());
    const cards = elements(element(next, /<ul [^>]*aria-label="Products"/), /<article[\s>]/);
    expect(cards).toHaveLength(24);
    expect(attribute(cards[12], "id")).toBe("item-13");
  });

  it("each card offers Add to cart (a button) and View (a link)", async () => {
    const html = withoutTextSeparators(await (await get("/")).text());
    const cards = elements(element(html, /<ul [^>]*aria-label="Products"/), /<article[\s>]/);
    expect(cards).toHaveLength(12);
    for (const card of cards) {
      const title = textOf(element(card, /<h3[\s>]/));
      const add = elements(card, /<button[\s>]/).filter((b) => /^Add to cart/.test(attribute(b, "aria-label") ?? ""));
      expect(add.map((b) => attribute(b, "aria-label"))).toEqual([`Add to cart: ${title}`]);
      const view = elements(card, /<a[\s>]/).filter((a) => attribute(a, "aria-label") === `View ${title}`);
      expect(view).toHaveLength(1);
      expect(attribute(view[0], "href")).toMatch(/^\/product\/[0-9a-f-]{36}$/);
    }
  });

  it("the footer has real content: a Shipping & returns page, and the rights reserved", async () => {
    const home = withoutTextSeparators(await (await get("/")).text());
    const footer = element(home, /<footer[\s>]/);
    expect(textOf(footer)).toContain("All rights reserved");
    const links = elements(footer, /<a[\s>]/).filter((a) => textOf(a) === "Shipping & returns");
    expect(links).toHaveLength(1);
    const res = await get(attribute(links[0], "href") as string);
    expect(res.status).toBe(200);
    const page = withoutTextSeparators(await res.text());
    expect(elements(element(page, /<main[\s>]/), /<h1[\s>]/).map(textOf)).toEqual(["Shipping & returns"]);
    expect(textOf(element(page, /<footer[\s>]/))).toContain("All rights reserved");
  });

  it("shows the empty message when there is nothing to sell", async () => {
    const empty = await createTestDatabase();
    try {
      const other = await createTestApp(empty);
      const html = await (await other.app.request("/")).text();
      expect(html).toContain("No products available right now.");
    } finally {
      await empty.close();
    }
  });
});

describe("not found", () => {
  it.each([
    "/product/not-a-uuid",
    "/product/00000000-0000-0000-0000-000000000000",
    "/no/such/page",
    "/nope",
    "/product/1'%20or%201=1",
  ])("%s is a 404 page without a stack trace", async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it.each(["/this/does/not/exist", "/product/not-a-product", "/product/4f0c9d36-2b0a-4c55-9a1e-3f6f2b9c1d77"])(
    "%s answers 404 with the 404 page: its heading 'Page not found' and the code",
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(404);
      // The page may come in the first chunk or streamed after it: its one h1 and code either way.
      const html = withoutTextSeparators(await res.text());
      expect(elements(html, /<h1[\s>]/).map(textOf)).toEqual(["Page not found"]);
      expect(elements(html, /<p[\s>]/).map(textOf)).toContain("404");
    },
  );

  it("serves a real product page", async () => {
    const res = await get(`/product/${productIds[3]}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Product 3");
  });
});

describe("robots and sitemap", () => {
  it("lists every product in the sitemap with absolute URLs", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    for (const id of productIds) expect(xml).toContain(`<loc>http://store.test/product/${id}</loc>`);
    expect(xml).toContain("<loc>http://store.test/</loc>");
  });

  it("points crawlers at the sitemap and away from private pages", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toContain("Sitemap: http://store.test/sitemap.xml");
    expect(text).toContain("Disallow: /checkout");
  });
});

describe("static files and headers", () => {
  it("serves hashed assets with long immutable caching", async () => {
    const assets = readdirSync(path.resolve(import.meta.dirname, "../../build/client/assets"));
    const js = assets.find((f) => f.endsWith(".js"))!;
    const res = await get(`/assets/${js}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get("/assets/missing-abc123.js")).status).toBe(404);
    const favicon = await get("/favicon.svg");
    expect(favicon.headers.get("content-type")).toContain("image/svg+xml");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    // Pages are never cached publicly: later they carry a signed-in shopper's data.
    expect((await get("/")).headers.get("cache-control") ?? "").not.toContain("public");
  });

  it("serves stored images as WebP with nosniff and immutable caching, and nothing outside the media folder", async () => {
    mkdirSync(path.join(t.dataDir, "media", "products"), { recursive: true });
    writeFileSync(path.join(t.dataDir, "media", "products", "x-320.webp"), Buffer.from("RIFF....WEBP"));
    writeFileSync(path.join(t.dataDir, "secret.txt"), "do not serve");
    const res = await get("/media/products/x-320.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toContain("immutable");
    for (const url of ["/media/../secret.txt", "/media/%2e%2e/secret.txt", "/media/products/../../secret.txt"]) {
      const r = await get(url);
      expect(r.status).toBe(404);
      expect(await r.text()).not.toContain("do not serve");
    }
  });

  it("sends security headers and a request id on pages", async () => {
    const res = await get("/");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a sane incoming request id and replaces a hostile one", async () => {
    expect((await get("/healthz", { headers: { "x-request-id": "abc12345-trace" } })).headers.get("x-request-id")).toBe(
      "abc12345-trace",
    );
    for (const hostile of ["<script>forged</script>", "forged".repeat(40), "short"]) {
      const id = (await get("/healthz", { headers: { "x-request-id": hostile } })).headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("logs", () => {
  it("are JSON lines with a request id and never contain cookies or authorization headers", async () => {
    logLines.length = 0;
    await get("/?q=boots", {
      headers: { cookie: "session=SECRET-COOKIE-VALUE", authorization: "Bearer SECRET-TOKEN" },
    });
    expect(logLines.length).toBeGreaterThan(0);
    const entries = logLines.map((line) => JSON.parse(line));
    expect(entries.some((e) => e.path === "/" && e.status === 200 && typeof e.requestId === "string")).toBe(true);
    const all = logLines.join("\n");
    expect(all).not.toContain("SECRET-COOKIE-VALUE");
    expect(all).not.toContain("SECRET-TOKEN");
  });
});
