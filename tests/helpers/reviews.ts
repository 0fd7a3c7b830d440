import { randomUUID } from "node:crypto";
import type { OrderStatus } from "../../domain/order-status";
import type { Database } from "../../server/db/client";
import { type AddressSnapshot, checkouts, orders, users } from "../../server/db/schema";

const address: AddressSnapshot = {
  name: "Test Shopper",
  street: "1 Main Street",
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
  country: "United States",
  phone: "555-0100",
};

/** A user row as better-auth would leave it after a verified sign-up. */
export async function insertUser(
  db: Database,
  fields: { email: string; firstName?: string | null; lastName?: string | null; name?: string },
): Promise<string> {
  const id = randomUUID().replace(/-/g, "");
  await db.insert(users).values({
    id,
    email: fields.email,
    name: fields.name ?? "",
    emailVerified: true,
    firstName: fields.firstName ?? null,
    lastName: fields.lastName ?? null,
  });
  return id;
}

function linesOf(productIds: string[]) {
  return productIds.map((productId) => ({
    productId,
    title: "Bought item",
    imageUrls: [],
    selectedSize: null,
    color: null,
    quantity: 1,
    unitPriceCents: 1000,
    lineTotalCents: 1000,
  }));
}

/** A checkout of one piece of each product, `status` "pending" for a payment still to be fulfilled. */
export async function insertCheckout(
  db: Database,
  userId: string,
  productIds: string[],
  status: "pending" | "completed" = "pending",
) {
  const lines = linesOf(productIds);
  const subtotal = lines.length * 1000;
  const [checkout] = await db
    .insert(checkouts)
    .values({
      userId,
      provider: "paypal",
      providerRef: randomUUID(),
      lines,
      subtotalCents: subtotal,
      taxCents: subtotal / 10,
      shippingCents: 10,
      totalCents: subtotal + subtotal / 10 + 10,
      shippingAddress: address,
      billingAddress: address,
      status,
    })
    .returning({ id: checkouts.id });
  return { id: checkout.id, lines, subtotal };
}

/** An order of `productIds` by `userId`, as the orders service writes it after a payment (with its checkout). */
export async function insertOrder(
  db: Database,
  userId: string,
  productIds: string[],
  status: OrderStatus = "placed",
): Promise<string> {
  const { id: checkoutId, lines, subtotal } = await insertCheckout(db, userId, productIds, "completed");
  const [order] = await db
    .insert(orders)
    .values({
      checkoutId,
      userId,
      userEmail: "buyer@example.com",
      userName: "Buyer",
      items: lines.map(({ unitPriceCents, lineTotalCents: _, ...line }) => ({ ...line, priceCents: unitPriceCents })),
      subtotalCents: subtotal,
      taxCents: subtotal / 10,
      shippingCents: 10,
      shippingAddress: address,
      billingAddress: address,
      paymentMethod: "paypal",
      paymentId: randomUUID(),
      status,
      statusHistory: [{ status, timestamp: new Date().toISOString(), note: `Order ${status}` }],
    })
    .returning({ id: orders.id });
  return order.id;
}
