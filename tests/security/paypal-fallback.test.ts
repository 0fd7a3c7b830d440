import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentMessages } from "../../domain/payment-messages";
import { checkouts } from "../../server/db/schema";
import {
  body,
  checkoutByRef,
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
 * Finding 6: the PayPal browser fallback (/api/verify-paypal-order) recorded any COMPLETED
 * PayPal order of the store's account for the cart the browser named, and refunded orders it
 * could not price. Now an order counts only when it carries (custom_id) a checkout the server
 * opened for this shopper, for exactly that checkout's amount and currency; anything else is
 * not found and neither recorded nor refunded. After a capture of the wrong amount the whole
 * captured amount goes back.
 */

let test: PaymentsTest;
let ada: Shopper;
let bob: Shopper;
let dress: string;

beforeAll(async () => {
  test = await startPaymentsTest({ paypal: true });
  ada = await shopper(test, "ada-fallback@example.com");
  bob = await shopper(test, "bob-fallback@example.com");
});
afterAll(() => test.stop());

let quantity = 0;
beforeEach(async () => {
  [{ id: dress }] = await insertProducts(test.database.db, [
    { title: "Fallback Dress", priceCents: 2550, sizes: [], stockCount: 50 },
  ]);
  quantity = 0;
});

const verify = (orderId: string, who = ada, extra: Record<string, unknown> = {}) =>
  who.browser.postJson("/api/verify-paypal-order", { orderId, ...extra });

/**
 * The server cannot reach PayPal: create-paypal-order answers 502 with the checkout it opened
 * and that checkout's amount, which is what the page's PayPal buttons make their order against.
 */
async function failedCreate(who = ada) {
  quantity++;
  test.paypal!.failNext(1);
  const res = await who.browser.postJson("/api/create-paypal-order", body(who, [{ productId: dress, quantity }]));
  expect(res.status).toBe(502);
  const reply = (await res.json()) as {
    message: string;
    fallback: { checkoutId: string; amount: { currency_code: string; value: string } };
  };
  expect(reply.message).toBe("PayPal is not answering right now. Please try again in a moment.");
  return reply.fallback;
}

/** What the buttons do: create in the browser, the buyer approves, the browser captures. */
function browserPays(options: { value: string; currency?: string; customId?: string }) {
  const orderId = test.paypal!.createInBrowser(options);
  test.paypal!.approve(orderId);
  test.paypal!.captureOutOfBand(orderId);
  return orderId;
}

const refundsOf = (orderId: string) => {
  const captureId = test.paypal!.orders.get(orderId)?.capture?.id;
  return test.paypal!.refunds.filter((r) => r.captureId === captureId);
};

describe("an order made in the browser against the checkout the server opened", () => {
  it("is recorded once, for that checkout, when PayPal says it is captured for exactly its amount", async () => {
    const fallback = await failedCreate();
    expect(fallback.amount).toEqual({ currency_code: "USD", value: "28.15" });
    const [open] = await test.database.db.select().from(checkouts).where(eq(checkouts.id, fallback.checkoutId));
    expect(open).toMatchObject({ status: "pending", providerRef: null, userId: ada.userId, totalCents: 2815 });

    const orderId = browserPays({ value: fallback.amount.value, customId: fallback.checkoutId });
    const res = await verify(orderId);
    expect(res.status).toBe(200);
    const reply = await res.json();
    expect(reply).toMatchObject({ status: "COMPLETED", id: orderId });
    const [order] = (await ordersOf(test.database, ada.userId)).filter((o) => o.paymentId === orderId);
    expect(order).toMatchObject({ id: reply.orderId, checkoutId: fallback.checkoutId, subtotalCents: 2550 });
    expect(await stockOf(test.database, dress)).toBe(49);
    expect((await checkoutByRef(test.database, orderId))?.status).toBe("completed");

    // Asked again: the same order, nothing more.
    expect(await (await verify(orderId)).json()).toMatchObject({ status: "COMPLETED", orderId: order.id });
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === orderId)).toHaveLength(1);
  });
});

describe("an order the store did not issue a reference for is refused, and neither recorded nor refunded", () => {
  it.each([
    ["captured outside the store (no checkout reference)", () => undefined],
    ["naming a checkout that does not exist", () => "00000000-0000-4000-8000-000000000000"],
    ["naming something that is not a checkout id", () => "my-own-reference"],
  ])("%s", async (_name, customId) => {
    const orderId = browserPays({ value: "28.15", customId: customId() });
    const before = await worldSnapshot(test.database);
    // The old fallback priced the cart the browser sent: that cart is ignored now.
    const res = await verify(orderId, ada, body(ada, [{ productId: dress, quantity: 1 }]));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: paymentMessages.walletOrderNotFound });
    expect(await worldSnapshot(test.database)).toEqual(before);
    expect(refundsOf(orderId)).toEqual([]);
    expect(test.paypal!.orders.get(orderId)?.capture?.status).toBe("COMPLETED");
  });

  it("captured by another shopper against their own checkout", async () => {
    const bobs = await failedCreate(bob);
    const orderId = browserPays({ value: bobs.amount.value, customId: bobs.checkoutId });
    const before = await worldSnapshot(test.database);
    const res = await verify(orderId, ada);
    expect(res.status).toBe(404);
    expect(await worldSnapshot(test.database)).toEqual(before);
    expect(refundsOf(orderId)).toEqual([]);
    // Bob's own verification still records it for him.
    expect(await (await verify(orderId, bob)).json()).toMatchObject({ status: "COMPLETED" });
    expect((await ordersOf(test.database, bob.userId)).filter((o) => o.paymentId === orderId)).toHaveLength(1);
    expect((await ordersOf(test.database, ada.userId)).filter((o) => o.paymentId === orderId)).toHaveLength(0);
  });

  it("another shopper's order the server made (and the browser captured)", async () => {
    quantity++;
    const created = await (
      await bob.browser.postJson("/api/create-paypal-order", body(bob, [{ productId: dress, quantity }]))
    ).json();
    test.paypal!.approve(created.id);
    test.paypal!.captureOutOfBand(created.id);
    const before = await worldSnapshot(test.database);
    expect((await verify(created.id, ada)).status).toBe(404);
    expect(await worldSnapshot(test.database)).toEqual(before);
    expect(refundsOf(created.id)).toEqual([]);
  });
});

describe("a capture that does not match the checkout", () => {
  it.each<[string, { value: string; currency?: string }, string]>([
    ["less than the total", { value: "0.01" }, "0.01"],
    ["more than the total", { value: "500.00" }, "500.00"],
    ["the total in another currency", { value: "28.15", currency: "EUR" }, "28.15"],
  ])("%s: the whole captured amount goes back and nothing is recorded", async (_name, payment, captured) => {
    const fallback = await failedCreate();
    const orderId = browserPays({ ...payment, customId: fallback.checkoutId });
    const stock = await stockOf(test.database, dress);
    const res = await verify(orderId);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: "amount_mismatch",
      message: paymentMessages.amountMismatchRefunded,
    });
    const refunds = refundsOf(orderId);
    expect(refunds).toHaveLength(1);
    // No amount asked for (PayPal then refunds the whole capture), and the whole capture went back.
    expect(refunds[0].requestedAmount).toBeNull();
    expect(refunds[0].amount).toEqual({ currency_code: payment.currency ?? "USD", value: captured });
    expect(test.paypal!.orders.get(orderId)?.capture?.status).toBe("REFUNDED");
    expect((await checkoutByRef(test.database, orderId))?.status).toBe("refunded");
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === orderId)).toHaveLength(0);
    expect(await stockOf(test.database, dress)).toBe(stock);
  });

  it("a second browser order against a checkout that is already paid is refunded in full", async () => {
    const fallback = await failedCreate();
    const first = browserPays({ value: fallback.amount.value, customId: fallback.checkoutId });
    expect(await (await verify(first)).json()).toMatchObject({ status: "COMPLETED" });
    const second = browserPays({ value: fallback.amount.value, customId: fallback.checkoutId });
    const res = await verify(second);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "duplicate_refunded", message: paymentMessages.duplicateRefunded });
    expect(refundsOf(second)).toEqual([expect.objectContaining({ requestedAmount: null })]);
    expect(refundsOf(first)).toEqual([]);
    expect((await ordersOf(test.database)).filter((o) => o.checkoutId === fallback.checkoutId)).toHaveLength(1);
  });
});

describe("an order the server made and failed to capture", () => {
  it("carries the checkout reference too, and the browser's capture of it is recorded", async () => {
    quantity++;
    const created = await (
      await ada.browser.postJson("/api/create-paypal-order", body(ada, [{ productId: dress, quantity }]))
    ).json();
    expect(test.paypal!.orders.get(created.id)?.body.purchase_units).toMatchObject([{ custom_id: expect.any(String) }]);
    test.paypal!.approve(created.id);
    test.paypal!.failNext(1);
    expect((await ada.browser.postJson("/api/capture-paypal-order", { orderId: created.id })).status).toBe(502);
    test.paypal!.captureOutOfBand(created.id);
    expect(await (await verify(created.id)).json()).toMatchObject({ status: "COMPLETED", id: created.id });
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === created.id)).toHaveLength(1);
  });
});
