import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LiveNotice } from "../../domain/live-events";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";
import { insertCheckout, insertOrder, insertUser } from "../helpers/reviews";

/** The services that change products and orders announce each change once it is committed, and never a refused one. */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
const heard: LiveNotice[] = [];
let unsubscribe: () => void;

const photo = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 400, height: 500, channels: 3, background: "#3c7a5a" } })
          .png()
          .toBuffer(),
      ),
    ],
    "coat.png",
    {
      type: "image/png",
    },
  );
const input = {
  title: "Live coat",
  price: 4990,
  category: "Jackets" as const,
  description: "Warm.",
  sizes: [],
  stockCount: 3,
  colors: [],
  variants: [{ size: null, color: null, stock: 3, sku: null }],
};

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, { withPages: false });
  unsubscribe = t.services.events.subscribe((notice) => heard.push(notice));
});
afterAll(async () => {
  unsubscribe();
  await t.services.events.close();
  await database.close();
});
beforeEach(() => {
  heard.length = 0;
});

describe("the administrator's catalogue", () => {
  it("announces an added, an updated and a deleted product", async () => {
    const { id } = await t.services.adminCatalog.createProduct(input, [await photo()]);
    expect(heard).toEqual([{ type: "product.added", productId: id }]);
    const current = await t.services.adminCatalog.getProduct(id);
    await t.services.adminCatalog.updateProduct(id, { ...input, title: "Live coat, lined" }, current!.imageUrls, []);
    expect(heard.at(-1)).toEqual({ type: "product.updated", productId: id });
    await t.services.adminCatalog.deleteProduct(id);
    expect(heard.at(-1)).toEqual({ type: "product.deleted", productId: id });
    expect(heard).toHaveLength(3);
  });

  it("announces nothing when a change is refused", async () => {
    await expect(t.services.adminCatalog.createProduct({ ...input, price: -1 }, [await photo()])).rejects.toThrow();
    await expect(t.services.adminCatalog.deleteProduct("00000000-0000-4000-8000-000000000000")).rejects.toThrow();
    expect(heard).toEqual([]);
  });
});

describe("orders", () => {
  it("announces a new order to its customer's id, and its products' new stock, when a payment is fulfilled, once", async () => {
    const userId = await insertUser(database.db, { email: "payer@example.com" });
    const [{ id: productId }] = await insertProducts(database.db, [{ sizes: [], stockCount: 5 }]);
    const checkout = await insertCheckout(database.db, userId, [productId]);
    const first = await t.services.orders.fulfilCheckout(checkout.id, {
      paymentId: "PAY-LIVE-1",
      paymentRef: null,
      sandbox: false,
    });
    expect(heard).toEqual([
      { type: "order.created", orderId: first.order.id, userId },
      { type: "product.updated", productId },
    ]);
    // A replayed webhook returns the same order and announces nothing new.
    await t.services.orders.fulfilCheckout(checkout.id, { paymentId: "PAY-LIVE-1", paymentRef: null, sandbox: false });
    expect(heard).toHaveLength(2);
  });

  it("announces the stock a PayPal hold takes and gives back, and nothing for a hold already released", async () => {
    const userId = await insertUser(database.db, { email: "holder@example.com" });
    const [{ id: productId }] = await insertProducts(database.db, [{ sizes: [], stockCount: 5 }]);
    const checkout = await insertCheckout(database.db, userId, [productId]);
    const hold = await t.services.orders.reserveStock(checkout.id);
    expect(heard).toEqual([{ type: "product.updated", productId }]);
    expect(await t.services.orders.releaseStock(checkout.id, hold.reservedAt!)).toBe(true);
    expect(heard).toEqual([
      { type: "product.updated", productId },
      { type: "product.updated", productId },
    ]);
    expect(await t.services.orders.releaseStock(checkout.id, hold.reservedAt!)).toBe(false);
    expect(heard).toHaveLength(2);
  });

  it("announces a status change with the customer's id, and not a refused one", async () => {
    const userId = await insertUser(database.db, { email: "waiting@example.com" });
    const [{ id: productId }] = await insertProducts(database.db, [{}]);
    const orderId = await insertOrder(database.db, userId, [productId], "placed");
    await t.services.adminOrders.changeStatus({ orderId, from: "placed", to: "confirmed", note: "Order confirmed" });
    expect(heard).toEqual([{ type: "order.status", orderId, userId }]);
    // Stale: it is confirmed now, not placed.
    await expect(
      t.services.adminOrders.changeStatus({ orderId, from: "placed", to: "cancelled", note: "Order cancelled" }),
    ).rejects.toThrow();
    expect(heard).toHaveLength(1);
  });
});
