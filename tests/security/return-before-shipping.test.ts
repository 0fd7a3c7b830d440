import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "../../domain/order-status";
import { orderRefunds, orders, outbox, products, sandboxPayments } from "../../server/db/schema";
import { type AdminTest, placeOrderOf, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";

/**
 * Issue 21, item 10: a return (a refund of pieces that came back, optionally restocked) was
 * accepted on an order that was never shipped: "Refund items" on a Placed order refunded money
 * and could put back in stock pieces that never left. A return is now refused until the order
 * is shipped; before that the way is Cancel items (decision 039). Posted through the store's real
 * page action, as a forged form would be.
 */

let test: AdminTest;
let providerCalls = 0;

beforeAll(async () => {
  test = await startAdminTest();
  const payments = test.t.services.payments;
  const original = payments.refundPayment;
  payments.refundPayment = async (payment) => {
    providerCalls++;
    return original(payment);
  };
});
afterAll(async () => {
  await test?.stop();
});

/** Two lines: 2 × $30.00 and 1 × $12.00; subtotal 7200, tax 720, shipping 10. */
async function twoLineOrder() {
  const rows = await insertProducts(test.database.db, [
    { title: "Unshipped Coat", priceCents: 3000, stockCount: 10 },
    { title: "Unshipped Scarf", priceCents: 1200, stockCount: 10 },
  ]);
  const order = await placeOrderOf(
    test,
    test.shopperId,
    rows.map((row, i) => ({ product: { ...row, imageUrls: [], priceCents: [3000, 1200][i] }, quantity: [2, 1][i] })),
  );
  return { order, ids: rows.map((row) => row.id) };
}

/** Moves the order along the allowed statuses, as the administrator's buttons do. */
async function advance(orderId: string, path: readonly OrderStatus[]) {
  let from: OrderStatus = "placed";
  for (const to of path) {
    await test.t.services.adminOrders.changeStatus({ orderId, from, to, note: "" });
    from = to;
  }
}

/** Everything a refund could change: the order, its refunds, the sandbox's book, the stock, the customer's mail. */
async function world(orderId: string, ids: string[]) {
  const [order] = await test.database.db.select().from(orders).where(eq(orders.id, orderId));
  const refunds = await test.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  const [payment] = await test.database.db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.checkoutId, order.checkoutId));
  const stock = [];
  for (const id of ids)
    stock.push(
      (await test.database.db.select({ n: products.stockCount }).from(products).where(eq(products.id, id)))[0].n,
    );
  const mail = await test.database.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.to, "shopper@example.com"));
  return {
    status: order.status,
    history: order.statusHistory.length,
    refunds: refunds.length,
    book: payment.refunds,
    stock,
    mail: mail.length,
    providerCalls,
  };
}

const returnForm = (orderId: string) =>
  test.admin.postForm("/admin?tab=orders", {
    intent: "refund-items",
    orderId,
    seenRefunds: "0",
    "quantity-0": "1",
    restock: "on",
    note: "Returned: too big",
  });

describe("a return on an order that was never shipped", () => {
  it.each([
    ["placed", []],
    ["confirmed", ["confirmed"]],
    ["processing", ["confirmed", "processing"]],
  ] as const)("is refused on a %s order with a clear message, and nothing changes", async (status, path) => {
    const { order, ids } = await twoLineOrder();
    await advance(order.id, path);
    const before = await world(order.id, ids);
    expect(before).toMatchObject({ status, refunds: 0, book: [], stock: [8, 9] });

    const res = await returnForm(order.id);
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("The refund was not made");
    expect(html).toContain("This order has not been shipped yet, so nothing can be returned: use Cancel items.");
    // No refund row, no money asked of the provider, no stock put back, no history, no e-mail.
    expect(await world(order.id, ids)).toEqual(before);
  });

  it.each([
    ["shipped", ["processing", "shipped"]],
    ["delivered", ["processing", "shipped", "delivered"]],
  ] as const)(
    "and the other way round: Cancel items forged on a %s order is refused, and nothing changes",
    async (status, path) => {
      const { order, ids } = await twoLineOrder();
      await advance(order.id, path);
      const before = await world(order.id, ids);
      expect(before).toMatchObject({ status, refunds: 0 });
      const res = await test.admin.postForm("/admin?tab=orders", {
        intent: "cancel-items",
        orderId: order.id,
        seenRefunds: "0",
        "quantity-0": "1",
      });
      expect(res.status).toBe(409);
      const html = await res.text();
      expect(html).toContain("The pieces were not cancelled");
      expect(html).toContain(
        "This order has been shipped, so its pieces can no longer be cancelled: use Refund items for a return.",
      );
      expect(await world(order.id, ids)).toEqual(before);
    },
  );

  it("is made once the order has been shipped", async () => {
    const { order, ids } = await twoLineOrder();
    await advance(order.id, ["processing", "shipped"]);
    const before = await world(order.id, ids);
    const res = await returnForm(order.id);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Refunded $33.00");
    expect(await world(order.id, ids)).toMatchObject({
      status: "shipped",
      refunds: 1,
      book: [expect.objectContaining({ amountCents: 3300 })],
      stock: [9, 9],
      providerCalls: before.providerCalls + 1,
    });
  });
});
