import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../helpers/accounts";
import {
  body,
  ordersOf,
  paymentResult,
  type PaymentsTest,
  type Shopper,
  shopper,
  startPaymentsTest,
} from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * Issue 23, item 4: a payment confirmation reads its checkout row once. Every statement the store
 * sends is watched; a read of the checkout is a SELECT from "checkouts" (with or without FOR
 * UPDATE). The transactions after the read lock the row by compare-and-set on what was read
 * (docs/decisions/046-one-payment-provider-interface.md). Measured before this change with the
 * same counter: 3 per PayPal capture, 2 per card confirmation (success page check), 2 per webhook.
 */

const statements: string[] = [];
const CHECKOUT_READ = /^\s*select\b[\s\S]*\bfrom "checkouts"/i;

let test: PaymentsTest;
let ada: Shopper;
let dress: string;

beforeAll(async () => {
  test = await startPaymentsTest({ paypal: true, stripe: true, onQuery: (sql) => statements.push(sql) });
  ada = await shopper(test, "ada-reads@example.com");
  [{ id: dress }] = await insertProducts(test.database.db, [
    { title: "Read Dress", priceCents: 5000, sizes: [], colors: [], stockCount: 10 },
  ]);
});
afterAll(() => test.stop());

/** The reads of a checkout row while `step` runs. */
async function checkoutReads(step: () => Promise<void>): Promise<number> {
  statements.length = 0;
  await step();
  return statements.filter((sql) => CHECKOUT_READ.test(sql)).length;
}

async function start(path: string) {
  const res = await ada.browser.postJson(path, body(ada, [{ productId: dress, quantity: 1 }]));
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string };
}

describe("one read of the checkout per confirmation", () => {
  it("a PayPal capture (hold, capture, order) reads its checkout once; a repeat reads it once too", async () => {
    const created = await start("/api/create-paypal-order");
    test.paypal!.approve(created.id);
    let orderId: string | undefined;
    const capture = () => ada.browser.postJson("/api/capture-paypal-order", { orderId: created.id });
    expect(
      await checkoutReads(async () => {
        orderId = (await paymentResult(await capture())).orderId;
      }),
    ).toBe(1);
    expect((await ordersOf(test.database)).filter((o) => o.id === orderId)).toHaveLength(1);
    expect(
      await checkoutReads(async () => {
        expect(await paymentResult(await capture())).toMatchObject({ outcome: "paid", orderId });
      }),
    ).toBe(1);
  });

  it("a card payment's confirmation (the success page's check) reads its checkout once, and answers the order", async () => {
    const session = await start("/api/create-stripe-session");
    test.stripe!.markPaid(session.id);
    const check = () => new TestBrowser(test.t.app).request(`/api/checkout/stripe-session/${session.id}`);
    expect(
      await checkoutReads(async () => {
        expect(await paymentResult(await check())).toMatchObject({ outcome: "paid", status: "COMPLETED" });
      }),
    ).toBe(1);
    // The page's own call: the order view comes with the answer, read in the same step.
    let order: unknown;
    expect(
      await checkoutReads(async () => {
        order = (await test.t.services.payments.card.confirm(session.id)).order;
      }),
    ).toBe(1);
    expect(order).toMatchObject({ userId: ada.userId, paymentId: session.id, items: [{ productId: dress }] });
  });

  it("the signed webhook reads its checkout once", async () => {
    const session = await start("/api/create-stripe-session");
    test.stripe!.markPaid(session.id);
    const event = test.stripe!.webhook("checkout.session.completed", session.id);
    const deliver = () =>
      test.t.app.request("http://store.test/api/stripe-webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
        body: event.body,
      });
    expect(
      await checkoutReads(async () => {
        expect((await deliver()).status).toBe(200);
      }),
    ).toBe(1);
    expect((await ordersOf(test.database)).filter((o) => o.paymentId === session.id)).toHaveLength(1);
  });
});
