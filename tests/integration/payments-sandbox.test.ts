import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxPayments } from "../../server/db/schema";
import { body, checkoutByRef, ordersOf, type PaymentsTest, type Shopper, shopper, startPaymentsTest, stockOf, worldSnapshot } from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * The built-in sandbox (no PayPal or Stripe keys): both methods end to end through the same
 * checkout and order code, and the race for the last piece.
 */

let test: PaymentsTest;
let shoppers: Shopper[];
let ada: Shopper;
let bob: Shopper;

beforeAll(async () => {
  test = await startPaymentsTest();
  shoppers = [];
  for (const name of ["ada", "bob", "cy", "dee"]) shoppers.push(await shopper(test, `${name}-sandbox@example.com`));
  [ada, bob] = shoppers;
});
afterAll(() => test.stop());

async function product(stockCount: number, priceCents = 3000) {
  const [{ id }] = await insertProducts(test.database.db, [{ title: "Sandbox Tee", priceCents, sizes: [], colors: [], stockCount }]);
  return id;
}

async function start(endpoint: string, who: Shopper, productId: string, extra: { productId: string; quantity: number }[] = []) {
  const res = await who.browser.postJson(endpoint, body(who, [{ productId, quantity: 1 }, ...extra]));
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; url?: string; mode: string };
}

describe("sandbox wallet", () => {
  it("creates, approves on the local step, captures and records the order", async () => {
    const tee = await product(3);
    const created = await start("/api/create-paypal-order", ada, tee);
    expect(created.mode).toBe("sandbox");
    expect(created.id).toMatch(/^SANDBOX[A-Z0-9]{13}$/);

    const early = await (await ada.browser.postJson("/api/capture-paypal-order", { orderId: created.id })).json();
    expect(early).toEqual({ status: "ORDER_NOT_APPROVED", id: created.id, message: "PayPal payment not completed" });

    expect((await bob.browser.postJson(`/api/sandbox/paypal/${created.id}/approve`, {})).status).toBe(404);
    const page = await (await ada.browser.request(`/api/sandbox/paypal/${created.id}`)).json();
    expect(page).toMatchObject({ status: "CREATED", mode: "sandbox", totalCents: 3310 });
    const approved = await ada.browser.postJson(`/api/sandbox/paypal/${created.id}/approve`, {});
    expect(await approved.json()).toMatchObject({ id: created.id, status: "APPROVED" });

    const captured = await (await ada.browser.postJson("/api/capture-paypal-order", { orderId: created.id })).json();
    expect(captured).toMatchObject({ status: "COMPLETED", id: created.id });
    const list = await test.t.services.orders.listOrdersForUser(ada.userId);
    expect(list[0]).toMatchObject({ id: captured.orderId, paymentMethod: "paypal", paymentId: created.id, grandTotalCents: 3310, status: "placed", sandbox: true });
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
    expect(paid).toMatchObject({ status: "paid", redirectTo: `/payment-success?session_id=${created.id}` });
    expect((await ordersOf(test.database, ada.userId)).filter((o) => o.paymentId === created.id)).toHaveLength(1);
    const check = await (await ada.browser.request(`/api/checkout/stripe-session/${created.id}`)).json();
    expect(check).toEqual({ status: "paid", sessionId: created.id, orderId: paid.orderId });
    expect(await stockOf(test.database, tee)).toBe(2);
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

describe("20 concurrent purchases of the last piece", () => {
  // Each of the 20 payments is for another cart (the last piece plus 1..20 socks): one shopper's
  // second start of the very same cart would get the same open session back.
  it("card: exactly one order, stock 0, every other payment refunded", async () => {
    const last = await product(1);
    const socks = await product(500, 500);
    const sessions: { who: Shopper; id: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const who = shoppers[i % shoppers.length];
      sessions.push({ who, id: (await start("/api/create-stripe-session", who, last, [{ productId: socks, quantity: i + 1 }])).id });
    }
    const replies = await Promise.all(sessions.map(({ who, id }) => who.browser.postJson(`/api/sandbox/checkout/${id}/pay`, {})));
    const outcomes = await Promise.all(replies.map((r) => r.json()));
    expect(outcomes.filter((o) => o.status === "paid")).toHaveLength(1);
    const refunded = outcomes.filter((o) => o.status === "refunded");
    expect(refunded).toHaveLength(19);
    expect(refunded[0].message).toBe("Sorry, an item in your order sold out while you were paying. Your payment has been refunded.");
    expect(await stockOf(test.database, last)).toBe(0);
    const orders = (await ordersOf(test.database)).filter((o) => o.items[0].productId === last);
    expect(orders).toHaveLength(1);
    const book = await test.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.kind, "card"));
    const mine = book.filter((p) => sessions.some((s) => s.id === p.id));
    expect(mine.filter((p) => p.refundedAt !== null)).toHaveLength(19);
  });

  it("wallet: exactly one order, stock 0, nobody else captured", async () => {
    const last = await product(1);
    const socks = await product(500, 500);
    const created: { who: Shopper; id: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const who = shoppers[i % shoppers.length];
      const { id } = await start("/api/create-paypal-order", who, last, [{ productId: socks, quantity: i + 1 }]);
      await who.browser.postJson(`/api/sandbox/paypal/${id}/approve`, {});
      created.push({ who, id });
    }
    const replies = await Promise.all(created.map(({ who, id }) => who.browser.postJson("/api/capture-paypal-order", { orderId: id })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await stockOf(test.database, last)).toBe(0);
    expect((await ordersOf(test.database)).filter((o) => o.items[0].productId === last)).toHaveLength(1);
    const book = await test.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.kind, "wallet"));
    const mine = book.filter((p) => created.some((c) => c.id === p.id));
    expect(mine.filter((p) => p.status === "COMPLETED")).toHaveLength(1);
    expect(mine.filter((p) => p.status === "APPROVED")).toHaveLength(19);
  });
});

describe("My Orders", () => {
  it("lists a shopper's orders newest first, and nobody else's", async () => {
    const tee = await product(5);
    const first = await start("/api/create-stripe-session", bob, tee);
    await bob.browser.postJson(`/api/sandbox/checkout/${first.id}/pay`, {});
    const second = await start("/api/create-stripe-session", bob, tee);
    await bob.browser.postJson(`/api/sandbox/checkout/${second.id}/pay`, {});
    const list = await test.t.services.orders.listOrdersForUser(bob.userId);
    const ids = list.map((o) => o.paymentId);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.every((o) => o.userId === bob.userId)).toBe(true);
    await expect(test.t.services.orders.orderForUser(ada.userId, list[0].id)).rejects.toThrow("Order not found");
  });
});
