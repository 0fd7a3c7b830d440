import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../helpers/accounts";
import {
  body,
  ordersOf,
  type PaymentsTest,
  type Shopper,
  shopper,
  startPaymentsTest,
  stockOf,
  worldSnapshot,
} from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * Stripe's webhook and the success page, as an attacker or a race would try them (moved here
 * from the Stripe integration tests so it stays held): replayed and simultaneous deliveries,
 * unsigned, re-signed or altered events, and session ids the store never issued.
 */

let test: PaymentsTest;
let ada: Shopper;
let coat: string;

beforeAll(async () => {
  test = await startPaymentsTest({ stripe: true });
  ada = await shopper(test, "ada-stripe-attacks@example.com");
});
afterAll(() => test.stop());

beforeEach(async () => {
  [{ id: coat }] = await insertProducts(test.database.db, [
    { title: "Stripe Coat", priceCents: 12000, sizes: [], colors: [], stockCount: 2 },
  ]);
});

async function createSession(quantity = 1) {
  const res = await ada.browser.postJson("/api/create-stripe-session", body(ada, [{ productId: coat, quantity }]));
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; url: string; mode: string; totalCents: number };
}

/** Stripe's call to the webhook: no cookies, no Origin, a signature. */
function deliver(payload: string, signature?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== undefined) headers["stripe-signature"] = signature;
  return test.t.app.request("http://store.test/api/stripe-webhook", { method: "POST", headers, body: payload });
}

const successCheck = (sessionId: string, who = new TestBrowser(test.t.app)) =>
  who.request(`/api/checkout/stripe-session/${encodeURIComponent(sessionId)}`);

const ordersFor = async (sessionId: string) => (await ordersOf(test.database)).filter((o) => o.paymentId === sessionId);

describe("replays and races", () => {
  it("the same event delivered 5 times makes one order", async () => {
    const session = await createSession();
    test.stripe!.markPaid(session.id);
    const event = test.stripe!.webhook("checkout.session.completed", session.id);
    for (let i = 0; i < 5; i++) expect((await deliver(event.body, event.signature)).status).toBe(200);
    expect(await ordersFor(session.id)).toHaveLength(1);
    expect(await stockOf(test.database, coat)).toBe(1);
  });

  it("webhook and success page at the same moment make one order", async () => {
    const session = await createSession();
    test.stripe!.markPaid(session.id);
    const event = test.stripe!.webhook("checkout.session.completed", session.id);
    const replies = await Promise.all([
      deliver(event.body, event.signature),
      successCheck(session.id),
      deliver(event.body, event.signature),
      successCheck(session.id),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await ordersFor(session.id)).toHaveLength(1);
    expect(await stockOf(test.database, coat)).toBe(1);
  });
});

describe("the webhook refuses anything Stripe did not sign (400, nothing changes)", () => {
  let sessionId: string;
  let event: { body: string; signature: string };

  beforeEach(async () => {
    sessionId = (await createSession()).id;
    test.stripe!.markPaid(sessionId);
    event = test.stripe!.webhook("checkout.session.completed", sessionId);
  });

  async function refused(payload: string, signature?: string) {
    const before = await worldSnapshot(test.database);
    const res = await deliver(payload, signature);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Invalid webhook signature" });
    expect(await worldSnapshot(test.database)).toEqual(before);
    expect(await ordersFor(sessionId)).toHaveLength(0);
  }

  it("a wrong signing secret", async () => {
    const forged = test.stripe!.webhook("checkout.session.completed", sessionId, { secret: "whsec_not_the_store_s" });
    await refused(forged.body, forged.signature);
  });

  it("one changed byte", async () => {
    const changed = event.body.replace('"amount_total":13210', '"amount_total":13219');
    expect(changed).not.toBe(event.body);
    expect(changed.length).toBe(event.body.length);
    await refused(changed, event.signature);
  });

  it("an old timestamp (a replay from long ago)", async () => {
    const old = test.stripe!.webhook("checkout.session.completed", sessionId, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    await refused(old.body, old.signature);
  });

  it("no signature header", async () => {
    await refused(event.body);
  });

  it("a garbage signature header", async () => {
    await refused(event.body, "t=1,v1=00");
  });
});

describe("made-up and foreign sessions", () => {
  it.each(["cs_test_madeup123", "cs_live_abc", "not-a-session", "cs_test_' or 1=1 --"])(
    "the success page with %s changes nothing",
    async (id) => {
      const before = await worldSnapshot(test.database);
      const calls = test.stripe!.requests.length;
      const res = await successCheck(id);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Payment session not found" });
      expect(await worldSnapshot(test.database)).toEqual(before);
      // No call to Stripe for an id the store never issued.
      expect(test.stripe!.requests.length).toBe(calls);
    },
  );
});
