import { paymentResultSchema } from "../../domain/payment-contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMessages } from "../../domain/payment-messages";
import { checkouts, sandboxPayments } from "../../server/db/schema";
import { REUSE_MAX_AGE_MS } from "../../server/payments/open-checkout";
import {
  body,
  checkoutByRef,
  type Line,
  ordersOf,
  type PaymentsTest,
  type Shopper,
  shopper,
  startPaymentsTest,
  stockOf,
} from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * Finding 8: a second checkout started while one is open for the same cart (a double submit,
 * a retry, a second tab) opened another payment that could be paid as well: two paid orders for
 * one cart. Now one shopper has at most one open checkout per cart. The same offer gets the
 * same PayPal order or Stripe session back; another offer for the same cart (other method,
 * address or price) replaces the first, which can then no longer be captured, and money that
 * still arrives for it is refunded in full.
 */

let sandbox: PaymentsTest;
let stripe: PaymentsTest;

beforeAll(async () => {
  [sandbox, stripe] = await Promise.all([startPaymentsTest(), startPaymentsTest({ stripe: true, paypal: true })]);
});
afterAll(async () => {
  await Promise.all([sandbox?.stop(), stripe?.stop()]);
});

let n = 0;
async function setUp(test: PaymentsTest) {
  n++;
  const who = await shopper(test, `reuse-${n}@example.com`);
  const [{ id }] = await insertProducts(test.database.db, [
    { title: `Reuse Jacket ${n}`, priceCents: 5000, sizes: [], stockCount: 10 },
  ]);
  return { who, cart: [{ productId: id, quantity: 1 }] as Line[], productId: id };
}

const start = (who: Shopper, method: "paypal" | "stripe", lines: Line[], extra: Record<string, unknown> = {}) =>
  who.browser.postJson(
    method === "paypal" ? "/api/create-paypal-order" : "/api/create-stripe-session",
    body(who, lines, extra),
  );

async function started(who: Shopper, method: "paypal" | "stripe", lines: Line[], extra: Record<string, unknown> = {}) {
  const res = await start(who, method, lines, extra);
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; url?: string };
}

const checkoutsOf = (test: PaymentsTest, userId: string) =>
  test.database.db.select().from(checkouts).where(eq(checkouts.userId, userId));

describe("the same cart started twice gets the same payment back", () => {
  it.each(["paypal", "stripe"] as const)("%s, one after the other and four at once", async (method) => {
    const { who, cart } = await setUp(sandbox);
    const first = await started(who, method, cart);
    const again = await started(who, method, cart);
    expect(again.id).toBe(first.id);
    const burst = await Promise.all([1, 2, 3, 4].map(() => started(who, method, cart)));
    expect(burst.map((b) => b.id)).toEqual([first.id, first.id, first.id, first.id]);
    expect(await checkoutsOf(sandbox, who.userId)).toHaveLength(1);
    const book = await sandbox.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, first.id));
    expect(book).toHaveLength(1);
  });

  it("a double submit from a fresh shopper at the very same moment opens one checkout", async () => {
    const { who, cart } = await setUp(sandbox);
    const replies = await Promise.all([started(who, "stripe", cart), started(who, "stripe", cart)]);
    expect(replies[0].id).toBe(replies[1].id);
    expect((await checkoutsOf(sandbox, who.userId)).filter((c) => c.status === "pending")).toHaveLength(1);
  });

  it("so paying it twice makes one order", async () => {
    const { who, cart, productId } = await setUp(sandbox);
    const [a, b] = await Promise.all([started(who, "stripe", cart), started(who, "stripe", cart)]);
    const paid = await Promise.all([a, b].map((s) => who.browser.postJson(`/api/sandbox/checkout/${s.id}/pay`, {})));
    const outcomes = await Promise.all(paid.map((r) => r.json()));
    expect(outcomes.map((o) => paymentResultSchema.parse(o).outcome)).toEqual(["paid", "paid"]);
    expect(outcomes[0].orderId).toBe(outcomes[1].orderId);
    expect(await ordersOf(sandbox.database, who.userId)).toHaveLength(1);
    expect(await stockOf(sandbox.database, productId)).toBe(9);
  });

  it("after the cart was paid, starting it again is a new purchase", async () => {
    const { who, cart } = await setUp(sandbox);
    const first = await started(who, "stripe", cart);
    expect((await who.browser.postJson(`/api/sandbox/checkout/${first.id}/pay`, {})).status).toBe(200);
    const second = await started(who, "stripe", cart);
    expect(second.id).not.toBe(first.id);
  });

  it("an open checkout older than the reuse window is replaced, not handed out again", async () => {
    const { who, cart } = await setUp(sandbox);
    const first = await started(who, "paypal", cart);
    const old = new Date(Date.now() - REUSE_MAX_AGE_MS - 60_000);
    await sandbox.database.db.update(checkouts).set({ createdAt: old }).where(eq(checkouts.providerRef, first.id));
    const second = await started(who, "paypal", cart);
    expect(second.id).not.toBe(first.id);
    expect((await checkoutByRef(sandbox.database, first.id))?.status).toBe("superseded");
  });
});

describe("another offer for the same cart replaces the open checkout", () => {
  it("PayPal, then card: the PayPal order can no longer be captured", async () => {
    const { who, cart, productId } = await setUp(sandbox);
    const wallet = await started(who, "paypal", cart);
    const card = await started(who, "stripe", cart);
    expect((await checkoutByRef(sandbox.database, wallet.id))?.status).toBe("superseded");
    // The buyer approves the old order in a window left open, and the page tries to capture it.
    expect((await who.browser.postJson(`/api/sandbox/paypal/${wallet.id}/approve`, {})).status).toBe(409);
    const capture = await who.browser.postJson("/api/capture-paypal-order", { orderId: wallet.id });
    expect(await capture.json()).toMatchObject({ status: "SUPERSEDED", message: "PayPal payment not completed" });
    const [book] = await sandbox.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, wallet.id));
    expect(book.captureId).toBeNull();
    expect((await who.browser.postJson(`/api/sandbox/checkout/${card.id}/pay`, {})).status).toBe(200);
    expect(await ordersOf(sandbox.database, who.userId)).toHaveLength(1);
    expect(await stockOf(sandbox.database, productId)).toBe(9);
  });

  it("card, then PayPal: the card session is closed at the provider", async () => {
    const { who, cart } = await setUp(sandbox);
    const card = await started(who, "stripe", cart);
    await started(who, "paypal", cart);
    expect((await checkoutByRef(sandbox.database, card.id))?.status).toBe("superseded");
    const late = await who.browser.postJson(`/api/sandbox/checkout/${card.id}/pay`, {});
    expect(late.status).toBe(409);
    expect(await ordersOf(sandbox.database, who.userId)).toHaveLength(0);
  });

  it("the same method to another address", async () => {
    const { who, cart } = await setUp(sandbox);
    const home = await started(who, "paypal", cart);
    const other = await sandbox.t.services.accounts.addAddress(who.userId, {
      name: "Office",
      phone: "555-0101",
      street: "9 Office Park",
      city: "Springfield",
      state: "IL",
      zipCode: "62702",
      country: "United States",
      isDefault: false,
    });
    const office = await started(who, "paypal", cart, { shippingAddressId: other.id });
    expect(office.id).not.toBe(home.id);
    expect((await checkoutByRef(sandbox.database, home.id))?.status).toBe("superseded");
    expect((await checkoutByRef(sandbox.database, office.id))?.status).toBe("pending");
  });

  it("another cart is another checkout: both stay open", async () => {
    const { who, cart, productId } = await setUp(sandbox);
    const one = await started(who, "paypal", cart);
    const two = await started(who, "paypal", [{ productId, quantity: 2 }]);
    expect(two.id).not.toBe(one.id);
    expect((await checkoutsOf(sandbox, who.userId)).map((c) => c.status)).toEqual(["pending", "pending"]);
  });

  it("waits for a PayPal capture that is holding the stock: 409, and nothing changes", async () => {
    const { who, cart } = await setUp(sandbox);
    const wallet = await started(who, "paypal", cart);
    await sandbox.database.db
      .update(checkouts)
      .set({ stockReservedAt: new Date() })
      .where(eq(checkouts.providerRef, wallet.id));
    const res = await start(who, "stripe", cart);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "payment_in_progress", message: paymentMessages.paymentInProgress });
    expect(await checkoutsOf(sandbox, who.userId)).toHaveLength(1);
    // The same offer is the capture's own order: handed out again.
    expect((await started(who, "paypal", cart)).id).toBe(wallet.id);
  });
});

describe("with Stripe", () => {
  it("a replaced session is expired at Stripe; paid anyway, its money goes back in full and no order is made", async () => {
    const { who, cart } = await setUp(stripe);
    const card = await started(who, "stripe", cart);
    await started(who, "paypal", cart);
    expect(stripe.stripe!.sessions.get(card.id)?.status).toBe("expired");
    // As if the shopper had paid on Stripe's page a moment before it was closed.
    const paid = stripe.stripe!.markPaid(card.id);
    const event = stripe.stripe!.webhook("checkout.session.completed", card.id);
    const res = await stripe.t.app.request("http://store.test/api/stripe-webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      body: event.body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      outcome: { outcome: "refunded", code: "superseded", message: paymentMessages.supersededRefunded },
    });
    expect(stripe.stripe!.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toEqual([
      expect.objectContaining({ amount: 5510 }),
    ]);
    expect((await checkoutByRef(stripe.database, card.id))?.status).toBe("refunded");
    expect(await ordersOf(stripe.database, who.userId)).toHaveLength(0);
  });

  it("a session paid whose webhook has not arrived yet: starting the cart again records that order and says so", async () => {
    const { who, cart } = await setUp(stripe);
    const card = await started(who, "stripe", cart);
    stripe.stripe!.markPaid(card.id);
    const res = await start(who, "paypal", cart);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "already_paid", message: paymentMessages.cartAlreadyPaid });
    expect((await ordersOf(stripe.database, who.userId)).map((o) => o.paymentId)).toEqual([card.id]);
  });

  it("the reconciliation pass refunds a replaced session that was paid and never reported", async () => {
    const { who, cart } = await setUp(stripe);
    const card = await started(who, "stripe", cart);
    await started(who, "paypal", cart);
    const paid = stripe.stripe!.markPaid(card.id);
    await stripe.t.services.payments.reconciler.runOnce(new Date(Date.now() + 10 * 60_000));
    expect(stripe.stripe!.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toHaveLength(1);
    expect((await checkoutByRef(stripe.database, card.id))?.status).toBe("refunded");
    expect(await ordersOf(stripe.database, who.userId)).toHaveLength(0);
  });

  it("a replaced PayPal order the browser captured anyway is refunded when verified", async () => {
    const { who, cart } = await setUp(stripe);
    const wallet = await started(who, "paypal", cart);
    await started(who, "stripe", cart);
    stripe.paypal!.approve(wallet.id);
    stripe.paypal!.captureOutOfBand(wallet.id);
    const res = await who.browser.postJson("/api/verify-paypal-order", { orderId: wallet.id });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "superseded", message: paymentMessages.supersededRefunded });
    expect(stripe.paypal!.orders.get(wallet.id)?.capture?.status).toBe("REFUNDED");
    expect(await ordersOf(stripe.database, who.userId)).toHaveLength(0);
  });
});
