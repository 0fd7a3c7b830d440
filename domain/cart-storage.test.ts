import { describe, expect, it } from "vitest";
import { CART_STORAGE_KEY, type CartLine, MAX_CART_LINES } from "./cart";
import { parseStoredCart, toRequestLines } from "./cart-storage";

const ID = "11111111-1111-4111-8111-111111111111";

describe("parseStoredCart", () => {
  const stored: CartLine = {
    productId: ID,
    title: "Linen Dress",
    priceCents: 4999,
    quantity: 2,
    imageUrls: ["/media/products/a"],
    selectedSize: "M",
    color: "Sage",
  };

  it("reads what was written", () => {
    expect(parseStoredCart(JSON.stringify([stored]))).toEqual([stored]);
    expect(parseStoredCart(JSON.stringify([{ ...stored, description: "Soft" }]))[0].description).toBe("Soft");
  });

  it.each<[string, string | null]>([
    ["nothing stored", null],
    ["an empty string", ""],
    ["corrupt JSON", "[{"],
    ["an object instead of a list", JSON.stringify({ lines: [stored] })],
    ["a number", "42"],
    ["a list of junk", JSON.stringify([1, "a", null, {}])],
  ])("%s is an empty cart", (_name, raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>]>([
    ["a non-uuid product", { productId: "x" }],
    ["a negative price", { priceCents: -1 }],
    ["a price in dollars", { priceCents: 49.99 }],
    ["quantity 0", { quantity: 0 }],
    ["quantity 1e9", { quantity: 1e9 }],
    ["quantity text", { quantity: "2" }],
    ["an unknown size", { selectedSize: "XXXL" }],
    ["images that are not a list", { imageUrls: "a.jpg" }],
    ["no title", { title: undefined }],
  ])("drops a line with %s and keeps the good ones", (_name, change) => {
    const bad = { ...stored, productId: "22222222-2222-4222-8222-222222222222", ...change };
    expect(parseStoredCart(JSON.stringify([stored, bad]))).toEqual([stored]);
  });

  it("merges repeated lines and keeps at most MAX_CART_LINES", () => {
    expect(parseStoredCart(JSON.stringify([stored, stored]))).toEqual([{ ...stored, quantity: 4 }]);
    const many = Array.from({ length: MAX_CART_LINES + 5 }, (_, i) => ({ ...stored, color: `c${i}` }));
    expect(parseStoredCart(JSON.stringify(many))).toHaveLength(MAX_CART_LINES);
  });

  it("uses the versioned key", () => {
    expect(CART_STORAGE_KEY).toBe("cart:v1");
  });
});

describe("toRequestLines", () => {
  it("keeps only what the server may read", () => {
    expect(
      toRequestLines([
        {
          productId: ID,
          title: "T",
          priceCents: 1,
          quantity: 3,
          imageUrls: [],
          selectedSize: "S",
          color: null,
          description: "d",
        },
      ]),
    ).toEqual([{ productId: ID, selectedSize: "S", color: null, quantity: 3 }]);
  });
});
