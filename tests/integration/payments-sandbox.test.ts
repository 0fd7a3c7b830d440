import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentResultSchema } from "../../domain/payment-contract";
import {
  body,
  paymentResult,
  checkoutByRef,
  ordersOf,
  type Line,
  type PaymentsTest,
  type Shopper,
  shopper,
  startPaymentsTest,
  stockOf,
  worldSnapshot,
} from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * The built-in sandbox (no PayPal or Stripe keys): both methods end to end through the same
 * checkout and order code. The race for the last piece is in tests/security/sandbox-races.test.ts.
 */

type SavedCart = { lines: { productId: string; quantity: number }[]; version: number };

let test: PaymentsTest;
let ada: Shopper;
let bob: Shopper;

beforeAll(async () => {
  test = await startPaymentsTest();
  ada = await shopper(test, "ada-sandbox@example.com");
  bob = await shopper(test, "bob-sandbox@example.com");
});
afterAll(() => test.stop());

async function product(stockCount: number, priceCents = 3000) {
  const [{ id }] = await insertProducts(test.database.db, [
    { title: "Sandbox Tee", priceCents, sizes: [], colors: [], stockCount },
  ]);
  return id;
}

async function start(endpoint: string, who: Shopper, productId: string) {
  const res = await who.browser.postJson(endpoint, body(who, [{ productId, quantity: 1 }]));
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; url?: string; mode: string };
}

describe("sandbox wallet", () => {
  it("creates, approves on the local step, captures and records the order", async () => {
    const tee = await product(3);
    const created = await start("/api/create-paypal-order", ada, tee);
    expect(created.mode).toBe("sandbox");
    expect(created.id).toMatch(/^SANDBOX[A-Z0-9]{13}$/);

    const early = await paymentResult(await ada.browser.postJson("/api/capture-paypal-order", { orderId: created.id }));
    expect(early).toEqual({
      outcome: "refused",
      status: "ORDER_NOT_APPROVED",
      id: created.id,
      code: "not_captured",
      message: "PayPal payment not completed",
    });

    expect((await bob.browser.postJson(`/api/sandbox/paypal/${created.id}/approve`, {})).status).toBe(404);
    const page = await (await ada.browser.request(`/api/sandbox/paypal/${created.id}`)).json();
    expect(page).toMatchObject({ status: "CREATED", mode: "sandbox", totalCents: 3310 });
    const approved = await ada.browser.postJson(`/api/sandbox/paypal/${created.id}/approve`, {});
    expect(await approved.json()).toMatchObject({ id: created.id, status: "APPROVED" });

    const captured = await paymentResult(
      await ada.browser.postJson("/api/capture-paypal-order", { orderId: created.id }),
    );
    expect(captured).toMatchObject({ outcome: "paid", status: "COMPLETED", id: created.id });
    const list = await test.t.services.orders.listOrdersForUser(ada.userId);
    expect(list[0]).toMatchObject({
      id: captured.orderId,
      paymentMethod: "paypal",
      paymentId: created.id,
      totalCents: 3310,
      status: "placed",
      sandbox: true,
    });
    expect(await stockOf(test.database, tee)).toBe(2);
  });
});

describe("sandbox card", () => {
  it("redirects to the local hosted page; Pay records the order and returns to /payment-success", async () => {
    const tee = await product(3);
    const created = await start("/api/create-stripe-session", ada, tee);
    expect(created.id).toMatch(/^cs_sandbox_/);
    expect(created.url).toBe(`http://store.test/sandbox/checkout/${created.id}`);
    const page = await (await ada.browser.request(`/api/sandbox/checkout/${created.id}`)).json();
    expect(page).toMatchObject({ id: created.id, status: "open", mode: "sandbox", totalCents: 3310 });

    expect((await bob.browser.postJson(`/api/sandbox/checkout/${created.id}/pay`, {})).status).toBe(404);
    const paid = await (await ada.browser.postJson(`/api/sandbox/checkout/${created.id}/pay`, {})).json();
    expect(paymentResultSchema.parse(paid)).toMatchObject({ outcome: "paid", status: "paid" });
    expect(paid).toMatchObject({ redirectTo: `/payment-success?session_id=${created.id}` });
    expect((await ordersOf(test.database, ada.userId)).filter((o) => o.paymentId === created.id)).toHaveLength(1);
    const check = await paymentResult(await ada.browser.request(`/api/checkout/stripe-session/${created.id}`));
    expect(check).toEqual({ outcome: "paid", status: "paid", id: created.id, orderId: paid.orderId });
    expect(await stockOf(test.database, tee)).toBe(2);
  });

  it("takes the paid lines off the shopper's saved cart, once, and leaves the lines not bought", async () => {
    const tee = await product(5);
    const other = await product(5, 1500);
    const cart = (lines: Line[], baseVersion: number | null) =>
      bob.browser.request("/api/cart", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ lines, baseVersion }),
      });
    const saved = async () => (await (await bob.browser.request("/api/cart")).json()) as SavedCart;
    const choices = (view: SavedCart) => view.lines.map((l) => [l.productId, l.quantity]);
    expect(
      (
        await cart(
          [
            { productId: tee, quantity: 1 },
            { productId: other, quantity: 2 },
          ],
          null,
        )
      ).status,
    ).toBe(200);
    const before = await saved();
    const created = await start("/api/create-stripe-session", bob, tee);
    const paid = await bob.browser.postJson(`/api/sandbox/checkout/${created.id}/pay`, {});
    expect(paid.status).toBe(200);
    const after = await saved();
    expect(choices(after)).toEqual([[other, 2]]);
    expect(after.version).toBe(before.version + 1);
    // The same tee added again after paying stays: a replayed payment takes nothing more off.
    expect(
      (
        await cart(
          [
            { productId: other, quantity: 2 },
            { productId: tee, quantity: 1 },
          ],
          after.version,
        )
      ).status,
    ).toBe(200);
    await bob.browser.postJson(`/api/sandbox/checkout/${created.id}/pay`, {});
    expect(choices(await saved())).toEqual([
      [other, 2],
      [tee, 1],
    ]);
  });

  it("Cancel returns to /payment-cancelled and the session can no longer be paid", async () => {
    const tee = await product(3);
    const created = await start("/api/create-stripe-session", ada, tee);
    const cancelled = await (await ada.browser.postJson(`/api/sandbox/checkout/${created.id}/cancel`, {})).json();
    expect(cancelled).toEqual({ status: "cancelled", redirectTo: "/payment-cancelled" });
    expect((await checkoutByRef(test.database, created.id))?.status).toBe("expired");
    const before = await worldSnapshot(test.database);
    const late = await ada.browser.postJson(`/api/sandbox/checkout/${created.id}/pay`, {});
    expect(late.status).toBe(409);
    expect(await worldSnapshot(test.database)).toEqual(before);
  });

  it("has no webhook: only Stripe signs those", async () => {
    const res = await test.t.app.request("http://store.test/api/stripe-webhook", { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
  });
});
