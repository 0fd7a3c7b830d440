import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentMessages } from "../../domain/payment-messages";
import { checkouts } from "../../server/db/schema";
import { createPaypalProvider } from "../../server/payments/providers/paypal/paypal";
import type { FakePayee } from "../fakes/paypal";
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
 * Issue 21, finding 2: PayPal money must reach the store. Anyone holding the store's public
 * client id can make a PayPal order in a browser that names the store's checkout (custom_id) and
 * its exact amount, but pays another account (purchase_units[].payee). The fallback
 * (/api/verify-paypal-order), the capture and reconciliation record an order only when PayPal
 * reports the store's own account as the payee: the account behind the configured credentials.
 * And only an outage (no answer, a 5xx) opens the browser fallback: a 4xx on create is PayPal
 * saying no, shown to the shopper as such.
 */

let test: PaymentsTest;
let ada: Shopper;
let dress: string;

beforeAll(async () => {
  test = await startPaymentsTest({ paypal: true });
  ada = await shopper(test, "ada-payee@example.com");
});
afterAll(() => test.stop());

let quantity = 0;
beforeEach(async () => {
  [{ id: dress }] = await insertProducts(test.database.db, [
    { title: "Payee Dress", priceCents: 2550, sizes: [], stockCount: 50 },
  ]);
  quantity = 0;
});

const start = () => {
  quantity++;
  return ada.browser.postJson("/api/create-paypal-order", body(ada, [{ productId: dress, quantity }]));
};

/** The server cannot reach PayPal: the answer carries the checkout the page's buttons pay against. */
async function failedCreate() {
  test.paypal!.failNextCreate(503, "SERVICE_UNAVAILABLE");
  const res = await start();
  expect(res.status).toBe(502);
  return ((await res.json()) as { fallback: { checkoutId: string; amount: { value: string } } }).fallback;
}

const refundsOf = (orderId: string) => {
  const captureId = test.paypal!.orders.get(orderId)?.capture?.id;
  return test.paypal!.refunds.filter((r) => r.captureId === captureId);
};

/** Another PayPal account: the attacker's own, or anyone's but the store's. */
const elsewhere = (): FakePayee => ({ merchant_id: "Z2Y3X4W5V6U7T", email_address: "someone@elsewhere.example" });

describe("the browser fallback records an order only when the store's account is the payee", () => {
  it.each<[string, () => FakePayee]>([
    ["another account (merchant id and e-mail)", elsewhere],
    ["another account named by e-mail only", () => ({ email_address: "someone@elsewhere.example" })],
    ["another account named by merchant id only", () => ({ merchant_id: "Z2Y3X4W5V6U7T" })],
    [
      "the store's e-mail on another merchant id",
      () => ({ merchant_id: "Z2Y3X4W5V6U7T", email_address: test.paypal!.merchant.email_address }),
    ],
  ])("refused: %s", async (_name, payee) => {
    const fallback = await failedCreate();
    const orderId = test.paypal!.createInBrowser({
      value: fallback.amount.value,
      customId: fallback.checkoutId,
      payee: payee(),
    });
    test.paypal!.approve(orderId);
    test.paypal!.captureOutOfBand(orderId);
    const before = await worldSnapshot(test.database);

    const res = await ada.browser.postJson("/api/verify-paypal-order", { orderId });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "wrong_payee", message: paymentMessages.paidElsewhere });
    expect(await worldSnapshot(test.database)).toEqual(before);
    // The checkout is not bound to that order: the shopper can still pay it to the store.
    const [open] = await test.database.db.select().from(checkouts).where(eq(checkouts.id, fallback.checkoutId));
    expect(open).toMatchObject({ status: "pending", providerRef: null });
    // The store cannot give back money it never received: no refund is asked for.
    expect(refundsOf(orderId)).toEqual([]);
  });

  it("accepted: the store's account, named as PayPal names it (merchant id, e-mail in another case)", async () => {
    const fallback = await failedCreate();
    const merchant = test.paypal!.merchant;
    const orderId = test.paypal!.createInBrowser({
      value: fallback.amount.value,
      customId: fallback.checkoutId,
      payee: { merchant_id: merchant.merchant_id, email_address: merchant.email_address.toUpperCase() },
    });
    test.paypal!.approve(orderId);
    test.paypal!.captureOutOfBand(orderId);
    const res = await ada.browser.postJson("/api/verify-paypal-order", { orderId });
    expect(await res.json()).toMatchObject({ status: "COMPLETED", id: orderId });
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === orderId)).toHaveLength(1);
  });
});

describe("an order the server made whose payee PayPal reports as another account", () => {
  async function createdThenRedirected() {
    const res = await start();
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const order = test.paypal!.orders.get(id)!;
    const [unit] = order.body.purchase_units as Record<string, unknown>[];
    // Changed at PayPal after the store made it (as an order update could): the money goes elsewhere.
    unit.payee = elsewhere();
    test.paypal!.approve(id);
    return id;
  }

  it("is not recorded when the shopper's capture comes back, and the held pieces go back", async () => {
    const id = await createdThenRedirected();
    const stock = await stockOf(test.database, dress);
    const res = await ada.browser.postJson("/api/capture-paypal-order", { orderId: id });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "wrong_payee", message: paymentMessages.paidElsewhere });
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === id)).toHaveLength(0);
    expect(await stockOf(test.database, dress)).toBe(stock);
    expect((await checkoutByRef(test.database, id))?.status).toBe("failed");
    expect(refundsOf(id)).toEqual([]);
  });

  it("is not recorded by reconciliation either", async () => {
    const id = await createdThenRedirected();
    test.paypal!.captureOutOfBand(id);
    const stock = await stockOf(test.database, dress);
    const checkoutId = (await checkoutByRef(test.database, id))!.id;
    const results = await test.t.services.payments.reconciler.runOnce(new Date(Date.now() + 10 * 60_000));
    expect(results.find((r) => r.checkoutId === checkoutId)?.result).toBe("refused (wrong_payee)");
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === id)).toHaveLength(0);
    expect(await stockOf(test.database, dress)).toBe(stock);
    expect((await checkoutByRef(test.database, id))?.status).toBe("failed");
    expect(refundsOf(id)).toEqual([]);
  });
});

describe("only an outage opens the browser fallback", () => {
  it.each<[number, string, string | undefined]>([
    [400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE"],
    [403, "NOT_AUTHORIZED", "PERMISSION_DENIED"],
    [422, "UNPROCESSABLE_ENTITY", "PAYEE_ACCOUNT_RESTRICTED"],
    [429, "RATE_LIMIT_REACHED", undefined],
  ])("a %i on create is PayPal's no: shown as such, with no fallback", async (status, name, issue) => {
    const mine = async () => test.database.db.select().from(checkouts).where(eq(checkouts.userId, ada.userId));
    const before = new Set((await mine()).map((c) => c.id));
    test.paypal!.failNextCreate(status, name, issue);
    const res = await start();
    expect(res.status).toBe(409);
    const reply = (await res.json()) as Record<string, unknown>;
    expect(reply).toMatchObject({ code: "paypal_refused", message: paymentMessages.paypalRefused });
    expect(reply).not.toHaveProperty("fallback");
    // The checkout opened for it is closed: nothing can be paid against it.
    const opened = (await mine()).filter((c) => !before.has(c.id));
    expect(opened.map((c) => c.status)).toEqual(["failed"]);
  });

  it.each([500, 502, 503])("a %i on create is an outage: the fallback opens", async (status) => {
    test.paypal!.failNextCreate(status);
    const res = await start();
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      message: paymentMessages.providerUnavailable("PayPal"),
      fallback: { checkoutId: expect.any(String) },
    });
  });
});

describe("the store's account is the one behind the credentials", () => {
  const provider = () =>
    createPaypalProvider({
      clientId: test.paypal!.clientId,
      clientSecret: test.paypal!.clientSecret,
      apiBase: test.paypal!.url,
      publicUrl: "http://localhost",
    });
  const checks = () =>
    test.paypal!.requests.filter((r) => r.method === "POST" && r.body.includes('"reference_id":"account-check"'));
  const expected = () => ({
    merchantId: test.paypal!.merchant.merchant_id,
    email: test.paypal!.merchant.email_address,
  });

  it("learnt from the payee PayPal fills in on an order the store makes, with no other call", async () => {
    const paypal = provider();
    const before = checks().length;
    await paypal.createOrder({
      checkoutId: "7d1f3b8e-2c4a-4f6e-9b1d-3e5f7a9c1b2d",
      lines: [
        {
          productId: "p1",
          title: "Payee Dress",
          imageUrls: [],
          selectedSize: null,
          color: null,
          quantity: 1,
          unitPriceCents: 1000,
          lineTotalCents: 1000,
        },
      ],
      subtotalCents: 1000,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 1000,
      currency: "USD",
      shippingAddress: { name: "A", street: "S", city: "C", state: "ST", zipCode: "Z", country: "US", phone: "1" },
      customerEmail: "ada-payee@example.com",
      createdAt: new Date(),
    });
    expect(await paypal.storeAccount()).toEqual(expected());
    expect(checks().length).toBe(before);
  });

  it("asked of PayPal once, by an order never sent for approval, when no order has named it yet", async () => {
    const paypal = provider();
    const before = checks().length;
    const answers = await Promise.all([paypal.storeAccount(), paypal.storeAccount(), paypal.storeAccount()]);
    expect(answers).toEqual([expected(), expected(), expected()]);
    expect(await paypal.storeAccount()).toEqual(expected());
    expect(checks().length).toBe(before + 1);
  });
});
