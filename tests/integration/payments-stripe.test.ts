import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../helpers/accounts";
import {
  paymentResult,
  body,
  checkoutByRef,
  mailTo,
  ordersOf,
  type PaymentsTest,
  type Shopper,
  shopper,
  startPaymentsTest,
  stockOf,
} from "../helpers/payments";
import { insertProducts, setStock } from "../helpers/products";

/**
 * The Stripe Checkout path end to end through the HTTP app, against the local fake of Stripe's
 * API. Replays, races and forged webhooks are in tests/security/stripe-webhook-attacks.test.ts.
 */

let test: PaymentsTest;
let ada: Shopper;
let coat: string;

beforeAll(async () => {
  test = await startPaymentsTest({ stripe: true });
  ada = await shopper(test, "ada-stripe@example.com");
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

describe("a Stripe purchase", () => {
  it("creates a session for the server's total and records the order from the signed webhook", async () => {
    const session = await createSession();
    expect(session).toMatchObject({ mode: "stripe", totalCents: 13210 });
    expect(session.url).toContain(test.stripe!.url);
    expect(test.stripe!.sessions.get(session.id)?.amount_total).toBe(13210);

    // Paid, but nothing is recorded before Stripe says so.
    const early = await paymentResult(await successCheck(session.id));
    expect(early).toMatchObject({ outcome: "pending", status: "open", id: session.id });
    expect(await ordersFor(session.id)).toHaveLength(0);

    test.stripe!.markPaid(session.id);
    const event = test.stripe!.webhook("checkout.session.completed", session.id);
    const res = await deliver(event.body, event.signature);
    expect(res.status).toBe(200);
    const [order] = await ordersFor(session.id);
    expect(order).toMatchObject({
      paymentMethod: "stripe",
      userEmail: ada.email,
      subtotalCents: 12000,
      taxCents: 1200,
      shippingCents: 10,
      status: "placed",
      sandbox: false,
    });
    expect(await stockOf(test.database, coat)).toBe(1);
    expect(await mailTo(test.database, ada.email, "Your Threadline order")).toHaveLength(1);

    // The success page's check finds the same order.
    expect(await paymentResult(await successCheck(session.id))).toEqual({
      outcome: "paid",
      status: "COMPLETED",
      id: session.id,
      orderId: order.id,
    });
  });

  it("records the order from the success page when the webhook has not arrived", async () => {
    const session = await createSession();
    test.stripe!.markPaid(session.id);
    const reply = await paymentResult(await successCheck(session.id, ada.browser));
    expect(reply).toMatchObject({ outcome: "paid", status: "COMPLETED" });
    expect(await ordersFor(session.id)).toHaveLength(1);
    // Reloading the page changes nothing.
    await successCheck(session.id, ada.browser);
    expect(await ordersFor(session.id)).toHaveLength(1);
    expect(await stockOf(test.database, coat)).toBe(1);
  });
});

describe("stock that runs out before the paid session is recorded", () => {
  it("is refunded through Stripe, and the shopper is told", async () => {
    const session = await createSession(2);
    await setStock(test.database.db, coat, 1);
    const paid = test.stripe!.markPaid(session.id);
    const event = test.stripe!.webhook("checkout.session.completed", session.id);
    expect((await deliver(event.body, event.signature)).status).toBe(200);
    expect(await ordersFor(session.id)).toHaveLength(0);
    expect(await stockOf(test.database, coat)).toBe(1);
    expect(test.stripe!.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toEqual([
      expect.objectContaining({ amount: 26410, status: "succeeded" }),
    ]);
    expect((await checkoutByRef(test.database, session.id))?.status).toBe("refunded");
    expect(await paymentResult(await successCheck(session.id))).toMatchObject({
      outcome: "refunded",
      code: "refunded",
      message: "This payment was refunded.",
    });
    // Replays do not refund twice.
    await deliver(event.body, event.signature);
    expect(test.stripe!.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toHaveLength(1);
  });
});

describe("reconciliation", () => {
  it("records a payment whose webhook and success page never arrived, and expires abandoned sessions", async () => {
    const paid = await createSession(1);
    // Another cart (two coats): the same cart would get the same open session back.
    const abandoned = await createSession(2);
    test.stripe!.markPaid(paid.id);
    test.stripe!.expire(abandoned.id);
    await test.t.services.payments.reconciler.runOnce(new Date(Date.now() + 10 * 60_000));
    expect(await ordersFor(paid.id)).toHaveLength(1);
    expect((await checkoutByRef(test.database, abandoned.id))?.status).toBe("expired");
    expect(await ordersFor(abandoned.id)).toHaveLength(0);
  });

  it("leaves a session the shopper is still paying alone", async () => {
    const open = await createSession();
    await test.t.services.payments.reconciler.runOnce(new Date(Date.now() + 10 * 60_000));
    expect((await checkoutByRef(test.database, open.id))?.status).toBe("pending");
  });
});
