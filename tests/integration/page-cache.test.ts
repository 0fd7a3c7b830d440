import { gunzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveNotice } from "../../domain/live-events";
import { type AccountsTestApp, createAccountsTestApp, TestBrowser } from "../helpers/accounts";
import { ADMIN, type AdminTest, startAdminTest } from "../helpers/admin";
import { insertCheckout, insertUser } from "../helpers/reviews";

/**
 * Visitors' catalogue pages and the catalogue data are kept in memory (docs/decisions/024-visitor-page-cache.md).
 * Every change of a product shows on the very next request, a shopper never gets a visitor's
 * page, and every answer carries its own CSP nonce.
 */

let test: AdminTest;
let productId: string;
let title = "Cached linen dress";

const photo = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 400, height: 500, channels: 3, background: "#7a5a3c" } })
          .png()
          .toBuffer(),
      ),
    ],
    "dress.png",
    {
      type: "image/png",
    },
  );
const input = () => ({
  title,
  price: 5990,
  category: "Dress" as const,
  description: "Light.",
  sizes: [],
  stockCount: 1,
  colors: [],
  variants: [{ size: null, color: null, stock: 1, sku: null }],
});

beforeAll(async () => {
  test = await startAdminTest();
  ({ id: productId } = await test.t.services.adminCatalog.createProduct(input(), [await photo()]));
}, 120_000);
afterAll(async () => {
  await test.t.services.events.close();
  await test.stop();
});

/** A visitor's request (no cookie at all), read as the browser would: the body decoded, the header's nonce. */
async function asVisitor(app: AccountsTestApp["app"], path: string, acceptEncoding = "br, gzip") {
  const res = await new TestBrowser(app, "198.51.100.60").request(path, {
    headers: { "accept-encoding": acceptEncoding },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  const { brotliDecompressSync } = await import("node:zlib");
  const body = (
    encoding === "gzip" ? gunzipSync(bytes) : encoding === "br" ? brotliDecompressSync(bytes) : bytes
  ).toString("utf8");
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  return { res, body, nonce, cache: res.headers.get("x-page-cache") };
}

const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);

describe("a visitor's page from the cache", () => {
  it("is rendered once and then answered with a fresh nonce each time, the header's nonce on every script", async () => {
    const first = await asVisitor(test.t.app, "/");
    expect(first.res.status).toBe(200);
    const second = await asVisitor(test.t.app, "/");
    const third = await asVisitor(test.t.app, "/", "gzip");
    expect(second.cache).toBe("hit");
    expect(third.cache).toBe("hit");
    const nonces = [first, second, third].map((answer) => {
      expect(answer.body).toContain(title);
      expect(answer.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const inHtml = noncesIn(answer.body);
      expect(inHtml.length).toBeGreaterThan(0);
      expect(new Set(inHtml)).toEqual(new Set([answer.nonce]));
      return answer.nonce as string;
    });
    expect(new Set(nonces).size).toBe(3);
    // Nothing of an earlier answer's nonce is left anywhere in a later one.
    expect(second.body).not.toContain(nonces[0]);
    expect(third.body).not.toContain(nonces[0]);
    expect(third.body).not.toContain(nonces[1]);
  });

  it("keeps a visitor's data request too, the same as a fresh render", async () => {
    const first = await asVisitor(test.t.app, "/_root.data");
    const second = await asVisitor(test.t.app, "/_root.data");
    expect(second.cache).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.body).toContain(title);
  });

  it("shows an administrator's edit on the very next request: home, product page and data", async () => {
    for (const path of ["/", `/product/${productId}`, "/_root.data"]) await asVisitor(test.t.app, path);
    expect((await asVisitor(test.t.app, `/product/${productId}`)).cache).toBe("hit");
    const current = await test.t.services.adminCatalog.getProduct(productId);
    title = "Cached linen dress, now lined";
    await test.t.services.adminCatalog.updateProduct(productId, input(), current!.imageUrls, []);
    for (const path of ["/", `/product/${productId}`, "/_root.data"]) {
      const answer = await asVisitor(test.t.app, path);
      expect(answer.cache).toBe("miss");
      expect(answer.body).toContain("Cached linen dress, now lined");
    }
  });

  it("shows a purchase's stock on the very next request (the last piece sold: Out of Stock)", async () => {
    expect((await asVisitor(test.t.app, `/product/${productId}`)).body).toContain("In Stock");
    const buyer = await insertUser(test.database.db, { email: "buyer-cache@example.com" });
    const checkout = await insertCheckout(test.database.db, buyer, [productId]);
    await test.t.services.orders.fulfilCheckout(checkout.id, {
      paymentId: "PAY-CACHE-1",
      paymentRef: null,
      sandbox: true,
    });
    const after = await asVisitor(test.t.app, `/product/${productId}`);
    expect(after.body).toContain("Out of Stock");
    expect(after.body).not.toContain("In Stock");
  });

  it("shows a review on the very next request: the product page and the home page's rating", async () => {
    await asVisitor(test.t.app, `/product/${productId}`);
    await asVisitor(test.t.app, "/");
    await test.t.services.reviews.create({ id: test.shopperId, isAdmin: false }, productId, {
      rating: 5,
      text: "Seen at once",
    });
    expect((await asVisitor(test.t.app, `/product/${productId}`)).body).toContain("Seen at once");
    expect((await asVisitor(test.t.app, "/")).body).toContain(
      '<span class="sr-only">out of 5, </span>(<!-- -->1<!-- -->)',
    );
    const { items } = await test.t.services.catalog.listProducts({ limit: 12, sort: "newest" });
    expect(items.find((p) => p.id === productId)?.reviewCount).toBe(1);
  });

  it("never answers a signed-in shopper with a visitor's page: each shopper's home page is their own", async () => {
    await asVisitor(test.t.app, "/");
    expect((await asVisitor(test.t.app, "/")).cache).toBe("hit");
    const first = await test.shopper.request("/");
    expect(await first.text()).toContain("shopper@example.com");
    const again = await test.shopper.request("/");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("cache-control")).toBe("private, no-store");
    const html = await again.text();
    expect(html).toContain("shopper@example.com");
    expect(html).not.toMatch(/>Login</);
    expect(html).not.toContain("other@example.com");
    const nonce = /'nonce-([^']+)'/.exec(again.headers.get("content-security-policy") ?? "")?.[1];
    expect(new Set(noncesIn(html))).toEqual(new Set([nonce]));
    const other = await (await test.other.request("/")).text();
    expect(other).toContain("other@example.com");
    expect(other).not.toContain("shopper@example.com");
    const visitor = await asVisitor(test.t.app, "/");
    expect(visitor.body).toMatch(/>Login</);
    expect(visitor.body).not.toContain("shopper@example.com");
    const data = await test.admin.request("/_root.data");
    expect(await data.text()).toContain(ADMIN);
  });

  it('keeps each shopper\'s own product page, and shows their "Notify me" and their review at once', async () => {
    const { id: soldOut } = await test.t.services.adminCatalog.createProduct(
      {
        ...input(),
        title: "Sold-out wrap dress",
        sizes: ["S", "M"],
        stockCount: 0,
        variants: [
          { size: "S", color: null, stock: 0, sku: null },
          { size: "M", color: null, stock: 0, sku: null },
        ],
      },
      [await photo()],
    );
    const page = `/product/${soldOut}`;
    const open = async (browser: TestBrowser, path = page) => {
      const res = await browser.request(path);
      expect(res.status).toBe(200);
      return { cache: res.headers.get("x-page-cache"), body: await res.text() };
    };
    // What the page says of the shopper's alerts (app/components/catalog/notify-me.tsx), as rendered.
    const waitingIn = (body: string) => /Stock alerts set: ([^<]*)/.exec(body)?.[1] ?? "none";
    expect((await open(test.shopper)).cache).toBe("miss");
    const kept = await open(test.shopper);
    expect(kept.cache).toBe("hit");
    expect(kept.body).toContain("shopper@example.com");
    expect(kept.body).not.toContain("other@example.com");
    const other = await open(test.other);
    expect(other.body).toContain("other@example.com");
    expect(other.body).not.toContain("shopper@example.com");
    const noneWaiting = "none";
    expect(waitingIn(kept.body)).toBe(noneWaiting);

    // The shopper asks to be told about size M: the very next page shows it, the other shopper's does not.
    expect(await test.t.services.stockAlerts.request(test.shopperId, { productId: soldOut, size: "M" })).toBe(
      "created",
    );
    const waiting = await open(test.shopper);
    expect(waiting.cache).toBe("miss");
    expect(waitingIn(waiting.body)).toBe("M.");
    expect((await open(test.shopper)).cache).toBe("hit");
    expect((await open(test.shopper, `${page}.data`)).body).toContain("stockAlertsWaiting");
    expect(waitingIn((await open(test.other)).body)).toBe(noneWaiting);

    // Cancelled: back to the page without it.
    const [alert] = await test.t.services.stockAlerts.list(test.shopperId);
    await test.t.services.stockAlerts.cancel(test.shopperId, alert.id);
    expect(waitingIn((await open(test.shopper)).body)).toBe(noneWaiting);

    // The shopper's own review is marked as theirs on the very next page.
    await test.t.services.reviews.create({ id: test.shopperId, isAdmin: false }, soldOut, {
      rating: 4,
      text: "Mine, seen at once",
    });
    const reviewed = await open(test.shopper);
    expect(reviewed.cache).toBe("miss");
    expect(reviewed.body).toContain("Mine, seen at once");
    expect(reviewed.body).toContain("Your review");
  });

  it("a signed-out shopper's kept page is never answered again", async () => {
    const browser = new TestBrowser(test.t.app, "198.51.100.61");
    for (const [k, v] of test.other.cookies) browser.cookies.set(k, v);
    await browser.request("/");
    expect((await browser.request("/")).headers.get("x-page-cache")).toBe("hit");
    const stale = new Map(browser.cookies);
    expect((await browser.postJson("/api/auth/sign-out", {})).status).toBe(200);
    const replay = new TestBrowser(test.t.app, "198.51.100.62");
    for (const [k, v] of stale) replay.cookies.set(k, v);
    const res = await replay.request("/");
    expect(res.headers.get("x-page-cache")).toBeNull();
    const html = await res.text();
    expect(html).not.toContain("other@example.com");
    expect(html).toMatch(/>Login</);
  });

  it("renders a request with any cookie for itself", async () => {
    await asVisitor(test.t.app, "/");
    const res = await test.t.app.request("http://store.test/", { headers: { cookie: "unrelated=1" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-page-cache")).toBeNull();
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  // Two store instances behind one PostgreSQL database (chosen by the environment, not skipped:
  // CI runs the suite on PGlite and on PostgreSQL).
  describe("two instances on one PostgreSQL database", () => {
    let second: Awaited<ReturnType<typeof import("../../server/db/client").openPostgres>>;
    let b: AccountsTestApp;

    beforeAll(async () => {
      const { openPostgres } = await import("../../server/db/client");
      second = await openPostgres(test.database.connectionString!, { max: 3 });
      b = await createAccountsTestApp(second, {
        env: { SMTP_URL: test.smtp.url, ADMIN_EMAIL: ADMIN },
        dataDir: test.t.dataDir,
        withPages: true,
      });
      await b.services.events.listening();
      await test.t.services.events.listening();
    });
    afterAll(async () => {
      await b.services.events.close();
      await second.close();
    });

    /** Resolves when instance B hears `type` for the product (its caches are empty from then on). */
    function heardOnB(type: string) {
      return new Promise<void>((resolve) => {
        const stop = b.services.events.subscribe((notice: LiveNotice) => {
          if (notice.type === type && "productId" in notice && notice.productId === productId) {
            stop();
            resolve();
          }
        });
      });
    }

    it("an edit on A shows on B's next request once A's notice has crossed PostgreSQL", async () => {
      await asVisitor(b.app, `/product/${productId}`);
      expect((await asVisitor(b.app, `/product/${productId}`)).cache).toBe("hit");
      const heard = heardOnB("product.updated");
      const current = await test.t.services.adminCatalog.getProduct(productId);
      title = "Edited on instance A";
      await test.t.services.adminCatalog.updateProduct(productId, input(), current!.imageUrls, []);
      await heard;
      const answer = await asVisitor(b.app, `/product/${productId}`);
      expect(answer.cache).toBe("miss");
      expect(answer.body).toContain("Edited on instance A");
      expect((await asVisitor(b.app, "/")).body).toContain("Edited on instance A");
    });

    it("a review on A shows on B's next request", async () => {
      await asVisitor(b.app, `/product/${productId}`);
      const heard = heardOnB("review.added");
      await test.t.services.reviews.create({ id: test.otherId, isAdmin: false }, productId, {
        rating: 4,
        text: "Posted through A",
      });
      await heard;
      expect((await asVisitor(b.app, `/product/${productId}`)).body).toContain("Posted through A");
    });
  });
}
