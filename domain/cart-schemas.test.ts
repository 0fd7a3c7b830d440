import { describe, expect, it } from "vitest";
import { MAX_CART_LINES } from "./cart";
import { cartMessages, cartQuoteBodySchema, cartRequestErrorMessage, cartRequestSchema } from "./cart-schemas";
import { lineChoiceSchema } from "./checkout-line";

const ID = "11111111-1111-4111-8111-111111111111";
const good = { productId: ID, selectedSize: "M", color: "Sage", quantity: 2 };

describe("lineChoiceSchema (a cart request line)", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ["a full line", good, good],
    [
      "no size and no colour",
      { productId: ID, quantity: 1 },
      { productId: ID, selectedSize: null, color: null, quantity: 1 },
    ],
    [
      "null size and colour",
      { ...good, selectedSize: null, color: null },
      { ...good, selectedSize: null, color: null },
    ],
    ["an empty colour means none", { ...good, color: "  " }, { ...good, color: null }],
    ["the colour is trimmed", { ...good, color: " Sage " }, good],
    ["99 pieces", { ...good, quantity: 99 }, { ...good, quantity: 99 }],
    [
      "a price, total and currency are dropped",
      { ...good, price: 0.01, priceCents: 1, total: 0, currency: "EUR", title: "Free" },
      good,
    ],
  ])("accepts %s", (_name, input, expected) => {
    expect(lineChoiceSchema.parse(input)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["quantity -1", { ...good, quantity: -1 }, cartMessages.quantity],
    ["quantity 0", { ...good, quantity: 0 }, cartMessages.quantity],
    ["quantity 1.5", { ...good, quantity: 1.5 }, cartMessages.quantity],
    ['quantity "abc"', { ...good, quantity: "abc" }, cartMessages.quantity],
    ['quantity "2" (a string)', { ...good, quantity: "2" }, cartMessages.quantity],
    ["quantity 1e9", { ...good, quantity: 1e9 }, cartMessages.quantity],
    ["quantity 100", { ...good, quantity: 100 }, cartMessages.quantity],
    ["quantity missing", { productId: ID }, cartMessages.quantity],
    ["quantity null", { ...good, quantity: null }, cartMessages.quantity],
    ["a non-uuid id", { ...good, productId: "abc" }, cartMessages.productId],
    ["a SQL-ish id", { ...good, productId: "1' or '1'='1" }, cartMessages.productId],
    ["a numeric id", { ...good, productId: 42 }, cartMessages.productId],
    ["a missing id", { quantity: 1 }, cartMessages.productId],
    ["a size that does not exist", { ...good, selectedSize: "XXXL" }, cartMessages.size],
    ["a lower-case size", { ...good, selectedSize: "m" }, cartMessages.size],
    ["a numeric size", { ...good, selectedSize: 40 }, cartMessages.size],
    ["a colour of 41 characters", { ...good, color: "x".repeat(41) }, cartMessages.color],
    ["a colour that is an object", { ...good, color: { name: "Sage" } }, cartMessages.color],
  ])("refuses %s with a clear message", (_name, input, message) => {
    const result = lineChoiceSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe("cartRequestSchema", () => {
  it.each<[string, unknown, string]>([
    ["an empty list", [], cartMessages.empty],
    ["not a list", { lines: [] }, cartMessages.lines],
    ["a string", "[]", cartMessages.lines],
    ["too many lines", Array.from({ length: MAX_CART_LINES + 1 }, () => good), cartMessages.tooMany],
  ])("refuses %s", (_name, input, message) => {
    const result = cartRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });

  it("accepts 1 to MAX_CART_LINES lines", () => {
    expect(cartRequestSchema.parse([good])).toHaveLength(1);
    expect(cartRequestSchema.parse(Array.from({ length: MAX_CART_LINES }, () => good))).toHaveLength(MAX_CART_LINES);
  });
});

describe("cartRequestErrorMessage", () => {
  it.each<[string, unknown, string]>([
    ["names the line", { lines: [good, { ...good, quantity: 0 }] }, `Line 2: ${cartMessages.quantity}`],
    ["a body without lines", { items: [] }, cartMessages.lines],
    ["a body that is not an object", "hello", cartMessages.body],
    ["an empty cart", { lines: [] }, cartMessages.empty],
  ])("%s", (_name, body, expected) => {
    const result = cartQuoteBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(cartRequestErrorMessage(result.error!)).toBe(expected);
  });
});
