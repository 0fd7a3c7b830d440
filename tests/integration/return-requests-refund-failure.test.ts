import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderUnavailableError } from "../../domain/errors";
import { orderRefunds, returnRequests } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createReturnsService } from "../../server/orders/returns";
import { type AdminTest, placeOrderOf, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";

/**
 * An approved return whose refund does not go through (docs/decisions/052-return-requests.md):
 * the provider cannot be reached, so the request stays approved, the administrator is told why,
 * and Refund again makes the one refund. PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */

let test: AdminTest;
beforeAll(async () => {
  test = await startAdminTest();
});
afterAll(async () => {
  await test?.stop();
});

async function deliveredOrderWithRequest() {
  const [row] = await insertProducts(test.database.db, [{ title: "Flaky Coat", priceCents: 4000, stockCount: 5 }]);
  const order = await placeOrderOf(test, test.shopperId, [
    { product: { ...row, imageUrls: [], priceCents: 4000 }, quantity: 2 },
  ]);
  const walk = ["placed", "processing", "shipped", "delivered"] as const;
  for (let i = 1; i < walk.length; i++)
    await test.t.services.adminOrders.changeStatus({ orderId: order.id, from: walk[i - 1], to: walk[i], note: "" });
  const request = await test.t.services.returns.request({
    orderId: order.id,
    userId: test.shopperId,
    lines: [{ index: 0, quantity: 1 }],
    reason: "damaged",
    details: "",
  });
  return { order, request };
}

describe("an approval whose refund fails", () => {
  it("stays approved with the reason, and Refund again refunds once", async () => {
    const { order, request } = await deliveredOrderWithRequest();
    const unreachable = createReturnsService({
      db: test.database.db,
      publicUrl: "http://store.test",
      logger: createLogger("silent"),
      refunds: {
        refundItems: async () => {
          throw new ProviderUnavailableError("sandbox", "The sandbox could not be reached to make the refund.");
        },
      },
    });
    const failed = await unreachable.approve({ requestId: request.id, restock: true });
    expect(failed).toMatchObject({ refunded: false, problem: "The sandbox could not be reached to make the refund." });
    const [row] = await test.database.db.select().from(returnRequests).where(eq(returnRequests.id, request.id));
    expect(row).toMatchObject({ status: "approved", refundsSeen: 0, restock: true });
    expect(failed.order.returnRequests).toMatchObject([{ status: "approved" }]);
    // Approving again is refused: it is Refund again now.
    await expect(test.t.services.returns.approve({ requestId: request.id, restock: true })).rejects.toThrow(
      "already approved",
    );

    const again = await test.t.services.returns.refundApproved({ requestId: request.id });
    expect(again.refunded).toBe(true);
    const refunds = await test.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: "succeeded", kind: "return", restocked: true });
    const [after] = await test.database.db.select().from(returnRequests).where(eq(returnRequests.id, request.id));
    expect(after).toMatchObject({ status: "refunded", refundId: refunds[0].id });
    // A third press changes nothing.
    await expect(test.t.services.returns.refundApproved({ requestId: request.id })).rejects.toThrow(
      "Only an approved return",
    );
    expect(await test.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(
      1,
    );
  });

  it("a refund made meanwhile by the approval's own earlier try is found, not made twice", async () => {
    const { order, request } = await deliveredOrderWithRequest();
    // The refund goes through, but its answer is lost on the way back (the request never hears of it).
    const lost = createReturnsService({
      db: test.database.db,
      publicUrl: "http://store.test",
      logger: createLogger("silent"),
      refunds: {
        refundItems: async (input) => {
          await test.t.services.refunds.refundItems(input);
          throw new ProviderUnavailableError("sandbox", "The answer was lost.");
        },
      },
    });
    const result = await lost.approve({ requestId: request.id, restock: false });
    // The request finds its refund anyway: refunded, one refund.
    expect(result.refunded).toBe(true);
    const refunds = await test.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0].restocked).toBe(false);
    const [after] = await test.database.db.select().from(returnRequests).where(eq(returnRequests.id, request.id));
    expect(after.status).toBe("refunded");
  });
});
