import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  body,
  checkoutByRef,
  mailTo,
  paymentResult,
  ordersOf,
  type PaymentsTest,
  type Shopper,
  shopper,
  startPaymentsTest,
  stockOf,
  worldSnapshot,
} from "../helpers/payments";
import { insertProducts, setStock } from "../helpers/products";

/**
 * The PayPal path end to end through the HTTP app, against the local fake of PayPal's Orders v2
 * API. Races, tampering and other shoppers' orders are in tests/security/paypal-attacks.test.ts.
 */

let test: PaymentsTest;
let ada: Shopper;
let dress: string;

beforeAll(async () => {
  test = await startPaymentsTest({ paypal: true });
  ada = await shopper(test, "ada-paypal@example.com");
});
afterAll(() => test.stop());

beforeEach(async () => {
  [{ id: dress }] = await insertProducts(test.database.db, [
    // All three pieces in M, the size the tests buy (stock is kept per size, decision 032).
    {
      title: "PayPal Dress",
      priceCents: 2550,
      sizes: ["S", "M"],
      colors: [],
      stockCount: 3,
      imageUrls: ["/media/d.webp"],
      stockIn: { size: "M", color: null },
    },
  ]);
});

const line = (quantity = 2) => ({ productId: dress, selectedSize: "M", quantity });

async function create(who = ada, quantity = 2) {
  const res = await who.browser.postJson("/api/create-paypal-order", body(who, [line(quantity)]));
  expect(res.status).toBe(200);
  return (await res.json()) as {
    id: string;
    status: string;
    mode: string;
    amount: { value: string };
    totalCents: number;
  };
}

const capture = (orderId: string, who = ada) => who.browser.postJson("/api/capture-paypal-order", { orderId });

describe("a PayPal purchase", () => {
  it("creates at PayPal, captures after approval, records one order, takes the stock and queues the e-mail", async () => {
    const created = await create();
    expect(created).toMatchObject({ mode: "paypal", amount: { value: "56.20" }, totalCents: 5620 });
    expect(test.paypal!.orders.get(created.id)?.amount).toEqual({ currency_code: "USD", value: "56.20" });
    test.paypal!.approve(created.id);

    const reply = await paymentResult(await capture(created.id));
    expect(reply).toMatchObject({ outcome: "paid", status: "COMPLETED", id: created.id });

    const [order] = await ordersOf(test.database, ada.userId);
    expect(reply.orderId).toBe(order.id);
    expect(order).toMatchObject({
      userEmail: ada.email,
      paymentMethod: "paypal",
      paymentId: created.id,
      status: "placed",
      subtotalCents: 5100,
      taxCents: 510,
      shippingCents: 10,
      items: [
        {
          productId: dress,
          title: "PayPal Dress",
          imageUrls: ["/media/d.webp"],
          selectedSize: "M",
          color: null,
          quantity: 2,
          priceCents: 2550,
        },
      ],
    });
    expect(order.statusHistory).toEqual([
      { status: "placed", note: "Order placed successfully", timestamp: expect.any(String) },
    ]);
    expect(order.shippingAddress).toMatchObject({ city: "Springfield", zipCode: "62701" });
    expect(order.billingAddress).toEqual(order.shippingAddress);
    expect(await stockOf(test.database, dress)).toBe(1);
    expect(await mailTo(test.database, ada.email, "Your Threadline order")).toHaveLength(1);
    expect((await checkoutByRef(test.database, created.id))?.status).toBe("completed");

    // A second capture (a retry, a double click) returns the same order and charges nothing more.
    const again = await paymentResult(await capture(created.id));
    expect(again).toMatchObject({ outcome: "paid", status: "COMPLETED", orderId: order.id });
    expect(await ordersOf(test.database, ada.userId)).toHaveLength(1);
    expect(await stockOf(test.database, dress)).toBe(1);
    expect(test.paypal!.requests.filter((r) => r.path === `/v2/checkout/orders/${created.id}/capture`)).toHaveLength(1);
  });

  it("gives the order line and its e-mail the chosen colour's own picture, whatever the browser sent", async () => {
    const [{ id: coat }] = await insertProducts(test.database.db, [
      {
        title: "Two-Tone Coat",
        priceCents: 10000,
        sizes: [],
        colors: [
          { name: "Camel", hex: "#c19a6b", image: "/media/coat-camel" },
          { name: "Navy", hex: "#26324f", image: "/media/coat-navy" },
        ],
        stockCount: 3,
        imageUrls: ["/media/coat-camel", "/media/coat-detail", "/media/coat-navy"],
      },
    ]);
    const forged = { productId: coat, color: "Navy", quantity: 1, imageUrls: ["https://evil.example/x"] };
    const res = await ada.browser.postJson("/api/create-paypal-order", body(ada, [forged]));
    expect(res.status).toBe(200);
    const created = (await res.json()) as { id: string };
    test.paypal!.approve(created.id);
    expect((await capture(created.id)).status).toBe(200);
    const [order] = await ordersOf(test.database, ada.userId);
    expect(order.items[0].imageUrls).toEqual(["/media/coat-navy", "/media/coat-camel", "/media/coat-detail"]);
    const mail = (await mailTo(test.database, ada.email, "Your Threadline order")).find((m) =>
      m.text.includes("Two-Tone Coat"),
    );
    expect(mail?.html).toContain('<img src="http://store.test/media/coat-navy-320.jpg"');
    expect(mail?.html).not.toContain("evil.example");
    expect(mail?.text).toContain("Tax (10%): $10.00");
  });
});

describe("a PayPal payment that does not complete records nothing", () => {
  it("not approved by the buyer", async () => {
    const created = await create();
    const before = await worldSnapshot(test.database);
    const reply = await paymentResult(await capture(created.id));
    expect(reply).toEqual({
      outcome: "refused",
      status: "ORDER_NOT_APPROVED",
      id: created.id,
      code: "not_captured",
      message: "PayPal payment not completed",
    });
    expect(await worldSnapshot(test.database)).toEqual(before);
  });

  it.each([
    // Captured and declined: the order is over at PayPal, and so is the checkout.
    ["DECLINED", "DECLINED", "payment_failed", "failed"],
    // The capture refused: the buyer may try another funding source, the checkout stays open.
    ["INSTRUMENT_DECLINED", "INSTRUMENT_DECLINED", "not_captured", "pending"],
  ] as const)("a %s capture", async (outcome, status, code, checkoutStatus) => {
    const created = await create();
    test.paypal!.approve(created.id);
    test.paypal!.scriptCapture(created.id, outcome);
    const reply = await paymentResult(await capture(created.id));
    expect(reply).toEqual({
      outcome: "refused",
      status,
      id: created.id,
      code,
      message: "PayPal payment not completed",
    });
    expect(await stockOf(test.database, dress)).toBe(3);
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === created.id)).toHaveLength(0);
    expect((await checkoutByRef(test.database, created.id))?.status).toBe(checkoutStatus);
  });

  it("a pending capture keeps the stock held until PayPal decides", async () => {
    const created = await create();
    test.paypal!.approve(created.id);
    test.paypal!.scriptCapture(created.id, "PENDING");
    const reply = await paymentResult(await capture(created.id));
    expect(reply).toEqual({
      outcome: "pending",
      status: "PENDING",
      id: created.id,
      message: "PayPal payment not completed",
    });
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === created.id)).toHaveLength(0);
    expect(await stockOf(test.database, dress)).toBe(1);
    expect((await checkoutByRef(test.database, created.id))?.stockReservedAt).not.toBeNull();
  });
});

describe("stock that runs out between create and capture", () => {
  it("is not captured at PayPal", async () => {
    const created = await create(ada, 2);
    test.paypal!.approve(created.id);
    await setStock(test.database.db, dress, 1, { size: "M", color: null });
    expect(await paymentResult(await capture(created.id))).toMatchObject({
      outcome: "refused",
      code: "out_of_stock",
      message: "Sorry, an item in your order sold out while you were paying. Your PayPal payment was not taken.",
    });
    expect(test.paypal!.orders.get(created.id)?.status).toBe("APPROVED");
    expect(test.paypal!.orders.get(created.id)?.capture).toBeUndefined();
    expect(await stockOf(test.database, dress)).toBe(1);
  });
});

describe("the browser fallback", () => {
  it("verifies with PayPal an order the browser captured after the server's capture failed", async () => {
    const created = await create();
    test.paypal!.approve(created.id);
    test.paypal!.failNext(1);
    const failed = await capture(created.id);
    expect(failed.status).toBe(502);
    expect((await failed.json()).message).toBe("PayPal is not answering right now. Please try again in a moment.");
    test.paypal!.captureOutOfBand(created.id); // the buttons' own capture
    const res = await ada.browser.postJson("/api/verify-paypal-order", { orderId: created.id });
    expect(await paymentResult(res)).toMatchObject({ outcome: "paid", status: "COMPLETED", id: created.id });
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === created.id)).toHaveLength(1);
    expect(await stockOf(test.database, dress)).toBe(1);
  });

  it("records nothing for an order PayPal has not completed", async () => {
    const created = await create();
    const before = await worldSnapshot(test.database);
    const res = await ada.browser.postJson("/api/verify-paypal-order", { orderId: created.id });
    expect(await paymentResult(res)).toMatchObject({
      outcome: "pending",
      status: "PAYER_ACTION_REQUIRED",
      message: "PayPal payment not completed",
    });
    expect(await worldSnapshot(test.database)).toEqual(before);
  });
});

describe("reconciliation", () => {
  it("completes a payment captured while the store was down", async () => {
    const created = await create();
    test.paypal!.approve(created.id);
    test.paypal!.scriptCapture(created.id, "LOST_RESPONSE");
    const res = await capture(created.id);
    expect(res.status).toBe(502);
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === created.id)).toHaveLength(0);
    expect(test.paypal!.orders.get(created.id)?.capture?.status).toBe("COMPLETED");

    // The next pass (run as if ten minutes later) asks PayPal and records the order.
    const results = await test.t.services.payments.reconciler.runOnce(new Date(Date.now() + 10 * 60_000));
    expect(results).toContainEqual({
      checkoutId: (await checkoutByRef(test.database, created.id))!.id,
      result: "paid",
    });
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === created.id)).toHaveLength(1);
    // The held stock became the order's: taken once, not twice.
    expect(await stockOf(test.database, dress)).toBe(1);
  });

  it("gives back held stock and expires an order nobody captured", async () => {
    const created = await create();
    test.paypal!.approve(created.id);
    test.paypal!.failNext(1);
    expect((await capture(created.id)).status).toBe(502);
    expect(await stockOf(test.database, dress)).toBe(1);
    await test.t.services.payments.reconciler.runOnce(new Date(Date.now() + 10 * 60_000));
    expect(await stockOf(test.database, dress)).toBe(3);
    await test.t.services.payments.reconciler.runOnce(new Date(Date.now() + 7 * 3600_000));
    expect((await checkoutByRef(test.database, created.id))?.status).toBe("expired");
  });
});
