import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundMessages } from "../../domain/refunds";
import { orderRefunds, orders, outbox, products, sandboxPayments } from "../../server/db/schema";
import { type AdminTest, placeOrderOf, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";
import { CANCEL_CONFIRMATION } from "../../domain/order-cancel";

/**
 * Refunds through the store's pages, paid in the sandbox: the administrator's return form (once
 * shipped), Cancel items (before), the cancellation, the customer's own cancel, and every attack
 * on them (docs/decisions/033-refunds-returns-and-customer-cancel.md, 039-returns-only-after-shipping.md).
 */

let test: AdminTest;

beforeAll(async () => {
  test = await startAdminTest();
});
afterAll(async () => {
  await test?.stop();
});

/** Three lines: 2 × $25.00, 1 × $19.99, 3 × $7.33: subtotal 9198, tax 920 (without a discount), shipping 10. */
async function threeLineOrder(userId = test.shopperId, options: Parameters<typeof placeOrderOf>[3] = {}) {
  const rows = await insertProducts(test.database.db, [
    { title: "Return Shirt", priceCents: 2500, stockCount: 10 },
    { title: "Return Tee", priceCents: 1999, stockCount: 10 },
    { title: "Return Socks", priceCents: 733, stockCount: 10 },
  ]);
  const order = await placeOrderOf(
    test,
    userId,
    rows.map((row, i) => ({
      product: { ...row, imageUrls: [], priceCents: [2500, 1999, 733][i] },
      quantity: [2, 1, 3][i],
    })),
    options,
  );
  return { order, ids: rows.map((row) => row.id) };
}

const stocks = async (ids: string[]) =>
  Promise.all(
    ids.map(
      async (id) =>
        (await test.database.db.select({ n: products.stockCount }).from(products).where(eq(products.id, id)))[0]?.n,
    ),
  );

/** Everything a refund could change: the order, its refunds, the sandbox's book, the stock. */
async function world(orderId: string, ids: string[]) {
  const [order] = await test.database.db.select().from(orders).where(eq(orders.id, orderId));
  const refunds = await test.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  const [payment] = await test.database.db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.checkoutId, order.checkoutId));
  return {
    status: order.status,
    history: order.statusHistory.length,
    refunds: refunds.length,
    book: payment.refunds,
    stock: await stocks(ids),
  };
}

const refundForm = (orderId: string, fields: Record<string, string>, browser = test.admin) =>
  browser.postForm("/admin?tab=orders", { intent: "refund-items", orderId, seenRefunds: "0", ...fields });
const cancelItemsForm = (orderId: string, fields: Record<string, string>, browser = test.admin) =>
  browser.postForm("/admin?tab=orders", { intent: "cancel-items", orderId, seenRefunds: "0", ...fields });

/** Placed, processing, shipped, as the administrator's buttons do: returns are made from here on. */
async function ship(orderId: string) {
  await test.t.services.adminOrders.changeStatus({ orderId, from: "placed", to: "processing", note: "" });
  await test.t.services.adminOrders.changeStatus({ orderId, from: "processing", to: "shipped", note: "" });
}

async function shippedThreeLineOrder() {
  const made = await threeLineOrder();
  await ship(made.order.id);
  return made;
}

describe("the administrator's return form", () => {
  it("refunds one line of three with its share of tax, restocks it, shows it on the order and takes it off the revenue", async () => {
    const before = await test.t.services.adminOrders.overview();
    const { order, ids } = await shippedThreeLineOrder();
    const res = await refundForm(order.id, {
      "quantity-0": "0",
      "quantity-1": "1",
      "quantity-2": "",
      restock: "on",
      note: "Wrong size",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Refunded $21.99");
    const view = await test.t.services.adminOrders.getOrder(order.id);
    expect(view.refunds).toMatchObject([
      { kind: "return", amountCents: 2199, lines: [{ index: 1, quantity: 1 }], restocked: true },
    ]);
    expect(await stocks(ids)).toEqual([8, 10, 7]);
    const after = await test.t.services.adminOrders.overview();
    expect(after.revenueCents - before.revenueCents).toBe(9198 + 920 + 10 - 2199);
    expect(view.statusHistory.at(-1)).toMatchObject({
      status: "shipped",
      note: "Wrong size — Refunded $21.99 for 1 × Return Tee; 1 piece back in stock.",
    });
    // The customer sees it on My Orders.
    const page = await (await test.shopper.request("/orders")).text();
    expect(page).toContain("Refunded");
    expect(page).toContain("$21.99");
  });

  it.each([
    ["a negative quantity", { "quantity-0": "-1" }, 400, refundMessages.wholeNumbers],
    ["a fractional quantity", { "quantity-0": "1.5" }, 400, refundMessages.wholeNumbers],
    ["a quantity in words", { "quantity-0": "one" }, 400, refundMessages.wholeNumbers],
    ["a line not in the order", { "quantity-3": "1" }, 400, refundMessages.unknownLine],
    ["more pieces than the line has", { "quantity-0": "3" }, 400, refundMessages.tooMany("Return Shirt", 2)],
    ["nothing chosen", { "quantity-0": "0" }, 400, refundMessages.nothingChosen],
    ["a stale view (someone refunded meanwhile)", { "quantity-0": "1", seenRefunds: "1" }, 409, "refunded meanwhile"],
  ])("refuses %s, with a clear message, and changes nothing", async (_name, fields, status, message) => {
    const { order, ids } = await shippedThreeLineOrder();
    const before = await world(order.id, ids);
    const res = await refundForm(order.id, fields);
    expect(res.status).toBe(status);
    const html = await res.text();
    expect(html).toContain(refundMessages.refundFailed);
    expect(html).toContain(message.replaceAll('"', "&quot;"));
    expect(await world(order.id, ids)).toEqual(before);
  });

  it("refuses to refund a line twice beyond its quantity, and ignores an amount sent by the browser", async () => {
    const { order, ids } = await shippedThreeLineOrder();
    expect((await refundForm(order.id, { "quantity-2": "2", amountCents: "999999" })).status).toBe(200);
    const view = await test.t.services.adminOrders.getOrder(order.id);
    expect(view.refunds.map((r) => r.amountCents)).toEqual([1466 + 147]);
    const before = await world(order.id, ids);
    const res = await refundForm(order.id, { "quantity-2": "2", seenRefunds: "1" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(refundMessages.tooMany("Return Socks", 1).replaceAll('"', "&quot;"));
    expect(await world(order.id, ids)).toEqual(before);
    // The book of the sandbox holds exactly the one refund.
    expect(before.book).toHaveLength(1);
  });

  it("refuses a refund of a cancelled order (the money went back already)", async () => {
    const { order, ids } = await threeLineOrder();
    const cancel = await test.admin.postForm("/admin?tab=orders", {
      intent: "update-status",
      orderId: order.id,
      from: "placed",
      to: "cancelled",
      note: "",
      [CANCEL_CONFIRMATION.name]: CANCEL_CONFIRMATION.value,
    });
    expect(cancel.status).toBe(200);
    const before = await world(order.id, ids);
    expect(before).toMatchObject({ status: "cancelled", refunds: 1, stock: [10, 10, 10] });
    expect(before.book).toEqual([expect.objectContaining({ amountCents: 9198 + 920 + 10 })]);
    const res = await refundForm(order.id, { "quantity-0": "1", seenRefunds: "1" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(refundMessages.cancelled);
    expect(await world(order.id, ids)).toEqual(before);
  });

  it("a refund the sandbox refuses (already refunded in full there) changes nothing and says why", async () => {
    const { order, ids } = await shippedThreeLineOrder();
    const [row] = await test.database.db.select().from(orders).where(eq(orders.id, order.id));
    await test.database.db
      .update(sandboxPayments)
      .set({ refundedAt: new Date() })
      .where(eq(sandboxPayments.checkoutId, row.checkoutId));
    const before = await world(order.id, ids);
    const res = await refundForm(order.id, { "quantity-0": "1" });
    expect(res.status).toBe(409);
    // (This order is marked as a Stripe one; the store under test has no Stripe keys, so the sandbox answers.)
    const said =
      /Stripe refused the refund \(Sandbox: the refund is more than what remains of payment pi_sandbox_\w+\)\. Nothing was changed\./.exec(
        await res.text(),
      );
    expect(said).not.toBeNull();
    // Only the failed attempt is kept, for the record; the order, the stock and the book are as they were.
    const after = await world(order.id, ids);
    expect({ ...after, refunds: before.refunds }).toEqual(before);
    expect(after.refunds).toBe(1);
    expect((await test.t.services.adminOrders.getOrder(order.id)).refunds).toEqual([]);
  });

  it("is for administrators only", async () => {
    const { order, ids } = await shippedThreeLineOrder();
    const before = await world(order.id, ids);
    expect((await refundForm(order.id, { "quantity-0": "1" }, test.shopper)).status).toBe(403);
    expect(await world(order.id, ids)).toEqual(before);
  });
});

describe("the administrator's Cancel items, before the order is shipped", () => {
  it("cancels one line of three: its share of goods and tax refunded, always back in stock, the order goes on", async () => {
    const { order, ids } = await threeLineOrder();
    // No restock field: cancelled pieces never left the shop, so they go back whatever the form says.
    const res = await cancelItemsForm(order.id, { "quantity-1": "1", note: "Customer changed their mind" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Refunded $21.99");
    const view = await test.t.services.adminOrders.getOrder(order.id);
    expect(view.status).toBe("placed");
    expect(view.refunds).toMatchObject([
      { kind: "partial_cancellation", amountCents: 2199, lines: [{ index: 1, quantity: 1 }], restocked: true },
    ]);
    expect(await stocks(ids)).toEqual([8, 10, 7]);
    expect(view.statusHistory.at(-1)).toMatchObject({
      status: "placed",
      note: "Customer changed their mind — Cancelled 1 × Return Tee, refunded $21.99; 1 piece back in stock.",
    });
    const mail = (await test.database.db.select().from(outbox).where(eq(outbox.to, "shopper@example.com"))).filter(
      (m) => m.subject === `Part of your Threadline order ${view.number} is cancelled`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(
      `We have cancelled 1 × Return Tee of your order ${view.number} before it was shipped, and refunded $21.99 to your card.`,
    );
    // The customer sees it on My Orders, the administrator's card too.
    expect(await (await test.shopper.request("/orders")).text()).toContain("Refunded for cancelled items");
  });

  it("cancelling every piece left cancels the order: the rest of the money, shipping included, and all the stock back", async () => {
    const { order, ids } = await threeLineOrder();
    expect((await cancelItemsForm(order.id, { "quantity-2": "1" })).status).toBe(200);
    const res = await cancelItemsForm(order.id, {
      "quantity-0": "2",
      "quantity-1": "1",
      "quantity-2": "2",
      seenRefunds: "1",
    });
    expect(res.status).toBe(200);
    const after = await world(order.id, ids);
    expect(after).toMatchObject({ status: "cancelled", refunds: 2, stock: [10, 10, 10] });
    // 733 + 73 for the first pair of socks; the rest is everything else paid.
    expect(after.book.map((refund) => refund.amountCents)).toEqual([806, 10128 - 806]);
    const view = await test.t.services.adminOrders.getOrder(order.id);
    expect(view.refunds.map((refund) => refund.kind)).toEqual(["partial_cancellation", "cancellation"]);
    expect(view.refundedCents).toBe(view.totalCents);
    expect(view.statusHistory.at(-1)?.status).toBe("cancelled");
  });

  it.each([
    ["a negative quantity", { "quantity-0": "-1" }, 400, refundMessages.wholeNumbers],
    ["a line not in the order", { "quantity-3": "1" }, 400, refundMessages.unknownLine],
    ["more pieces than the line has", { "quantity-0": "3" }, 400, refundMessages.tooMany("Return Shirt", 2)],
    ["nothing chosen", {}, 400, refundMessages.nothingChosen],
    ["a stale view (someone refunded meanwhile)", { "quantity-0": "1", seenRefunds: "1" }, 409, "refunded meanwhile"],
  ])("refuses %s, with a clear message, and changes nothing", async (_name, fields, status, message) => {
    const { order, ids } = await threeLineOrder();
    const before = await world(order.id, ids);
    const res = await cancelItemsForm(order.id, fields);
    expect(res.status).toBe(status);
    const html = await res.text();
    expect(html).toContain(refundMessages.itemsNotCancelled);
    expect(html).toContain(message.replaceAll('"', "&quot;"));
    expect(await world(order.id, ids)).toEqual(before);
  });

  it("refuses a cancelled order, and changes nothing", async () => {
    const { order, ids } = await threeLineOrder();
    await test.t.services.adminOrders.changeStatus({ orderId: order.id, from: "placed", to: "cancelled", note: "" });
    const before = await world(order.id, ids);
    const res = await cancelItemsForm(order.id, { "quantity-0": "1", seenRefunds: "1" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(refundMessages.cancelled);
    expect(await world(order.id, ids)).toEqual(before);
  });

  it("is for administrators only", async () => {
    const { order, ids } = await threeLineOrder();
    const before = await world(order.id, ids);
    expect((await cancelItemsForm(order.id, { "quantity-0": "1" }, test.shopper)).status).toBe(403);
    expect(await world(order.id, ids)).toEqual(before);
  });
});

describe("an order priced with a discount code", () => {
  it("refunds a cancelled line's share of the discounted goods and tax, and the cancellation the rest: exactly what was paid", async () => {
    // Subtotal 9198, $10.00 off: goods 8198, tax 820 (10 % of the discounted goods), shipping 10, paid 9028.
    const { order } = await threeLineOrder(test.shopperId, { discount: { code: "TENOFF", cents: 1000 } });
    expect(order).toMatchObject({ subtotalCents: 9198, discountCents: 1000, taxCents: 820, totalCents: 9028 });
    // 1 × $19.99 is cancelled: round(1999 × 8198 / 9198) = 1782 of goods and round(1999 × 820 / 9198) = 178 of tax.
    const res = await cancelItemsForm(order.id, { "quantity-1": "1" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Refunded $19.60");
    const cancel = await test.admin.postForm("/admin?tab=orders", {
      intent: "update-status",
      orderId: order.id,
      from: "placed",
      to: "cancelled",
      note: "",
      [CANCEL_CONFIRMATION.name]: CANCEL_CONFIRMATION.value,
    });
    expect(cancel.status).toBe(200);
    const view = await test.t.services.adminOrders.getOrder(order.id);
    expect(view.refunds.map((refund) => refund.amountCents)).toEqual([1960, 9028 - 1960]);
    expect(view.refundedCents).toBe(view.totalCents);
    const [payment] = await test.database.db
      .select()
      .from(sandboxPayments)
      .where(
        eq(
          sandboxPayments.checkoutId,
          (await test.database.db.select().from(orders).where(eq(orders.id, order.id)))[0].checkoutId,
        ),
      );
    expect(payment.amountCents).toBe(9028);
  });
});

describe("the customer's own cancel", () => {
  const cancel = (orderId: string, browser = test.shopper) =>
    browser.postForm("/orders", { intent: "cancel-order", orderId });

  it("cancels a placed order: refunded in full, restocked, in the history, e-mailed", async () => {
    const { order, ids } = await threeLineOrder();
    const res = await cancel(order.id);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(refundMessages.customerCancelled);
    const after = await world(order.id, ids);
    expect(after).toMatchObject({ status: "cancelled", refunds: 1, stock: [10, 10, 10] });
    expect(after.book).toEqual([expect.objectContaining({ amountCents: 10128 })]);
    const view = await test.t.services.orders.orderForUser(test.shopperId, order.id);
    expect(view.refunds).toMatchObject([{ kind: "cancellation", amountCents: 10128, restocked: true }]);
    expect(view.statusHistory.at(-1)?.note).toMatch(/^Cancelled by the customer — Refunded \$101\.28 in full/);
  });

  it("cancels a confirmed order too", async () => {
    const { order } = await threeLineOrder();
    await test.t.services.adminOrders.changeStatus({ orderId: order.id, from: "placed", to: "confirmed", note: "" });
    expect((await cancel(order.id)).status).toBe(200);
  });

  it.each(["processing", "shipped"] as const)("refuses a %s order, and changes nothing", async (status) => {
    const { order, ids } = await threeLineOrder();
    await test.database.db.update(orders).set({ status }).where(eq(orders.id, order.id));
    const before = await world(order.id, ids);
    const res = await cancel(order.id);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(refundMessages.customerTooLate);
    expect(await world(order.id, ids)).toEqual(before);
  });

  it("does not find another shopper's order (404), nor a made-up one", async () => {
    const { order, ids } = await threeLineOrder(test.otherId);
    const before = await world(order.id, ids);
    expect((await cancel(order.id)).status).toBe(404);
    expect((await cancel("1 or 1=1")).status).toBe(404);
    expect(await world(order.id, ids)).toEqual(before);
  });

  it("refuses a second cancel of the same order", async () => {
    const { order, ids } = await threeLineOrder();
    expect((await cancel(order.id)).status).toBe(200);
    const before = await world(order.id, ids);
    expect((await cancel(order.id)).status).toBe(409);
    expect(await world(order.id, ids)).toEqual(before);
  });
});
