import { paymentResultSchema } from "../../domain/payment-contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants, sandboxPayments } from "../../server/db/schema";
import {
  body,
  ordersOf,
  type PaymentsTest,
  type Shopper,
  shopper,
  startPaymentsTest,
  stockOf,
} from "../helpers/payments";
import { insertProducts, setStock } from "../helpers/products";

/**
 * Races and other shoppers' orders with the built-in sandbox (moved here from the sandbox
 * integration tests so they stay held): twenty buyers for the last piece, by card and by
 * wallet, and My Orders that lists only one's own.
 */

let test: PaymentsTest;
let shoppers: Shopper[];
let ada: Shopper;
let bob: Shopper;

beforeAll(async () => {
  test = await startPaymentsTest();
  shoppers = [];
  for (const name of ["ada", "bob", "cy", "dee"]) shoppers.push(await shopper(test, `${name}-races@example.com`));
  [ada, bob] = shoppers;
});
afterAll(() => test.stop());

async function product(stockCount: number, priceCents = 3000) {
  const [{ id }] = await insertProducts(test.database.db, [
    { title: "Sandbox Tee", priceCents, sizes: [], colors: [], stockCount },
  ]);
  return id;
}

type Line = { productId: string; quantity: number; selectedSize?: string; color?: string };

async function start(endpoint: string, who: Shopper, productId: string | Line, extra: Line[] = []) {
  const first = typeof productId === "string" ? { productId, quantity: 1 } : productId;
  const res = await who.browser.postJson(endpoint, body(who, [first, ...extra]));
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; url?: string; mode: string };
}

describe("20 concurrent purchases of the last piece", () => {
  // Each of the 20 payments is for another cart (the last piece plus 1..20 socks): one shopper's
  // second start of the very same cart would get the same open session back.
  it("card: exactly one order, stock 0, every other payment refunded", async () => {
    const last = await product(1);
    const socks = await product(500, 500);
    const sessions: { who: Shopper; id: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const who = shoppers[i % shoppers.length];
      sessions.push({
        who,
        id: (await start("/api/create-stripe-session", who, last, [{ productId: socks, quantity: i + 1 }])).id,
      });
    }
    const replies = await Promise.all(
      sessions.map(({ who, id }) => who.browser.postJson(`/api/sandbox/checkout/${id}/pay`, {})),
    );
    const outcomes = await Promise.all(replies.map(async (r) => paymentResultSchema.parse(await r.json())));
    expect(outcomes.filter((o) => o.outcome === "paid")).toHaveLength(1);
    const refunded = outcomes.filter((o) => o.outcome === "refunded");
    expect(refunded).toHaveLength(19);
    expect(refunded[0].message).toBe(
      "Sorry, an item in your order sold out while you were paying. Your payment has been refunded.",
    );
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
    const replies = await Promise.all(
      created.map(({ who, id }) => who.browser.postJson("/api/capture-paypal-order", { orderId: id })),
    );
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

describe("20 concurrent purchases of the last piece of one size and colour", () => {
  // The Cognac M jacket has one piece; the Black L beside it has plenty. Every cart holds both
  // (half of them listing Black L first) and some socks, so the payments lock rows of one product.
  it("card: one order, Cognac M at 0, Black L down by one piece, the product's total their sum", async () => {
    const [{ id: jacket }] = await insertProducts(test.database.db, [
      {
        title: "Race Jacket",
        priceCents: 20000,
        sizes: ["M", "L"],
        colors: [
          { name: "Black", hex: "#26221f" },
          { name: "Cognac", hex: "#8a4f2a" },
        ],
        stockCount: 0,
      },
    ]);
    await setStock(test.database.db, jacket, 1, { size: "M", color: "Cognac" });
    await test.database.db
      .update(productVariants)
      .set({ stock: 25 })
      .where(
        and(eq(productVariants.productId, jacket), eq(productVariants.size, "L"), eq(productVariants.color, "Black")),
      );
    await test.database.db.update(products).set({ stockCount: 26 }).where(eq(products.id, jacket));
    const socks = await product(500, 500);
    const cognacM = { productId: jacket, quantity: 1, selectedSize: "M", color: "Cognac" };
    const blackL = { productId: jacket, quantity: 1, selectedSize: "L", color: "Black" };
    const sessions: { who: Shopper; id: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const who = shoppers[i % shoppers.length];
      const [a, b] = i % 2 ? [blackL, cognacM] : [cognacM, blackL];
      sessions.push({
        who,
        id: (await start("/api/create-stripe-session", who, a, [b, { productId: socks, quantity: i + 1 }])).id,
      });
    }
    const replies = await Promise.all(
      sessions.map(({ who, id }) => who.browser.postJson(`/api/sandbox/checkout/${id}/pay`, {})),
    );
    const outcomes = await Promise.all(replies.map(async (r) => paymentResultSchema.parse(await r.json())));
    expect(outcomes.filter((o) => o.outcome === "paid")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "refunded")).toHaveLength(19);
    const variants = await test.database.db
      .select({ size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, jacket));
    expect(variants).toEqual(
      expect.arrayContaining([
        { size: "M", color: "Cognac", stock: 0 },
        { size: "L", color: "Black", stock: 24 },
        { size: "M", color: "Black", stock: 0 },
        { size: "L", color: "Cognac", stock: 0 },
      ]),
    );
    expect(await stockOf(test.database, jacket)).toBe(24);
    expect(
      (await ordersOf(test.database)).filter((o) => o.items.some((item) => item.productId === jacket)),
    ).toHaveLength(1);
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
