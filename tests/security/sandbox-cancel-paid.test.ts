import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMessages } from "../../domain/payment-messages";
import {
  body,
  checkoutByRef,
  ordersOf,
  type PaymentsTest,
  type Shopper,
  shopper,
  startPaymentsTest,
} from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * Finding 9: Cancel on the sandbox's hosted page, pressed after the session was paid (Pay in
 * another tab), answered 200 "cancelled". It now says the payment is made and where the
 * confirmation is, and nothing changes.
 */

let test: PaymentsTest;
let ada: Shopper;
let tee: string;

beforeAll(async () => {
  test = await startPaymentsTest({ withPages: true });
  ada = await shopper(test, "ada-cancel@example.com");
  [{ id: tee }] = await insertProducts(test.database.db, [
    { title: "Cancel Tee", priceCents: 2000, sizes: [], stockCount: 10 },
  ]);
});
afterAll(() => test.stop());

async function paidSession(quantity: number) {
  const res = await ada.browser.postJson("/api/create-stripe-session", body(ada, [{ productId: tee, quantity }]));
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  expect((await ada.browser.postJson(`/api/sandbox/checkout/${id}/pay`, {})).status).toBe(200);
  return id;
}

describe("cancelling a sandbox session that is already paid", () => {
  it("the endpoint answers 409 'already paid' with the confirmation's address, and the order stays", async () => {
    const id = await paidSession(1);
    const res = await ada.browser.postJson(`/api/sandbox/checkout/${id}/cancel`, {});
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: paymentMessages.alreadyPaid,
      code: "already_paid",
      redirectTo: `/payment-success?session_id=${id}`,
    });
    expect((await checkoutByRef(test.database, id))?.status).toBe("completed");
    expect((await ordersOf(test.database, ada.userId)).filter((o) => o.paymentId === id)).toHaveLength(1);
  });

  it("the page's Cancel says it is paid instead of leading to the cancelled notice", async () => {
    const id = await paidSession(2);
    const res = await ada.browser.postForm(`/sandbox/checkout/${id}`, { intent: "cancel" });
    expect(res.status).toBe(409);
    const html = (await res.text()).replaceAll("<!-- -->", "");
    const alert = /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
    expect(alert).toBe(paymentMessages.alreadyPaid);
    expect(html).toContain("See your confirmation");
    expect((await checkoutByRef(test.database, id))?.status).toBe("completed");
  });

  it("an open session is still cancelled, and cancelling it again still answers 'cancelled'", async () => {
    const res = await ada.browser.postJson("/api/create-stripe-session", body(ada, [{ productId: tee, quantity: 3 }]));
    const { id } = (await res.json()) as { id: string };
    for (let i = 0; i < 2; i++) {
      const cancelled = await ada.browser.postJson(`/api/sandbox/checkout/${id}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect(await cancelled.json()).toEqual({ status: "cancelled", redirectTo: "/payment-cancelled" });
    }
    expect((await checkoutByRef(test.database, id))?.status).toBe("expired");
  });
});
