import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  checkoutByRef,
  ordersOf,
  type PaymentsTest,
  type Shopper,
  shopper,
  startPaymentsTest,
  stockOf,
  worldSnapshot,
  body,
} from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * PayPal, as an attacker or a race would try it (moved here from the PayPal integration tests
 * so it stays held): captures at the same moment, an amount changed at PayPal, and another
 * shopper's PayPal order, captured or verified. Against the local fake of PayPal's Orders v2 API.
 */

let test: PaymentsTest;
let ada: Shopper;
let bob: Shopper;
let dress: string;

beforeAll(async () => {
  test = await startPaymentsTest({ paypal: true });
  ada = await shopper(test, "ada-paypal-attacks@example.com");
  bob = await shopper(test, "bob-paypal-attacks@example.com");
});
afterAll(() => test.stop());

beforeEach(async () => {
  [{ id: dress }] = await insertProducts(test.database.db, [
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

describe("a race", () => {
  it("two captures at the same moment make one order and one capture", async () => {
    const created = await create();
    test.paypal!.approve(created.id);
    const replies = await Promise.all([capture(created.id), capture(created.id), capture(created.id)]);
    const bodies = await Promise.all(replies.map((r) => r.json()));
    expect(bodies.every((b) => b.status === "COMPLETED")).toBe(true);
    expect(new Set(bodies.map((b) => b.orderId)).size).toBe(1);
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === created.id)).toHaveLength(1);
    expect(await stockOf(test.database, dress)).toBe(1);
    expect(test.paypal!.orders.get(created.id)?.capture?.status).toBe("COMPLETED");
  });
});

describe("money tampering", () => {
  it("an amount changed at PayPal is refunded, not recorded", async () => {
    const created = await create();
    test.paypal!.orders.get(created.id)!.amount = { currency_code: "USD", value: "0.01" };
    test.paypal!.approve(created.id);
    const res = await capture(created.id);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("amount_mismatch");
    expect(test.paypal!.orders.get(created.id)?.capture?.status).toBe("REFUNDED");
    expect((await checkoutByRef(test.database, created.id))?.status).toBe("refunded");
    expect(await stockOf(test.database, dress)).toBe(3);
  });
});

describe("who may capture", () => {
  it("someone else's PayPal order is not found and nothing happens", async () => {
    const created = await create(ada);
    test.paypal!.approve(created.id);
    const before = await worldSnapshot(test.database);
    const res = await capture(created.id, bob);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "PayPal order not found" });
    expect(await worldSnapshot(test.database)).toEqual(before);
    expect(test.paypal!.orders.get(created.id)?.status).toBe("APPROVED");
  });

  it.each([
    ["made-up", "NOSUCHORDER0001"],
    ["not an id", "../../v1/oauth2/token"],
    ["empty", ""],
  ])("a %s order id", async (_n, orderId) => {
    const res = await capture(orderId);
    expect([400, 404]).toContain(res.status);
    expect((await res.json()).message).toMatch(/PayPal order not found|A PayPal order id is required/);
  });
});

describe("the browser fallback", () => {
  it("refuses someone else's order", async () => {
    const created = await create(ada);
    test.paypal!.approve(created.id);
    test.paypal!.captureOutOfBand(created.id);
    const res = await bob.browser.postJson("/api/verify-paypal-order", { orderId: created.id });
    expect(res.status).toBe(404);
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === created.id)).toHaveLength(0);
  });
});
