import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LineChoice } from "../../domain/checkout-line";
import { createTestDatabase } from "../../tests/helpers/database";
import { insertProducts, setStock } from "../../tests/helpers/products";
import type { DatabaseHandle } from "../db/client";
import { products, productVariants } from "../db/schema";
import { createPricingService, type PricingService } from "./pricing";
import { InvalidInputError } from "../../domain/errors";

let handle: DatabaseHandle;
let pricing: PricingService;
let dress: string;
let tee: string;
let scarf: string;

const GONE = "0b0e6c1e-4d9f-4c2a-9d59-000000000000";
const colors = [
  { name: "Sage", hex: "#8fa98a" },
  { name: "Terracotta", hex: "#b4533c" },
];

beforeAll(async () => {
  handle = await createTestDatabase();
  pricing = createPricingService(handle.db);
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(products);
  [{ id: dress }, { id: tee }, { id: scarf }] = await insertProducts(handle.db, [
    {
      title: "Linen Dress",
      priceCents: 4999,
      sizes: ["S", "M", "L"],
      colors,
      stockCount: 30,
      imageUrls: ["/media/products/d"],
    },
    { title: "Plain Tee", priceCents: 1235, sizes: [], colors: [], stockCount: 10 },
    { title: "Silk Scarf", priceCents: 2000, sizes: [], colors, stockCount: 1 },
  ]);
});

const line = (productId: string, rest: Partial<LineChoice> = {}): LineChoice => ({
  productId,
  selectedSize: null,
  color: null,
  quantity: 1,
  ...rest,
});

describe("quote", () => {
  it("prices from the database with exact totals", async () => {
    const quote = await pricing.quote([
      line(dress, { selectedSize: "M", color: "Sage", quantity: 2 }),
      line(tee, { quantity: 3 }),
    ]);
    expect(quote.ok).toBe(true);
    expect(quote.lines).toEqual([
      {
        productId: dress,
        title: "Linen Dress",
        imageUrls: ["/media/products/d"],
        selectedSize: "M",
        color: "Sage",
        quantity: 2,
        unitPriceCents: 4999,
        lineTotalCents: 9998,
        stockCount: 5,
        problem: null,
      },
      expect.objectContaining({ productId: tee, unitPriceCents: 1235, lineTotalCents: 3705, problem: null }),
    ]);
    // 9998 + 3705 = 13703; tax 1370.3 -> 1370; shipping 10.
    expect(quote).toMatchObject({ subtotalCents: 13703, taxCents: 1370, shippingCents: 10, totalCents: 15083 });
  });

  it("puts the chosen colour's own picture first in the line's images", async () => {
    const images = ["/media/products/sage-front", "/media/products/detail", "/media/products/terracotta"];
    await handle.db
      .update(products)
      .set({
        imageUrls: images,
        colors: [
          { ...colors[0], image: images[0] },
          { ...colors[1], image: images[2] },
        ],
      })
      .where(eq(products.id, dress));
    const quote = await pricing.quote([
      line(dress, { selectedSize: "S", color: "Terracotta" }),
      line(dress, { selectedSize: "M", color: "Sage" }),
    ]);
    expect(quote.lines.map((l) => l.imageUrls)).toEqual([
      ["/media/products/terracotta", "/media/products/sage-front", "/media/products/detail"],
      images,
    ]);
  });

  it("rounds half a cent of tax up", async () => {
    const quote = await pricing.quote([line(tee)]);
    expect(quote).toMatchObject({ subtotalCents: 1235, taxCents: 124, shippingCents: 10, totalCents: 1369, ok: true });
  });

  it("ignores a price, total or currency forged into the request", async () => {
    const forged = [
      { ...line(tee, { quantity: 2 }), price: 0.01, priceCents: 1, unitPriceCents: 1, total: 0, currency: "EUR" },
    ];
    const quote = await pricing.quote(forged as unknown as LineChoice[]);
    expect(quote.lines[0]).toMatchObject({ unitPriceCents: 1235, lineTotalCents: 2470 });
    expect(quote.lines[0]).not.toHaveProperty("price");
    expect(quote.lines[0]).not.toHaveProperty("priceCents");
    expect(quote.totalCents).toBe(2470 + 247 + 10);
  });

  it("follows a price change", async () => {
    const before = await pricing.quote([line(tee)]);
    await handle.db.update(products).set({ priceCents: 1500 }).where(eq(products.id, tee));
    const after = await pricing.quote([line(tee)]);
    expect(before.lines[0].unitPriceCents).toBe(1235);
    expect(after.lines[0].unitPriceCents).toBe(1500);
    expect(after).toMatchObject({ subtotalCents: 1500, taxCents: 150, totalCents: 1660, ok: true });
  });

  it("marks a deleted or unknown product as not found and leaves it out of the totals", async () => {
    await handle.db.delete(products).where(eq(products.id, dress));
    const quote = await pricing.quote([line(dress, { selectedSize: "M", color: "Sage" }), line(GONE), line(tee)]);
    expect(quote.ok).toBe(false);
    expect(quote.lines.map((l) => l.problem)).toEqual(["not_found", "not_found", null]);
    expect(quote.lines[0]).toMatchObject({ title: "", unitPriceCents: 0, lineTotalCents: 0, stockCount: 0 });
    expect(quote).toMatchObject({ subtotalCents: 1235, taxCents: 124, shippingCents: 10, totalCents: 1369 });
  });

  it("marks an out-of-stock product", async () => {
    await setStock(handle.db, tee, 0);
    const quote = await pricing.quote([line(tee)]);
    expect(quote.lines[0]).toMatchObject({ problem: "out_of_stock", stockCount: 0, unitPriceCents: 1235 });
    expect(quote).toMatchObject({ ok: false, subtotalCents: 0, taxCents: 0, shippingCents: 0, totalCents: 0 });
  });

  it("marks more pieces than in stock, counting every line of the product", async () => {
    const single = await pricing.quote([line(tee, { quantity: 11 })]);
    expect(single.lines[0].problem).toBe("insufficient_stock");
    const exact = await pricing.quote([line(tee, { quantity: 10 })]);
    expect(exact.ok).toBe(true);
    // 3 + 3 pieces of one variant with 5 in stock; another size of it has its own 5.
    const split = await pricing.quote([
      line(dress, { selectedSize: "M", color: "Sage", quantity: 3 }),
      line(dress, { selectedSize: "S", color: "Sage", quantity: 3 }),
      line(dress, { selectedSize: "M", color: "Sage", quantity: 3 }),
      line(tee),
    ]);
    expect(split.lines.map((l) => l.problem)).toEqual(["insufficient_stock", null, "insufficient_stock", null]);
    expect(split.subtotalCents).toBe(3 * 4999 + 1235);
  });

  it("keeps stock per size and colour: a sold-out variant beside an available one", async () => {
    await setStock(handle.db, dress, 2, { size: "L", color: "Sage" });
    const quote = await pricing.quote([
      line(dress, { selectedSize: "M", color: "Terracotta" }),
      line(dress, { selectedSize: "L", color: "Sage", quantity: 2 }),
    ]);
    expect(quote.lines.map((l) => [l.problem, l.stockCount])).toEqual([
      ["out_of_stock", 0],
      [null, 2],
    ]);
  });

  it("counts a combination with no variant row as sold out", async () => {
    await handle.db.delete(productVariants).where(eq(productVariants.productId, tee));
    const quote = await pricing.quote([line(tee)]);
    expect(quote.lines[0]).toMatchObject({ problem: "out_of_stock", stockCount: 0 });
  });

  it.each<[string, () => LineChoice, string]>([
    ["a size the product does not have", () => line(dress, { selectedSize: "XL", color: "Sage" }), "invalid_size"],
    ["no size for a product with sizes", () => line(dress, { color: "Sage" }), "invalid_size"],
    ["a size for a product without sizes", () => line(tee, { selectedSize: "M" }), "invalid_size"],
    ["a colour the product does not have", () => line(dress, { selectedSize: "M", color: "Blue" }), "invalid_color"],
    ["a colour in other letter case", () => line(dress, { selectedSize: "M", color: "sage" }), "invalid_color"],
    ["no colour for a product with colours", () => line(scarf), "invalid_color"],
    ["a colour for a product without colours", () => line(tee, { color: "Sage" }), "invalid_color"],
  ])("refuses %s", async (_name, make, problem) => {
    const quote = await pricing.quote([make(), line(tee)]);
    expect(quote.lines[0].problem).toBe(problem);
    expect(quote.ok).toBe(false);
    expect(quote.subtotalCents).toBe(1235);
  });

  it("does not let an invalid line use up the stock of a valid one", async () => {
    const quote = await pricing.quote([line(scarf, { color: "Blue" }), line(scarf, { color: "Sage" })]);
    expect(quote.lines.map((l) => l.problem)).toEqual(["invalid_color", null]);
  });

  it.each<[string, unknown[], string]>([
    ["an empty cart", [], "Cart is empty"],
    ["quantity 0", [{ productId: GONE, quantity: 0 }], "Line 1: Quantity must be a whole number from 1 to 99"],
    ["quantity 1.5", [{ productId: GONE, quantity: 1.5 }], "Line 1: Quantity must be a whole number from 1 to 99"],
    ["quantity 1e9", [{ productId: GONE, quantity: 1e9 }], "Line 1: Quantity must be a whole number from 1 to 99"],
    ["a non-uuid id", [{ productId: "42", quantity: 1 }], "Line 1: Product id must be a valid product id"],
  ])("throws a clear InvalidInputError for %s", async (_name, lines, message) => {
    const attempt = pricing.quote(lines as LineChoice[]);
    await expect(attempt).rejects.toBeInstanceOf(InvalidInputError);
    await expect(attempt).rejects.toThrow(message);
  });

  it("reads inside a caller's transaction and can lock the rows", async () => {
    const quote = await handle.db.transaction(async (tx) => {
      await tx.update(products).set({ priceCents: 999 }).where(eq(products.id, tee));
      return pricing.quote([line(tee)], tx, { forUpdate: true });
    });
    expect(quote.lines[0].unitPriceCents).toBe(999);
  });

  it("prices the same in one statement (no transaction) as with the rows locked in a transaction", async () => {
    await handle.db
      .update(productVariants)
      .set({ stock: 2 })
      .where(and(eq(productVariants.productId, dress), eq(productVariants.size, "M")));
    const lines = [
      line(dress, { selectedSize: "M", color: "Sage", quantity: 3 }),
      line(dress, { selectedSize: "S", color: "Terracotta" }),
      line(tee, { quantity: 2 }),
      line(scarf, { color: "Sage" }),
      line(GONE),
    ];
    const alone = await pricing.quote(lines);
    const locked = await handle.db.transaction((tx) => pricing.quote(lines, tx, { forUpdate: true }));
    expect(alone).toEqual(locked);
    expect(alone.lines.map((l) => [l.stockCount, l.problem])).toEqual([
      [2, "insufficient_stock"],
      [5, null],
      [10, null],
      [1, null],
      [0, "not_found"],
    ]);
  });
});
