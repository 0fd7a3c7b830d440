import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMessages } from "../../domain/payment-messages";
import { authThrottles } from "../../server/db/schema";
import { createApp } from "../../server/http/app";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";
import { createLocalStorage } from "../../server/storage/local";
import { TestBrowser } from "../helpers/accounts";
import { body, type PaymentsTest, type Shopper, shopper, startPaymentsTest, worldSnapshot } from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * Finding 7: nothing limited how often one shopper could start payments, each of which costs
 * provider calls (and may hold stock). Now create-paypal-order, create-stripe-session and
 * verify-paypal-order share a per-shopper limit (CHECKOUT_RATE_LIMIT a minute, 3 here),
 * counted in the database, answered 429 with Retry-After.
 */

let test: PaymentsTest;
let ada: Shopper;
let bob: Shopper;
let tee: string;

beforeAll(async () => {
  test = await startPaymentsTest({ env: { CHECKOUT_RATE_LIMIT: "3" } });
  ada = await shopper(test, "ada-limit@example.com");
  bob = await shopper(test, "bob-limit@example.com");
  [{ id: tee }] = await insertProducts(test.database.db, [
    { title: "Limit Tee", priceCents: 1500, sizes: [], stockCount: 100 },
  ]);
});
afterAll(() => test.stop());

const cart = (who: Shopper, quantity: number) => body(who, [{ productId: tee, quantity }]);

/** Moves the shopper's window a minute into the past, as if the minute had gone by. */
async function minutePasses(who: Shopper) {
  await test.database.db
    .update(authThrottles)
    .set({ windowStartedAt: new Date(Date.now() - 61_000) })
    .where(eq(authThrottles.key, `checkout-start:${who.userId}`));
}

describe("payment starts per shopper", () => {
  it("the three endpoints share the limit; past it: 429, Retry-After, a clear message, and nothing changes", async () => {
    expect((await ada.browser.postJson("/api/create-paypal-order", cart(ada, 1))).status).toBe(200);
    expect((await ada.browser.postJson("/api/create-stripe-session", cart(ada, 2))).status).toBe(200);
    // A verification of an order the store does not know still counts: it asked PayPal.
    expect((await ada.browser.postJson("/api/verify-paypal-order", { orderId: "SANDBOXNOSUCHORDER01" })).status).toBe(
      404,
    );

    for (const [endpoint, payload] of [
      ["/api/create-paypal-order", cart(ada, 3)],
      ["/api/create-stripe-session", cart(ada, 3)],
      ["/api/verify-paypal-order", { orderId: "SANDBOXNOSUCHORDER01" }],
    ] as const) {
      const before = await worldSnapshot(test.database);
      const res = await ada.browser.postJson(endpoint, payload);
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ message: paymentMessages.tooManyStarts });
      expect(await worldSnapshot(test.database)).toEqual(before);
    }
  });

  it("is per shopper: another shopper is not held back", async () => {
    expect((await bob.browser.postJson("/api/create-paypal-order", cart(bob, 1))).status).toBe(200);
  });

  it("is kept in the database, so another instance of the store refuses too", async () => {
    // A second store process: its own services and app, the same database.
    const logger = createLogger("silent");
    const services = createServices({
      database: test.database,
      storage: createLocalStorage(test.t.dataDir),
      config: test.t.config,
      logger,
    });
    const other = createApp({ config: test.t.config, logger, database: test.database, services });
    const elsewhere = new TestBrowser(other, "198.51.100.77");
    for (const [k, v] of ada.browser.cookies) elsewhere.cookies.set(k, v);
    expect((await elsewhere.postJson("/api/create-stripe-session", cart(ada, 4))).status).toBe(429);
    const rows = await test.database.db.select().from(authThrottles).where(like(authThrottles.key, "checkout-start:%"));
    expect(rows.find((r) => r.key === `checkout-start:${ada.userId}`)?.count).toBeGreaterThan(3);
  });

  it("lets the shopper start again once the minute is over", async () => {
    await minutePasses(ada);
    expect((await ada.browser.postJson("/api/create-stripe-session", cart(ada, 5))).status).toBe(200);
  });

  it("a visitor is refused before anything is counted", async () => {
    const visitor = new TestBrowser(test.t.app, "203.0.113.50");
    const res = await visitor.postJson("/api/create-paypal-order", cart(ada, 1));
    expect(res.status).toBe(401);
    const rows = await test.database.db.select().from(authThrottles).where(like(authThrottles.key, "checkout-start:%"));
    expect(rows.map((r) => r.key).sort()).toEqual(
      [`checkout-start:${ada.userId}`, `checkout-start:${bob.userId}`].sort(),
    );
  });
});
