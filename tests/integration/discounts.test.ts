import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkouts, discountCodes } from "../../server/db/schema";
import { TestBrowser } from "../helpers/accounts";
import { codeById, insertCode, redemptionsOf } from "../helpers/discounts";
import {
  body,
  checkoutByRef,
  mailTo,
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
 * Discount codes through the HTTP app (docs/decisions/034-discount-codes.md): the cart's quote,
 * the payment start, the order, and the last use raced by two shoppers, against the fakes of
 * PayPal and Stripe. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let test: PaymentsTest;
let ada: Shopper;
let bob: Shopper;
let coat: string;

const DAY = 86_400_000;

beforeAll(async () => {
  test = await startPaymentsTest({ paypal: true, stripe: true });
  ada = await shopper(test, "ada-discounts@example.com");
  bob = await shopper(test, "bob-discounts@example.com");
});
afterAll(() => test.stop());

beforeEach(async () => {
  // $100.00 a piece: 15 % is $15.00, tax 10 % of $85.00 is $8.50, shipping $0.10 → $93.60.
  [{ id: coat }] = await insertProducts(test.database.db, [
    { title: "Discount Coat", priceCents: 10_000, sizes: [], colors: [], stockCount: 10 },
  ]);
});

const quote = (who: Shopper, extra: Record<string, unknown>, quantity = 1) =>
  who.browser.postJson("/api/cart/quote", { lines: [{ productId: coat, quantity }], ...extra });

const startStripe = (who: Shopper, discountCode: unknown, extra: Record<string, unknown> = {}) =>
  who.browser.postJson(
    "/api/create-stripe-session",
    body(who, [{ productId: coat, quantity: 1 }], { discountCode, ...extra }),
  );

const startPaypal = (who: Shopper, discountCode: unknown) =>
  who.browser.postJson("/api/create-paypal-order", body(who, [{ productId: coat, quantity: 1 }], { discountCode }));

const deliverWebhook = (sessionId: string) => {
  const event = test.stripe!.webhook("checkout.session.completed", sessionId);
  return test.t.app.request("http://store.test/api/stripe-webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    body: event.body,
  });
};

describe("the cart's quote with a code", () => {
  it("takes 15 % off the subtotal before tax, shipping unchanged", async () => {
    const code = await insertCode(test.database, { code: "SAVE15QUOTE" });
    const res = await quote(ada, { discountCode: "SAVE15QUOTE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      subtotalCents: 10_000,
      discountCents: 1_500,
      discountCode: code.code,
      discountMessage: null,
      taxCents: 850,
      shippingCents: 10,
      totalCents: 9_360,
    });
  });

  it.each([" save15case ", "Save15Case", "SAVE 15 CASE", "\tsave15case\n"])(
    "reads %j as the stored code",
    async (typed) => {
      await test.database.db
        .insert(discountCodes)
        .values({ code: "SAVE15CASE", kind: "percent", percent: 15 })
        .onConflictDoNothing();
      const reply = await (await quote(ada, { discountCode: typed })).json();
      expect(reply).toMatchObject({ discountCode: "SAVE15CASE", discountCents: 1_500, totalCents: 9_360 });
    },
  );

  it("ignores a discount, a tax or a total the browser sends", async () => {
    await insertCode(test.database, { code: "FORGEDQUOTE" });
    const reply = await (
      await quote(ada, { discountCode: "FORGEDQUOTE", discountCents: 10_000, totalCents: 1, taxCents: 0 })
    ).json();
    expect(reply).toMatchObject({ discountCents: 1_500, taxCents: 850, totalCents: 9_360 });
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      "past its end date",
      { startsAt: new Date(Date.now() - 3 * DAY), endsAt: new Date(Date.now() - DAY) },
      "This discount code has expired.",
    ],
    ["before its start", { startsAt: new Date(Date.now() + DAY) }, "This discount code is not active yet."],
    ["inactive", { active: false }, "This discount code is no longer available."],
    [
      "below the minimum subtotal",
      { minSubtotalCents: 20_000 },
      "This discount code needs a subtotal of at least $200.00.",
    ],
    ["over its total limit", { totalLimit: 3, usedCount: 3 }, "This discount code has been used up."],
  ])("refuses a code %s, and prices the cart without it", async (_name, fields, message) => {
    const code = await insertCode(test.database, fields);
    const reply = await (await quote(ada, { discountCode: code.code })).json();
    expect(reply).toMatchObject({
      ok: true,
      discountCents: 0,
      discountCode: null,
      discountMessage: message,
      taxCents: 1_000,
      totalCents: 11_010,
    });
  });

  it.each(["NOSUCHCODE", "x", "50%OFF", "' or 1=1 --"])("refuses the unknown code %j", async (typed) => {
    const reply = await (await quote(ada, { discountCode: typed })).json();
    expect(reply).toMatchObject({
      discountCents: 0,
      discountMessage: "This discount code is not valid.",
      totalCents: 11_010,
    });
  });

  it.each([
    ["a huge code", "A".repeat(5_000)],
    ["a number", 15],
    ["an object", { code: "SAVE15" }],
  ])("answers %s with 400", async (_name, discountCode) => {
    const res = await quote(ada, { discountCode });
    expect(res.status).toBe(400);
  });

  it("is for signed-in shoppers only", async () => {
    const res = await new TestBrowser(test.t.app).postJson("/api/cart/quote", {
      lines: [{ productId: coat, quantity: 1 }],
      discountCode: "SAVE15",
    });
    expect(res.status).toBe(401);
  });
});

describe("a payment with a code", () => {
  it("stores the code on the checkout, charges the discounted total, and the order carries it and counts one use", async () => {
    const code = await insertCode(test.database, { code: "PAYSTRIPE15", totalLimit: 5 });
    const res = await startStripe(ada, " paystripe15 ", { discountCents: 9_999, totalCents: 1 });
    expect(res.status).toBe(200);
    const session = await res.json();
    expect(session).toMatchObject({
      discountCents: 1_500,
      discountCode: "PAYSTRIPE15",
      taxCents: 850,
      totalCents: 9_360,
    });
    expect(test.stripe!.sessions.get(session.id)?.amount_total).toBe(9_360);
    const checkout = await checkoutByRef(test.database, session.id);
    expect(checkout).toMatchObject({
      discountId: code.id,
      discountCode: "PAYSTRIPE15",
      discountCents: 1_500,
      totalCents: 9_360,
    });
    // Nothing is counted before the order exists.
    expect((await codeById(test.database, code.id)).usedCount).toBe(0);

    test.stripe!.markPaid(session.id);
    expect((await deliverWebhook(session.id)).status).toBe(200);
    const [order] = (await ordersOf(test.database, ada.userId)).filter((o) => o.paymentId === session.id);
    expect(order).toMatchObject({
      subtotalCents: 10_000,
      discountCode: "PAYSTRIPE15",
      discountCents: 1_500,
      taxCents: 850,
      shippingCents: 10,
    });
    expect((await codeById(test.database, code.id)).usedCount).toBe(1);
    expect(await redemptionsOf(test.database, code.id)).toEqual([
      expect.objectContaining({ orderId: order.id, userId: ada.userId }),
    ]);
    const view = await test.t.services.orders.orderForUser(ada.userId, order.id);
    expect(view).toMatchObject({ discountCents: 1_500, discountCode: "PAYSTRIPE15", totalCents: 9_360 });
    const [mail] = (await mailTo(test.database, ada.email, "Your Threadline order")).filter((m) =>
      m.text.includes(view.number),
    );
    expect(mail.text).toContain("Discount (PAYSTRIPE15): −$15.00");
    expect(mail.text).toContain("Total: $93.60");

    // A webhook replay counts nothing more.
    await deliverWebhook(session.id);
    expect((await codeById(test.database, code.id)).usedCount).toBe(1);
  });

  it("sends PayPal the discount in the breakdown, so the total adds up", async () => {
    await insertCode(test.database, { code: "PAYPAL15" });
    const res = await startPaypal(ada, "paypal15");
    expect(res.status).toBe(200);
    const created = await res.json();
    expect(created).toMatchObject({ amount: { value: "93.60" }, discountCents: 1_500 });
    const unit = (
      test.paypal!.orders.get(created.id)!.body.purchase_units as {
        amount: { breakdown: Record<string, { value: string }> };
      }[]
    )[0];
    expect(unit.amount.breakdown).toMatchObject({
      item_total: { value: "100.00" },
      discount: { value: "15.00" },
      tax_total: { value: "8.50" },
      shipping: { value: "0.10" },
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      "expired",
      { startsAt: new Date(Date.now() - 3 * DAY), endsAt: new Date(Date.now() - DAY) },
      "This discount code has expired.",
    ],
    ["not started", { startsAt: new Date(Date.now() + DAY) }, "This discount code is not active yet."],
    ["inactive", { active: false }, "This discount code is no longer available."],
    ["below the minimum", { minSubtotalCents: 10_001 }, "This discount code needs a subtotal of at least $100.01."],
    ["used up", { totalLimit: 1, usedCount: 1 }, "This discount code has been used up."],
  ])("refuses to start a payment with a code that is %s, and changes nothing", async (_name, fields, message) => {
    const code = await insertCode(test.database, fields);
    const before = await worldSnapshot(test.database);
    const res = await startStripe(ada, code.code);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "discount_refused", message, field: "discountCode" });
    expect(await worldSnapshot(test.database)).toEqual(before);
  });

  it("refuses an unknown code at the payment start", async () => {
    const before = await worldSnapshot(test.database);
    const res = await startPaypal(ada, "NOPE-NOPE");
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "discount_refused", message: "This discount code is not valid." });
    expect(await worldSnapshot(test.database)).toEqual(before);
  });

  it("keeps to the limit per customer: a second order with the code is refused for the same shopper, not for another", async () => {
    const code = await insertCode(test.database, { code: "ONCEEACH", perCustomerLimit: 1 });
    const first = await (await startStripe(ada, code.code)).json();
    test.stripe!.markPaid(first.id);
    await deliverWebhook(first.id);
    expect((await codeById(test.database, code.id)).usedCount).toBe(1);

    const again = await startStripe(ada, code.code);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "You have already used this discount code." });
    const quoted = await (await quote(ada, { discountCode: code.code })).json();
    expect(quoted.discountMessage).toBe("You have already used this discount code.");
    expect((await startStripe(bob, code.code)).status).toBe(200);
  });

  it("honours a code that expired after the payment started (the shopper was charged that price)", async () => {
    const code = await insertCode(test.database, { code: "LASTMINUTE" });
    const session = await (await startStripe(bob, code.code)).json();
    await test.database.db
      .update(discountCodes)
      .set({ startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - 1_000), active: false })
      .where(eq(discountCodes.id, code.id));
    test.stripe!.markPaid(session.id);
    await deliverWebhook(session.id);
    const [order] = (await ordersOf(test.database, bob.userId)).filter((o) => o.paymentId === session.id);
    expect(order).toMatchObject({ discountCode: "LASTMINUTE", discountCents: 1_500 });
    expect((await codeById(test.database, code.id)).usedCount).toBe(1);
  });

  it("the same cart with another code is another offer: the open checkout is replaced, not reused", async () => {
    await insertCode(test.database, { code: "OFFERA", percent: 10 });
    await insertCode(test.database, { code: "OFFERB", percent: 20 });
    const a = await (await startStripe(ada, "OFFERA")).json();
    const b = await (await startStripe(ada, "OFFERB")).json();
    expect(b.id).not.toBe(a.id);
    expect(b.discountCents).toBe(2_000);
    expect((await checkoutByRef(test.database, a.id))?.status).toBe("superseded");
  });
});

describe("someone else's checkout", () => {
  it("is not found, and nothing changes", async () => {
    const code = await insertCode(test.database, { code: "ADASONLY", totalLimit: 1 });
    const created = await (await startPaypal(ada, code.code)).json();
    test.paypal!.approve(created.id);
    const before = await worldSnapshot(test.database);
    for (const attempt of [
      bob.browser.postJson("/api/capture-paypal-order", { orderId: created.id }),
      bob.browser.postJson("/api/verify-paypal-order", { orderId: created.id }),
    ]) {
      expect((await attempt).status).toBe(404);
    }
    expect(await worldSnapshot(test.database)).toEqual(before);
    expect((await codeById(test.database, code.id)).usedCount).toBe(0);
  });
});

describe("two shoppers paying with the last use at once", () => {
  it("by card: one order gets the code, the other payment is refunded in full", async () => {
    const code = await insertCode(test.database, { code: "LASTUSECARD", totalLimit: 1 });
    const sessions = [
      await (await startStripe(ada, code.code)).json(),
      await (await startStripe(bob, code.code)).json(),
    ];
    const paid = sessions.map((s) => test.stripe!.markPaid(s.id));
    const replies = await Promise.all(sessions.map((s) => deliverWebhook(s.id)));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);

    const orders = (await ordersOf(test.database)).filter((o) => sessions.some((s) => s.id === o.paymentId));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ discountCode: "LASTUSECARD", discountCents: 1_500 });
    expect((await codeById(test.database, code.id)).usedCount).toBe(1);
    expect(await redemptionsOf(test.database, code.id)).toHaveLength(1);

    const loser = sessions.findIndex((s) => s.id !== orders[0].paymentId);
    expect(test.stripe!.refunds.filter((r) => r.payment_intent === paid[loser].payment_intent)).toEqual([
      expect.objectContaining({ amount: 9_360, status: "succeeded" }),
    ]);
    const [lost] = await test.database.db.select().from(checkouts).where(eq(checkouts.providerRef, sessions[loser].id));
    expect(lost).toMatchObject({
      status: "refunded",
      failureReason: "discount code used up before the order was recorded",
    });
    // The loser's stock was never taken: one coat went.
    expect(await stockOf(test.database, coat)).toBe(9);
  });

  it("one shopper paying two carts at once with a once-per-customer code: one order gets it, the other is refunded", async () => {
    const code = await insertCode(test.database, { code: "ONCEPERRACE", perCustomerLimit: 1 });
    // Two different carts (one and two coats), so the second does not replace the first.
    const one = await (await startStripe(ada, code.code)).json();
    const twoRes = await ada.browser.postJson(
      "/api/create-stripe-session",
      body(ada, [{ productId: coat, quantity: 2 }], { discountCode: code.code }),
    );
    const two = await twoRes.json();
    expect(two.discountCents).toBe(3_000);
    for (const s of [one, two]) test.stripe!.markPaid(s.id);
    await Promise.all([deliverWebhook(one.id), deliverWebhook(two.id)]);
    const orders = (await ordersOf(test.database, ada.userId)).filter(
      (o) => o.paymentId === one.id || o.paymentId === two.id,
    );
    expect(orders).toHaveLength(1);
    expect((await codeById(test.database, code.id)).usedCount).toBe(1);
    const lost = orders[0].paymentId === one.id ? two : one;
    expect((await checkoutByRef(test.database, lost.id))?.status).toBe("refunded");
  });

  it("by PayPal: one capture gets the code, the other is refused before capture or refunded in full", async () => {
    const code = await insertCode(test.database, { code: "LASTUSEPAYPAL", totalLimit: 1 });
    const created = [
      await (await startPaypal(ada, code.code)).json(),
      await (await startPaypal(bob, code.code)).json(),
    ];
    for (const c of created) test.paypal!.approve(c.id);
    const [a, b] = await Promise.all([
      ada.browser.postJson("/api/capture-paypal-order", { orderId: created[0].id }),
      bob.browser.postJson("/api/capture-paypal-order", { orderId: created[1].id }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.status === 409 ? { res: a, order: created[0] } : { res: b, order: created[1] };
    const answer = await refused.res.json();
    expect(answer.code).toBe("discount_used_up");
    const capture = test.paypal!.orders.get(refused.order.id)?.capture;
    if (capture) {
      // Captured before the other order took the use: given back, all of it.
      expect(answer.message).toMatch(/Your payment has been refunded/);
      expect(test.paypal!.refunds.filter((r) => r.captureId === capture.id)).toHaveLength(1);
    } else {
      expect(answer.message).toMatch(/Your PayPal payment was not taken/);
    }
    expect((await ordersOf(test.database)).filter((o) => created.some((c) => c.id === o.paymentId))).toHaveLength(1);
    expect((await codeById(test.database, code.id)).usedCount).toBe(1);
    expect(await stockOf(test.database, coat)).toBe(9);
  });
});
