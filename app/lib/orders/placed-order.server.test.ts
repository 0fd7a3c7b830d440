import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../../domain/errors";
import type { OrderView } from "../../../domain/views";
import { placedOrderFor } from "./placed-order.server";

/** The order in full where a payment ends, for the shopper who paid it only (issue 23, item 2). */

const ORDER = "33333333-3333-4333-8333-333333333333";
const address = { name: "Ada", street: "12 Loom Street", city: "Portland", state: "OR", zipCode: "97201", phone: "5" };
const order: OrderView = {
  id: ORDER,
  number: "3333333",
  userId: "u1",
  userEmail: "ada@example.com",
  userName: "Ada",
  items: [],
  subtotalCents: 8900,
  taxCents: 890,
  shippingCents: 10,
  discountCents: 0,
  discountCode: null,
  totalCents: 9800,
  shippingAddress: { ...address, country: "United States" },
  billingAddress: { ...address, country: "United States" },
  paymentMethod: "paypal",
  paymentId: "PAYPAL-SECRET-REF",
  sandbox: true,
  status: "placed",
  statusHistory: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  refunds: [],
  refundedCents: 0,
  refundPending: false,
  returnRequests: [],
  tracking: null,
};

/** A load context whose orders service answers `read` for (user, order). */
function contextWith(read: (userId: string, orderId: string) => Promise<OrderView>) {
  const asked: [string, string][] = [];
  const services = {
    orders: {
      orderForUser: (userId: string, orderId: string) => {
        asked.push([userId, orderId]);
        return read(userId, orderId);
      },
    },
  };
  // The helper uses the orders service only; the rest of the context is not built here.
  return { context: { services } as unknown as AppLoadContext, asked };
}
const viewer = { id: "u1" } as Parameters<typeof placedOrderFor>[1];

describe("placedOrderFor", () => {
  it("gives the shopper's own order, without its payment reference or history", async () => {
    const { context, asked } = contextWith(async () => order);
    const placed = await placedOrderFor(context, viewer, ORDER);
    expect(asked).toEqual([["u1", ORDER]]);
    expect(placed).toMatchObject({ id: ORDER, number: "3333333", userEmail: "ada@example.com", totalCents: 9800 });
    expect(Object.keys(placed ?? {})).not.toEqual(expect.arrayContaining(["paymentId"]));
    expect(JSON.stringify(placed)).not.toContain("PAYPAL-SECRET-REF");
  });

  it.each([
    ["a visitor", null, ORDER],
    ["no order id", viewer, null],
  ])("asks nothing for %s", async (_name, who, id) => {
    const { context, asked } = contextWith(async () => order);
    expect(await placedOrderFor(context, who, id)).toBeNull();
    expect(asked).toEqual([]);
  });

  it("shows nothing of an order that is not the shopper's (the service says not found)", async () => {
    const { context } = contextWith(async () => {
      throw new NotFoundError("Order not found");
    });
    expect(await placedOrderFor(context, viewer, ORDER)).toBeNull();
  });

  it("lets any other failure through", async () => {
    const { context } = contextWith(async () => {
      throw new Error("database gone");
    });
    await expect(placedOrderFor(context, viewer, ORDER)).rejects.toThrow("database gone");
  });
});
