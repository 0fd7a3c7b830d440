import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "../../domain/order-status";
import { orders, outbox } from "../../server/db/schema";
import { type AdminTest, placeOrder, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";
import { statusOf } from "../../domain/errors";

/**
 * Order status changes as a race or a non-administrator would try them (moved here from the
 * admin orders tests so it stays held).
 */

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
  return browser.postForm("/admin?tab=orders", { intent: "update-status", orderId, from, to, note });
}

describe("changing an order's status", () => {
  it("lets exactly one of two simultaneous changes from the same status win", async () => {
    const order = await placeOrder(test, test.shopperId, product);
    const mails = (await statusMail(order.number)).length;
    const outcomes = await Promise.allSettled([
      test.t.services.adminOrders.changeStatus({
        orderId: order.id,
        from: "placed",
        to: "confirmed",
        note: "Order confirmed",
      }),
      test.t.services.adminOrders.changeStatus({
        orderId: order.id,
        from: "placed",
        to: "cancelled",
        note: "Order cancelled",
      }),
    ]);
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(statusOf(lost[0].reason)).toBe(409);
    // The cancellation refunds in steps: a change that comes while its refund is under way is told so.
    expect(String(lost[0].reason.message)).toMatch(
      /^This order is (already (confirmed|cancelled), not placed|being cancelled and refunded right now)/,
    );
    const row = await orderRow(order.id);
    expect(row.statusHistory).toHaveLength(2);
    expect(row.statusHistory[1].status).toBe(row.status);
    expect(await statusMail(order.number)).toHaveLength(mails + 1);
  });

  it("is for the administrator only: 403 for a shopper, 401 for a visitor, nothing changes", async () => {
    const order = await placeOrder(test, test.shopperId, product);
    expect((await change(order.id, "placed", "confirmed", "", test.shopper)).status).toBe(403);
    expect((await change(order.id, "placed", "confirmed", "", test.visitor)).status).toBe(401);
    expect((await orderRow(order.id)).statusHistory).toHaveLength(1);
  });
});
