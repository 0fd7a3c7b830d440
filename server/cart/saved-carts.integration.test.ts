import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lineKey } from "../../domain/cart";
import { createTestDatabase } from "../../tests/helpers/database";
import { insertProducts } from "../../tests/helpers/products";
import type { DatabaseHandle } from "../db/client";
import { products, savedCarts, users } from "../db/schema";
import { createPricingService } from "./pricing";
import { createSavedCartService, type SavedCartService } from "./saved-carts";

let handle: DatabaseHandle;
let carts: SavedCartService;
let dress: string;
let tee: string;
let soldOut: string;

const ME = "user-me";
const OTHER = "user-other";
const GONE = "0b0e6c1e-4d9f-4c2a-9d59-000000000000";
const colors = [{ name: "Sage", hex: "#8fa98a" }];

beforeAll(async () => {
  handle = await createTestDatabase();
  carts = createSavedCartService({ db: handle.db, pricing: createPricingService(handle.db) });
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(savedCarts);
  await handle.db.delete(users);
  await handle.db.delete(products);
  await handle.db.insert(users).values([
    { id: ME, name: "Me", email: "me@example.com", emailVerified: true },
    { id: OTHER, name: "Other", email: "other@example.com", emailVerified: true },
  ]);
  [{ id: dress }, { id: tee }, { id: soldOut }] = await insertProducts(handle.db, [
    { title: "Linen Dress", priceCents: 4999, sizes: ["S", "M"], colors, stockCount: 400 },
    { title: "Plain Tee", priceCents: 1235, sizes: [], colors: [], stockCount: 10 },
    { title: "Gone Coat", priceCents: 9000, sizes: [], colors: [], stockCount: 0 },
  ]);
});

const dressM = (quantity: number) => ({ productId: dress, selectedSize: "M", color: "Sage", quantity });
const rawDress = (quantity: number) => ({ productId: "@dress", selectedSize: "M", color: "Sage", quantity });
const teeLine = (quantity: number) => ({ productId: tee, selectedSize: null, color: null, quantity });
const choices = (view: {
  lines: { productId: string; selectedSize: string | null; color: string | null; quantity: number }[];
}) => view.lines.map(({ productId, selectedSize, color, quantity }) => ({ productId, selectedSize, color, quantity }));

describe("saved carts", () => {
  it("is empty at version 0 for a shopper who never had one", async () => {
    expect(await carts.get(ME)).toEqual({ lines: [], version: 0 });
  });

  it("keeps the browser's cart and answers with the catalogue's prices, never the browser's", async () => {
    const view = await carts.put(ME, {
      lines: [{ ...dressM(2), priceCents: 1, title: "Free dress", imageUrls: ["https://evil.example/x.png"] }],
      baseVersion: 0,
    });
    expect(view.version).toBe(1);
    expect(view.lines).toEqual([
      { ...dressM(2), title: "Linen Dress", priceCents: 4999, imageUrls: expect.any(Array) },
    ]);
    expect(view.lines[0].imageUrls).not.toContain("https://evil.example/x.png");
    const [row] = await handle.db.select().from(savedCarts).where(eq(savedCarts.userId, ME));
    expect(row.lines).toEqual([dressM(2)]);
  });

  it("replaces on the same version (removals count) and merges on an older one", async () => {
    await carts.put(ME, { lines: [dressM(2), teeLine(1)], baseVersion: 0 });
    // Device A removes the tee, on version 1: a replace.
    const afterA = await carts.put(ME, { lines: [dressM(2)], baseVersion: 1 });
    expect(choices(afterA)).toEqual([dressM(2)]);
    expect(afterA.version).toBe(2);
    // Device B still on version 1 adds a tee of 3: merged, nothing of A's is lost.
    const afterB = await carts.put(ME, { lines: [dressM(1), teeLine(3)], baseVersion: 1 });
    expect(choices(afterB)).toEqual([dressM(2), teeLine(3)]);
    expect(afterB.version).toBe(3);
  });

  it("merges a sign-in's cart (baseVersion null) by the larger quantity, never the sum", async () => {
    await carts.put(ME, { lines: [dressM(2)], baseVersion: 0 });
    const view = await carts.put(ME, { lines: [dressM(2), teeLine(1)], baseVersion: null });
    expect(choices(view)).toEqual([dressM(2), teeLine(1)]);
    const again = await carts.put(ME, { lines: [dressM(2), teeLine(1)], baseVersion: null });
    expect(choices(again)).toEqual([dressM(2), teeLine(1)]);
    expect(again.version).toBe(view.version); // nothing changed, nothing written
  });

  it("drops lines the catalogue does not sell (unknown product, size or colour) but keeps sold-out ones", async () => {
    const view = await carts.put(ME, {
      lines: [
        { productId: GONE, selectedSize: null, color: null, quantity: 1 },
        { productId: dress, selectedSize: "L", color: "Sage", quantity: 1 },
        { productId: dress, selectedSize: "M", color: "Purple", quantity: 1 },
        { productId: soldOut, selectedSize: null, color: null, quantity: 1 },
      ],
      baseVersion: 0,
    });
    expect(view.lines.map((line) => line.productId)).toEqual([soldOut]);
  });

  it.each([
    { name: "a quantity of 100", body: { lines: [rawDress(100)], baseVersion: 0 }, message: /Quantity/ },
    {
      name: "a quantity as text",
      body: { lines: [{ ...rawDress(1), quantity: "2" }], baseVersion: 0 },
      message: /Quantity/,
    },
    {
      name: "not a product id",
      body: { lines: [{ ...rawDress(1), productId: "1 or 1=1" }], baseVersion: 0 },
      message: /product id/,
    },
    {
      name: "51 lines",
      body: { lines: Array.from({ length: 51 }, () => rawDress(1)), baseVersion: 0 },
      message: /at most 50/,
    },
    { name: "no version", body: { lines: [] }, message: /baseVersion/ },
    { name: "a negative version", body: { lines: [], baseVersion: -1 }, message: /baseVersion/ },
    { name: "not an object", body: "lines", message: /JSON object/ },
  ] as { name: string; body: unknown; message: RegExp }[])(
    "refuses $name and changes nothing",
    async ({ body, message }) => {
      await carts.put(ME, { lines: [teeLine(1)], baseVersion: 0 });
      // The table is written before the products exist: their ids go in now.
      const withIds = JSON.parse(JSON.stringify(body).replaceAll('"@dress"', JSON.stringify(dress)));
      await expect(carts.put(ME, withIds)).rejects.toThrow(message);
      expect(choices(await carts.get(ME))).toEqual([teeLine(1)]);
    },
  );

  it("keeps each shopper's cart apart", async () => {
    await carts.put(ME, { lines: [teeLine(2)], baseVersion: 0 });
    await carts.put(OTHER, { lines: [dressM(1)], baseVersion: 0 });
    expect(choices(await carts.get(ME))).toEqual([teeLine(2)]);
    expect(choices(await carts.get(OTHER))).toEqual([dressM(1)]);
  });

  it("adds a choice as Add to cart does, and a token only once", async () => {
    expect((await carts.add(ME, dressM(2), "token-1234")).added).toBe(true);
    expect((await carts.add(ME, dressM(2), "token-1234")).added).toBe(false);
    const { added, cart } = await carts.add(ME, dressM(3));
    expect(added).toBe(true);
    expect(choices(cart)).toEqual([dressM(5)]);
    expect(choices((await carts.add(ME, dressM(99))).cart)).toEqual([dressM(99)]);
  });

  it.each([
    { name: "no size", choice: () => ({ ...dressM(1), selectedSize: null }), message: "Please select a size" },
    { name: "no colour", choice: () => ({ ...dressM(1), color: null }), message: "Please select a color" },
    {
      name: "a size it has not",
      choice: () => ({ ...dressM(1), selectedSize: "XL" }),
      message: "Linen Dress is not available in size XL.",
    },
    {
      name: "a sold-out product",
      choice: () => ({ productId: soldOut, selectedSize: null, color: null, quantity: 1 }),
      message: "Gone Coat is out of stock.",
    },
    { name: "more than is left", choice: () => teeLine(11), message: "Only 10 of Plain Tee left in stock." },
    {
      name: "an unknown product",
      choice: () => ({ productId: GONE, selectedSize: null, color: null, quantity: 1 }),
      message: "An item in your cart is no longer available.",
    },
    {
      name: "not a product id",
      choice: () => ({ productId: "x", selectedSize: null, color: null, quantity: 1 }),
      message: "Could not add to cart",
    },
  ])("refuses to add $name", async ({ choice, message }) => {
    await expect(carts.add(ME, choice())).rejects.toThrow(message);
    expect(await carts.get(ME)).toEqual({ lines: [], version: 0 });
  });

  it("sets a quantity (capped, a non-number is 1) and removes a line", async () => {
    await carts.put(ME, { lines: [dressM(2), teeLine(1)], baseVersion: 0 });
    expect(choices(await carts.setQuantity(ME, lineKey(dressM(0)), "500"))).toEqual([dressM(99), teeLine(1)]);
    expect(choices(await carts.setQuantity(ME, lineKey(dressM(0)), "abc"))).toEqual([dressM(1), teeLine(1)]);
    expect(choices(await carts.remove(ME, lineKey(teeLine(0))))).toEqual([dressM(1)]);
    const before = await carts.get(ME);
    expect(await carts.remove(ME, "not a key")).toEqual(before);
  });

  it("prices the kept cart for the cart page", async () => {
    await carts.put(ME, { lines: [dressM(2), teeLine(1)], baseVersion: 0 });
    const { quote } = await carts.quoteFor(ME);
    expect(quote).toMatchObject({ subtotalCents: 4999 * 2 + 1235, shippingCents: 10, ok: true });
  });

  it("goes with its shopper's account", async () => {
    await carts.put(ME, { lines: [teeLine(1)], baseVersion: 0 });
    await handle.db.delete(users).where(eq(users.id, ME));
    expect(await handle.db.select().from(savedCarts)).toEqual([]);
  });
});

describe("removeBought (a paid order's lines come off the saved cart)", () => {
  it("writes nothing for a shopper who keeps no saved cart", async () => {
    await carts.removeBought(ME, [dressM(1)]);
    expect(await handle.db.select().from(savedCarts).where(eq(savedCarts.userId, ME))).toEqual([]);
  });

  it("leaves a cart without the bought lines as it is, version included", async () => {
    await carts.put(ME, { lines: [teeLine(2)], baseVersion: 0 });
    await carts.removeBought(ME, [dressM(1)]);
    const view = await carts.get(ME);
    expect(view.version).toBe(1);
    expect(choices(view)).toEqual([teeLine(2)]);
  });

  it("takes the bought lines off and moves the version on, leaving the rest", async () => {
    await carts.put(ME, { lines: [dressM(1), teeLine(2)], baseVersion: 0 });
    await carts.removeBought(ME, [dressM(1)]);
    const view = await carts.get(ME);
    expect(view.version).toBe(2);
    expect(choices(view)).toEqual([teeLine(2)]);
    // Another shopper's order never touches this cart.
    await carts.removeBought(OTHER, [teeLine(2)]);
    expect(choices(await carts.get(ME))).toEqual([teeLine(2)]);
  });
});
