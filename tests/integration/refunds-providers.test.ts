import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderRefunds, orders } from "../../server/db/schema";
import {
  body,
  mailTo,
  type PaymentsTest,
  type Shopper,
  shopper,
  startPaymentsTest,
  stockOf,
} from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * Refunds through PayPal and Stripe (their local fakes): some pieces cancelled before shipping,
 * then the cancellation of the rest; returns after shipping; two administrators at once; a retry
 * after the provider answered but before the store recorded it; a provider that refuses
 * (docs/decisions/033-refunds-returns-and-customer-cancel.md, 039-returns-only-after-shipping.md).
 */

let test: PaymentsTest;
let ada: Shopper;

beforeAll(async () => {
  test = await startPaymentsTest({ paypal: true, stripe: true, withPages: true });
  ada = await shopper(test, "ada-refunds@example.com");
});
afterAll(() => test.stop());

/** Three lines: 2 × $40.00 dress (M), 1 × $19.99 tee, 3 × $7.33 socks; subtotal 12198, tax 1220, shipping 10. */
async function cart() {
  const [dress, tee, socks] = await insertProducts(test.database.db, [
    { title: "Refund Dress", priceCents: 4000, stockCount: 10 },
    { title: "Refund Tee", priceCents: 1999, sizes: [], colors: [], stockCount: 10 },
    { title: "Refund Socks", priceCents: 733, sizes: [], colors: [], stockCount: 10 },
  ]);
  const lines = [
    { productId: dress.id, selectedSize: "M", quantity: 2 },
    { productId: tee.id, quantity: 1 },
    { productId: socks.id, quantity: 3 },
  ];
  return { ids: [dress.id, tee.id, socks.id], lines };
}

async function paidWithPaypal() {
  const { ids, lines } = await cart();
  const res = await ada.browser.postJson("/api/create-paypal-order", body(ada, lines));
  const created = (await res.json()) as { id: string };
  test.paypal!.approve(created.id);
  expect((await ada.browser.postJson("/api/capture-paypal-order", { orderId: created.id })).status).toBe(200);
  const [order] = await test.database.db.select().from(orders).where(eq(orders.paymentId, created.id));
  const captureId = test.paypal!.orders.get(created.id)!.capture!.id;
  return { order, ids, captureId };
}

async function paidWithStripe() {
  const { ids, lines } = await cart();
  const res = await ada.browser.postJson("/api/create-stripe-session", body(ada, lines));
  const session = (await res.json()) as { id: string };
  const paid = test.stripe!.markPaid(session.id);
  expect((await ada.browser.request(`/api/checkout/stripe-session/${session.id}`)).status).toBe(200);
  const [order] = await test.database.db.select().from(orders).where(eq(orders.paymentId, session.id));
  return { order, ids, paymentIntent: paid.payment_intent! };
}

const refundRows = (orderId: string) =>
  test.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
const stocks = (ids: string[]) => Promise.all(ids.map((id) => stockOf(test.database, id)));
const paypalRefunds = (captureId: string) => test.paypal!.refunds.filter((r) => r.captureId === captureId);
const stripeRefunds = (intent: string) => test.stripe!.refunds.filter((r) => r.payment_intent === intent);

/** Placed, processing, shipped: returns are made from here on (decision 039). */
async function ship(orderId: string) {
  await test.t.services.adminOrders.changeStatus({ orderId, from: "placed", to: "processing", note: "" });
  await test.t.services.adminOrders.changeStatus({ orderId, from: "processing", to: "shipped", note: "" });
}

describe("refunds through PayPal", () => {
  it("cancels one line of three before shipping (its share of tax), then the order: the capture is refunded in two parts adding up to the total", async () => {
    const { order, ids, captureId } = await paidWithPaypal();
    expect(order.subtotalCents + order.taxCents + order.shippingCents).toBe(13428);
    expect(await stocks(ids)).toEqual([8, 9, 7]);

    const afterPart = await test.t.services.refunds.cancelItems({
      orderId: order.id,
      lines: [{ index: 1, quantity: 1 }],
      seenRefunds: 0,
    });
    // 1999 of 12198 goods + round(1999 × 1220 / 12198) = 200 tax.
    expect(afterPart.refunds).toMatchObject([
      { kind: "partial_cancellation", amountCents: 2199, lines: [{ index: 1, quantity: 1 }], restocked: true },
    ]);
    expect(afterPart.refundedCents).toBe(2199);
    expect(afterPart.status).toBe("placed");
    expect(paypalRefunds(captureId).map((r) => r.amount)).toEqual([{ currency_code: "USD", value: "21.99" }]);
    expect(test.paypal!.orders.get(order.paymentId)!.capture!.status).toBe("PARTIALLY_REFUNDED");
    expect(await stocks(ids)).toEqual([8, 10, 7]);
    expect(
      await mailTo(test.database, ada.email, `Part of your Threadline order ${afterPart.number} is cancelled`),
    ).toHaveLength(1);

    const cancelled = await test.t.services.refunds.cancelByAdmin({
      orderId: order.id,
      from: "placed",
      note: "Out of stock at the warehouse",
    });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.refundedCents).toBe(13428);
    expect(paypalRefunds(captureId).map((r) => r.amount)).toEqual([
      { currency_code: "USD", value: "21.99" },
      { currency_code: "USD", value: "112.29" },
    ]);
    expect(test.paypal!.orders.get(order.paymentId)!.capture!.status).toBe("REFUNDED");
    // Every piece is back in stock, the cancelled tee only once.
    expect(await stocks(ids)).toEqual([10, 10, 10]);
    expect(cancelled.statusHistory.at(-1)?.note).toContain(
      "Out of stock at the warehouse — Refunded $112.29 in full (order cancelled)",
    );
    const [mail] = await mailTo(test.database, ada.email, `Your Threadline order ${cancelled.number} is cancelled`);
    expect(mail.text).toContain("We have refunded $112.29 to your PayPal account.");

    // A cancelled order cannot be refunded again.
    await expect(
      test.t.services.refunds.refundItems({ orderId: order.id, lines: [{ index: 0, quantity: 1 }], restock: false }),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(paypalRefunds(captureId)).toHaveLength(2);
  });

  it.each([
    ["returning the same line after shipping", true],
    ["cancelling the same line before shipping", false],
  ])("two administrators %s at once make exactly one refund at PayPal", async (_name, shipped) => {
    const { order, ids, captureId } = await paidWithPaypal();
    if (shipped) await ship(order.id);
    const request = { orderId: order.id, lines: [{ index: 0, quantity: 2 }], restock: true, seenRefunds: 0 };
    const refund = () =>
      shipped ? test.t.services.refunds.refundItems(request) : test.t.services.refunds.cancelItems(request);
    const results = await Promise.allSettled([refund(), refund()]);
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ kind: "conflict" });
    expect(paypalRefunds(captureId)).toHaveLength(1);
    expect((await refundRows(order.id)).filter((r) => r.status === "succeeded")).toHaveLength(1);
    expect(await stocks(ids)).toEqual([10, 9, 7]);
  });

  it("a refund PayPal refuses (the capture was refunded in PayPal's dashboard) leaves the order as it was, with a clear message", async () => {
    const { order, ids, captureId } = await paidWithPaypal();
    test.paypal!.orders.get(order.paymentId)!.capture!.status = "REFUNDED";
    const failure = test.t.services.refunds.cancelByAdmin({ orderId: order.id, from: "placed", note: "" });
    await expect(failure).rejects.toMatchObject({ kind: "payment_refused" });
    await expect(failure).rejects.toThrow(/^PayPal refused the refund \(.*\)\. Nothing was changed\.$/);
    const [row] = await test.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("placed");
    expect(row.statusHistory).toHaveLength(1);
    expect(await stocks(ids)).toEqual([8, 9, 7]);
    expect((await refundRows(order.id)).map((r) => r.status)).toEqual(["failed"]);
    expect(paypalRefunds(captureId)).toEqual([]);
  });
});

describe("refunds through Stripe", () => {
  it("once shipped, returns pieces without restocking, then the rest with: two Stripe refunds adding up to all but the shipping", async () => {
    const { order, ids, paymentIntent } = await paidWithStripe();
    await ship(order.id);
    const afterReturn = await test.t.services.refunds.refundItems({
      orderId: order.id,
      lines: [{ index: 2, quantity: 2 }],
      restock: false,
      seenRefunds: 0,
    });
    // 1466 goods + round(1466 × 1220 / 12198) = 147 tax.
    expect(afterReturn.refundedCents).toBe(1613);
    expect(afterReturn.refunds).toMatchObject([{ kind: "return", restocked: false }]);
    expect(await stocks(ids)).toEqual([8, 9, 7]);
    const afterRest = await test.t.services.refunds.refundItems({
      orderId: order.id,
      lines: [
        { index: 0, quantity: 2 },
        { index: 1, quantity: 1 },
        { index: 2, quantity: 1 },
      ],
      restock: true,
      seenRefunds: 1,
    });
    expect(stripeRefunds(paymentIntent).map((r) => r.amount)).toEqual([1613, 13428 - 10 - 1613]);
    expect(afterRest.refundedCents).toBe(13428 - 10);
    // A return never changes the status nor refunds the shipping; the 2 socks returned unrestocked stay out.
    expect(afterRest.status).toBe("shipped");
    expect(await stocks(ids)).toEqual([10, 10, 8]);
    // A shipped order's pieces are returned, never cancelled.
    await expect(
      test.t.services.refunds.cancelItems({ orderId: order.id, lines: [{ index: 0, quantity: 1 }] }),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(stripeRefunds(paymentIntent)).toHaveLength(2);
  });

  it("while pieces are being cancelled the order cannot be shipped; pressing again finishes the same refund with its own key", async () => {
    const { order, ids, paymentIntent } = await paidWithStripe();
    const payments = test.t.services.payments;
    const original = payments.refundPayment;
    payments.refundPayment = async () => {
      throw new Error("Stripe timed out");
    };
    const request = { orderId: order.id, lines: [{ index: 1, quantity: 1 }], seenRefunds: 0 };
    try {
      await expect(test.t.services.refunds.cancelItems(request)).rejects.toMatchObject({
        kind: "provider_unavailable",
      });
      expect((await refundRows(order.id)).map((r) => [r.kind, r.status])).toEqual([
        ["partial_cancellation", "pending"],
      ]);
      await expect(
        test.t.services.adminOrders.changeStatus({ orderId: order.id, from: "placed", to: "processing", note: "" }),
      ).rejects.toThrow("Pieces of this order are being cancelled and refunded right now. Nothing was changed.");
    } finally {
      payments.refundPayment = original;
    }
    // The same press again: the pending refund is what it asks for, so it succeeds, once.
    const view = await test.t.services.refunds.cancelItems(request);
    expect(view.refunds).toMatchObject([{ kind: "partial_cancellation", amountCents: 2199 }]);
    expect(view.status).toBe("placed");
    expect(stripeRefunds(paymentIntent).map((r) => r.amount)).toEqual([2199]);
    expect((await refundRows(order.id)).map((r) => [r.status, r.idempotencyKey])).toEqual([
      ["succeeded", `refund-${order.id}-1`],
    ]);
    expect(await stocks(ids)).toEqual([8, 10, 7]);
  });

  it("a retry after Stripe refunded but before the store recorded it uses the same key: one refund", async () => {
    const { order, ids, paymentIntent } = await paidWithStripe();
    const payments = test.t.services.payments;
    const original = payments.refundPayment;
    let calls = 0;
    payments.refundPayment = async (payment) => {
      calls++;
      const answer = await original(payment);
      if (calls === 1) throw new Error("connection reset after Stripe answered");
      return answer;
    };
    try {
      await expect(
        test.t.services.refunds.cancelByAdmin({ orderId: order.id, from: "placed", note: "" }),
      ).rejects.toMatchObject({ kind: "provider_unavailable" });
      // Stripe refunded; the store has not recorded it: the order is as it was, its refund pending.
      expect(stripeRefunds(paymentIntent)).toHaveLength(1);
      expect((await refundRows(order.id)).map((r) => r.status)).toEqual(["pending"]);
      expect((await test.database.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("placed");
      expect(await stocks(ids)).toEqual([8, 9, 7]);
      // The administrator presses again.
      const cancelled = await test.t.services.refunds.cancelByAdmin({ orderId: order.id, from: "placed", note: "" });
      expect(cancelled.status).toBe("cancelled");
    } finally {
      payments.refundPayment = original;
    }
    expect(calls).toBe(2);
    expect(stripeRefunds(paymentIntent)).toHaveLength(1);
    const rows = await refundRows(order.id);
    expect(rows.map((r) => [r.status, r.idempotencyKey])).toEqual([["succeeded", `refund-${order.id}-1`]]);
    expect(await stocks(ids)).toEqual([10, 10, 10]);
  });

  it("while a refund is unfinished: no status change, and another refund first finishes it, then asks to look again", async () => {
    const { order, ids, paymentIntent } = await paidWithStripe();
    const payments = test.t.services.payments;
    const original = payments.refundPayment;
    payments.refundPayment = async () => {
      throw new Error("Stripe timed out");
    };
    try {
      await expect(
        test.t.services.refunds.cancelByAdmin({ orderId: order.id, from: "placed", note: "" }),
      ).rejects.toMatchObject({ kind: "provider_unavailable" });
      // Nothing reached Stripe; the cancellation is pending: the order cannot move meanwhile.
      expect(stripeRefunds(paymentIntent)).toHaveLength(0);
      await expect(
        test.t.services.adminOrders.changeStatus({ orderId: order.id, from: "placed", to: "processing", note: "" }),
      ).rejects.toThrow("This order is being cancelled and refunded right now. Nothing was changed.");
      // The order desk and My Orders say a refund did not finish.
      expect(await test.t.services.adminOrders.getOrder(order.id)).toMatchObject({ refundPending: true, refunds: [] });
      const page = await (await ada.browser.request("/orders")).text();
      expect(page).toContain("A refund of this order is being made.");
    } finally {
      payments.refundPayment = original;
    }
    // Cancel items asked for now finishes the pending cancellation with its own key, and cancels nothing more.
    const asked = test.t.services.refunds.cancelItems({
      orderId: order.id,
      lines: [{ index: 0, quantity: 1 }],
      seenRefunds: 0,
    });
    await expect(asked).rejects.toMatchObject({ kind: "conflict" });
    await expect(asked).rejects.toThrow(/An earlier refund of this order had not finished: it is done now/);
    expect(stripeRefunds(paymentIntent).map((r) => r.amount)).toEqual([13428]);
    const rows = await refundRows(order.id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([["cancellation", "succeeded"]]);
    expect((await test.database.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("cancelled");
    expect(await stocks(ids)).toEqual([10, 10, 10]);
    expect(await test.t.services.adminOrders.getOrder(order.id)).toMatchObject({
      refundPending: false,
      refundedCents: 13428,
    });
  });

  it("a refund nobody comes back to is finished by the sweep, with the same key; a young one is left to its request", async () => {
    const { order, ids, paymentIntent } = await paidWithStripe();
    const payments = test.t.services.payments;
    const original = payments.refundPayment;
    payments.refundPayment = async () => {
      throw new Error("Stripe timed out");
    };
    try {
      await expect(
        test.t.services.refunds.cancelByAdmin({ orderId: order.id, from: "placed", note: "Customer asked" }),
      ).rejects.toMatchObject({
        kind: "provider_unavailable",
      });
      // Still unanswered on the first pass: stays pending, nothing recorded.
      const first = await test.t.services.refunds.finishStale(new Date(Date.now() + 1000), 10);
      expect(first.filter((r) => r.orderId === order.id).map((r) => r.result)).toEqual(["pending"]);
    } finally {
      payments.refundPayment = original;
    }
    const [pending] = await refundRows(order.id);
    expect(pending.status).toBe("pending");
    // A pass that only takes refunds older than this one leaves it alone.
    expect(
      (await test.t.services.refunds.finishStale(new Date(pending.createdAt.getTime() - 1), 10)).map((r) => r.refundId),
    ).not.toContain(pending.id);

    const swept = await test.t.services.refunds.finishStale(new Date(Date.now() + 1000), 10);
    expect(swept.filter((r) => r.orderId === order.id)).toEqual([
      { refundId: pending.id, orderId: order.id, result: "succeeded" },
    ]);
    expect(stripeRefunds(paymentIntent).map((r) => r.amount)).toEqual([13428]);
    const [row] = await test.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("cancelled");
    expect(row.statusHistory.at(-1)?.note).toMatch(/^Customer asked — /);
    expect(await stocks(ids)).toEqual([10, 10, 10]);
    expect((await refundRows(order.id)).map((r) => [r.status, r.idempotencyKey])).toEqual([
      ["succeeded", `refund-${order.id}-1`],
    ]);
    const { number } = await test.t.services.adminOrders.getOrder(order.id);
    expect(await mailTo(test.database, ada.email, `Your Threadline order ${number} is cancelled`)).toHaveLength(1);
    // Nothing left for the next pass.
    expect(
      (await test.t.services.refunds.finishStale(new Date(Date.now() + 1000), 10)).filter(
        (r) => r.orderId === order.id,
      ),
    ).toEqual([]);
  });

  it("a pending refund the provider then refuses is marked failed by the sweep, and the order stays as it was", async () => {
    const { order, ids, paymentIntent } = await paidWithStripe();
    const payments = test.t.services.payments;
    const original = payments.refundPayment;
    payments.refundPayment = async () => {
      throw new Error("Stripe timed out");
    };
    try {
      await expect(
        test.t.services.refunds.cancelByAdmin({ orderId: order.id, from: "placed", note: "" }),
      ).rejects.toMatchObject({ kind: "provider_unavailable" });
    } finally {
      payments.refundPayment = original;
    }
    // Meanwhile someone refunded the whole payment in Stripe's dashboard.
    const outside = await fetch(`${test.stripe!.url}/v1/refunds`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${test.stripe!.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `payment_intent=${paymentIntent}`,
    });
    expect(outside.status).toBe(200);
    const swept = await test.t.services.refunds.finishStale(new Date(Date.now() + 1000), 10);
    expect(swept.filter((r) => r.orderId === order.id).map((r) => r.result)).toEqual(["failed"]);
    const [row] = await test.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("placed");
    expect(row.statusHistory).toHaveLength(1);
    expect(await stocks(ids)).toEqual([8, 9, 7]);
    expect((await refundRows(order.id)).map((r) => r.status)).toEqual(["failed"]);
  });

  it("a refund Stripe refuses leaves the order as it was, with a clear message", async () => {
    const { order, ids, paymentIntent } = await paidWithStripe();
    // Someone refunded the whole payment in Stripe's dashboard.
    const outside = await fetch(`${test.stripe!.url}/v1/refunds`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${test.stripe!.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `payment_intent=${paymentIntent}`,
    });
    expect(outside.status).toBe(200);
    const failure = test.t.services.refunds.cancelByAdmin({ orderId: order.id, from: "placed", note: "" });
    await expect(failure).rejects.toMatchObject({ kind: "payment_refused" });
    await expect(failure).rejects.toThrow(/^Stripe refused the refund \(.*\)\. Nothing was changed\.$/);
    const [row] = await test.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("placed");
    expect(row.statusHistory).toHaveLength(1);
    expect(await stocks(ids)).toEqual([8, 9, 7]);
    expect((await refundRows(order.id)).map((r) => r.status)).toEqual(["failed"]);
    const view = await test.t.services.adminOrders.getOrder(order.id);
    expect(view.refunds).toEqual([]);
  });
});
