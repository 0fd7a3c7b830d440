import { statusLabel } from "../../domain/admin-dashboard";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import type { OrderStatus } from "../../domain/order-status";
import type { LiveNotice } from "../../domain/live-events";
import { orders, outbox, products } from "../../server/db/schema";
import { type AdminTest, placeOrder, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";
import { CANCEL_CONFIRMATION, cancelConfirmationMessage } from "../../domain/order-cancel";

let test: AdminTest;
let product: { id: string; title: string; imageUrls: string[]; priceCents: number };

beforeAll(async () => {
  test = await startAdminTest();
  const [row] = await insertProducts(test.database.db, [
    { title: "Order Test Dress", priceCents: 2500, stockCount: 500 },
  ]);
  product = { ...row, imageUrls: [], priceCents: 2500 };
});
afterAll(async () => {
  await test?.stop();
});

const orderRow = async (id: string) => (await test.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const statusMail = async (subjectPart: string) =>
  (await test.database.db.select().from(outbox).where(eq(outbox.to, "shopper@example.com"))).filter((m) =>
    m.subject.includes(subjectPart),
  );

function change(
  orderId: string,
  from: OrderStatus | string,
  to: OrderStatus | string,
  note = "",
  browser = test.admin,
) {
  // A cancellation is made from its dialog, whose confirm button sends the confirmation field.
  const confirmed: Record<string, string> =
    to === "cancelled" ? { [CANCEL_CONFIRMATION.name]: CANCEL_CONFIRMATION.value } : {};
  return browser.postForm("/admin?tab=orders", { intent: "update-status", orderId, from, to, note, ...confirmed });
}

describe("changing an order's status", () => {
  it("refuses a cancellation without the dialog's confirmation (a click before the scripts ran): nothing changes", async () => {
    const order = await placeOrder(test, test.shopperId, product);
    const before = await orderRow(order.id);
    const res = await test.admin.postForm("/admin?tab=orders", {
      intent: "update-status",
      orderId: order.id,
      from: "placed",
      to: "cancelled",
      note: "",
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(cancelConfirmationMessage);
    expect(await orderRow(order.id)).toEqual(before);
    // A wrong value is no confirmation either; the dialog's own is.
    const forged = await test.admin.postForm("/admin?tab=orders", {
      intent: "update-status",
      orderId: order.id,
      from: "placed",
      to: "cancelled",
      note: "",
      [CANCEL_CONFIRMATION.name]: "yes",
    });
    expect(forged.status).toBe(409);
    expect(await orderRow(order.id)).toEqual(before);
    expect((await change(order.id, "placed", "cancelled")).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe("cancelled");
  });

  it("walks an order from placed to delivered: status, history, updatedAt, toast and an e-mail each time", async () => {
    const order = await placeOrder(test, test.shopperId, product);
    const path: OrderStatus[] = ["placed", "confirmed", "processing", "shipped", "out_for_delivery", "delivered"];
    for (let i = 1; i < path.length; i++) {
      const before = await orderRow(order.id);
      const res = await change(order.id, path[i - 1], path[i]);
      expect(res.status).toBe(200);
      // The toast names the status as everything else shows it: "Out for delivery", not "out for delivery".
      expect(await res.text()).toContain(`Order status updated to ${statusLabel(path[i])}`);
      const after = await orderRow(order.id);
      expect(after.status).toBe(path[i]);
      expect(after.statusHistory).toHaveLength(i + 1);
      expect(after.statusHistory.at(-1)).toMatchObject({
        status: path[i],
        note: `Order ${path[i].replaceAll("_", " ")}`,
      });
      expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    }
    const history = (await orderRow(order.id)).statusHistory;
    expect(history[0]).toMatchObject({ status: "placed", note: "Order placed successfully" });
    expect(await statusMail(order.number)).toHaveLength(path.length); // confirmation + 5 status e-mails
  });

  it("keeps the administrator's own note and delivers the e-mail over SMTP", async () => {
    const order = await placeOrder(test, test.shopperId, product);
    const res = await change(order.id, "placed", "processing", "  Packed with care  ");
    expect(res.status).toBe(200);
    expect((await orderRow(order.id)).statusHistory.at(-1)?.note).toBe("Packed with care");
    const before = test.smtp.inbox.length;
    await test.t.services.mail.worker.runOnce();
    await test.smtp.waitFor("shopper@example.com", { after: before });
    const mail = test.smtp.inbox
      .slice(before)
      .find((m) => m.subject === `Your Threadline order ${order.number} is processing`);
    expect(mail?.to).toEqual(["shopper@example.com"]);
    expect(mail?.text).toContain("Packed with care");
    expect(mail?.html).toContain("Packed with care");
  });

  it.each([
    ["delivered", "shipped"],
    ["cancelled", "processing"],
    ["placed", "delivered"],
    ["shipped", "placed"],
  ] as const)("refuses %s -> %s (not in the table) and changes nothing", async (from, to) => {
    const order = await placeOrder(test, test.shopperId, product);
    await test.database.db.update(orders).set({ status: from }).where(eq(orders.id, order.id));
    const before = await orderRow(order.id);
    const mails = (await statusMail(order.number)).length;
    const res = await change(order.id, from, to);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(messages.admin.orderStatusFailed);
    expect(html).toContain("cannot be changed to");
    expect(await orderRow(order.id)).toEqual(before);
    expect(await statusMail(order.number)).toHaveLength(mails);
  });

  it("refuses a change from a stale status (another tab moved the order) with a clear message", async () => {
    const order = await placeOrder(test, test.shopperId, product);
    expect((await change(order.id, "placed", "processing")).status).toBe(200);
    const before = await orderRow(order.id);
    // The second tab still shows 'placed' and asks for 'confirmed'.
    const res = await change(order.id, "placed", "confirmed");
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("This order is already processing, not placed");
    expect(await orderRow(order.id)).toEqual(before);
  });

  it("answers unknown statuses and orders clearly", async () => {
    const order = await placeOrder(test, test.shopperId, product);
    expect((await change(order.id, "placed", "teleported")).status).toBe(400);
    expect((await change(crypto.randomUUID(), "placed", "confirmed")).status).toBe(404);
    expect((await change("1 or 1=1", "placed", "confirmed")).status).toBe(404);
    expect((await orderRow(order.id)).status).toBe("placed");
  });
});

describe("cancelling an order (decision record 013)", () => {
  const stockOf = async (id: string) =>
    (await test.database.db.select({ n: products.stockCount }).from(products).where(eq(products.id, id)))[0]?.n;

  it("puts the pieces back into stock once, tells the customer, and says so live", async () => {
    const [row] = await insertProducts(test.database.db, [
      { title: "Cancel Test Coat", priceCents: 4000, stockCount: 10 },
    ]);
    const coat = { ...row, imageUrls: [], priceCents: 4000 };
    const order = await placeOrder(test, test.shopperId, coat, 3);
    expect(await stockOf(coat.id)).toBe(7);
    const heard: LiveNotice[] = [];
    const unsubscribe = test.t.services.events.subscribe((notice) => heard.push(notice));
    try {
      expect((await change(order.id, "placed", "processing")).status).toBe(200);
      expect(await stockOf(coat.id)).toBe(7);
      const res = await change(order.id, "processing", "cancelled", "Customer asked to cancel");
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Order status updated to Cancelled");
      expect(await stockOf(coat.id)).toBe(10);
      // A second cancellation (another tab) is refused and gives nothing back twice.
      expect((await change(order.id, "processing", "cancelled")).status).toBe(409);
      expect(await stockOf(coat.id)).toBe(10);
      const mail = (await statusMail(order.number)).find((m) => m.subject.endsWith("is cancelled"));
      expect(mail?.text).toContain("Customer asked to cancel");
      expect(heard).toContainEqual({ type: "product.updated", productId: coat.id });
      expect(heard).toContainEqual({ type: "order.status", orderId: order.id, userId: test.shopperId });
    } finally {
      unsubscribe();
    }
  });

  it("returns nothing for a product deleted since, and still cancels", async () => {
    const [row] = await insertProducts(test.database.db, [{ title: "Gone Test Hat", priceCents: 1500, stockCount: 4 }]);
    const order = await placeOrder(test, test.shopperId, { ...row, imageUrls: [], priceCents: 1500 }, 2);
    await test.database.db.delete(products).where(eq(products.id, row.id));
    expect((await change(order.id, "placed", "cancelled")).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(await stockOf(row.id)).toBeUndefined();
  });

  it("leaves the stock alone on every other change", async () => {
    const [row] = await insertProducts(test.database.db, [
      { title: "Walk Test Skirt", priceCents: 3000, stockCount: 6 },
    ]);
    const order = await placeOrder(test, test.shopperId, { ...row, imageUrls: [], priceCents: 3000 }, 2);
    const path: OrderStatus[] = ["placed", "confirmed", "processing", "shipped", "out_for_delivery", "delivered"];
    for (let i = 1; i < path.length; i++) {
      expect((await change(order.id, path[i - 1], path[i])).status).toBe(200);
      expect(await stockOf(row.id)).toBe(4);
    }
  });
});

describe("the dashboard's figures and lists", () => {
  it("counts revenue over orders that are not cancelled and pending as placed/confirmed/processing", async () => {
    const before = await test.t.services.adminOrders.overview();
    const a = await placeOrder(test, test.otherId, product, 2); // 5000 + 500 tax + 10 shipping
    const b = await placeOrder(test, test.otherId, product, 1); // 2500 + 250 + 10
    await test.t.services.adminOrders.changeStatus({
      orderId: b.id,
      from: "placed",
      to: "cancelled",
      note: "Order cancelled",
    });
    const after = await test.t.services.adminOrders.overview();
    expect(after.totalOrders - before.totalOrders).toBe(2);
    expect(after.revenueCents - before.revenueCents).toBe(5510);
    expect(after.pendingOrders - before.pendingOrders).toBe(1);
    const html = await (await test.admin.request("/admin")).text();
    expect(html).toContain(`$${(after.revenueCents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
    expect(html).toContain("except cancelled ones");
    expect(a.number).toMatch(/^[0-9A-F]{8}$/);
  });

  it("lists orders by filter with counts and shows each card's details", async () => {
    const order = await placeOrder(test, test.otherId, product);
    const html = await (await test.admin.request("/admin?tab=orders&status=placed")).text();
    expect(html).toContain(`Order #${order.number}`);
    expect(html).toContain("other@example.com");
    // The card, with the payment's id and the history toggle, is the order's detail view (decision 054).
    const detail = await (await test.admin.request(`/admin?tab=orders&status=placed&order=${order.id}`)).text();
    expect(detail).toContain(order.paymentId);
    expect(detail).toContain(">Show status history<");
    for (const label of [
      "All",
      "Placed",
      "Confirmed",
      "Processing",
      "Shipped",
      "Out for delivery",
      "Delivered",
      "Cancelled",
    ]) {
      expect(html).toContain(`>${label}<`);
    }
    const delivered = await (await test.admin.request("/admin?tab=orders&status=delivered")).text();
    expect(delivered).not.toContain(`Order #${order.number}`);
  });
});

describe("My Orders", () => {
  it("sends a visitor to sign in and back", async () => {
    const res = await test.visitor.request("/orders");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Forders");
  });

  it("shows the shopper's own orders only, newest first, with status, items and history", async () => {
    const older = await placeOrder(test, test.shopperId, product);
    const newer = await placeOrder(test, test.shopperId, product, 3);
    const someoneElse = await placeOrder(test, test.otherId, product);
    await test.t.services.adminOrders.changeStatus({
      orderId: older.id,
      from: "placed",
      to: "processing",
      note: "Order processing",
    });
    const html = await (await test.shopper.request("/orders")).text();
    expect(html).toContain("My Orders");
    expect(html.indexOf(`Order #${newer.number}`)).toBeGreaterThan(-1);
    expect(html.indexOf(`Order #${newer.number}`)).toBeLessThan(html.indexOf(`Order #${older.number}`));
    expect(html).not.toContain(`Order #${someoneElse.number}`);
    expect(html).toContain('data-status="processing"');
    expect(html).toContain("Order placed successfully");
    expect(html).toContain("Qty: 3");
    expect(html).toContain("1 Main Street");
  });
});
