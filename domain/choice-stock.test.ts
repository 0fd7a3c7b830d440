import { describe, expect, it } from "vitest";
import { MAX_QUANTITY } from "./cart-rules";
import { type ChoiceStock, choiceStock, choiceStockNote, fitQuantity, quantityInCart } from "./choice-stock";

describe("choiceStock", () => {
  it.each<[string, { complete: boolean; stock: number; inCart: number }, ChoiceStock]>([
    ["size or colour still to choose", { complete: false, stock: 0, inCart: 0 }, { state: "open", max: MAX_QUANTITY }],
    [
      "plenty left, none in the cart",
      { complete: true, stock: 40, inCart: 0 },
      { state: "available", max: 40, left: 40, inCart: 0 },
    ],
    [
      "only 2 left: the + stops at 2",
      { complete: true, stock: 2, inCart: 0 },
      { state: "available", max: 2, left: 2, inCart: 0 },
    ],
    [
      "only 2 left, 1 in the cart: 1 more",
      { complete: true, stock: 2, inCart: 1 },
      { state: "available", max: 1, left: 2, inCart: 1 },
    ],
    [
      "only 2 left, both in the cart",
      { complete: true, stock: 2, inCart: 2 },
      { state: "all-in-cart", max: 0, left: 2, inCart: 2 },
    ],
    [
      "a cart holding more than is left (stale)",
      { complete: true, stock: 2, inCart: 5 },
      { state: "all-in-cart", max: 0, left: 2, inCart: 5 },
    ],
    ["sold out", { complete: true, stock: 0, inCart: 0 }, { state: "out-of-stock", max: 0, left: 0, inCart: 0 }],
    [
      "sold out with some in the cart",
      { complete: true, stock: 0, inCart: 3 },
      { state: "out-of-stock", max: 0, left: 0, inCart: 3 },
    ],
    [
      "negative stock counts as none",
      { complete: true, stock: -1, inCart: 0 },
      { state: "out-of-stock", max: 0, left: 0, inCart: 0 },
    ],
    [
      "a line's cap: 500 left, 99 at most",
      { complete: true, stock: 500, inCart: 0 },
      { state: "available", max: MAX_QUANTITY, left: 500, inCart: 0 },
    ],
    [
      "a line's cap less the cart",
      { complete: true, stock: 500, inCart: 90 },
      { state: "available", max: 9, left: 500, inCart: 90 },
    ],
    [
      "a full line",
      { complete: true, stock: 500, inCart: 99 },
      { state: "all-in-cart", max: 0, left: 500, inCart: 99 },
    ],
    [
      "not a number in the cart counts as none",
      { complete: true, stock: 3, inCart: Number.NaN },
      { state: "available", max: 3, left: 3, inCart: 0 },
    ],
  ])("%s", (_name, input, expected) => {
    expect(choiceStock(input)).toEqual(expected);
  });
});

describe("fitQuantity", () => {
  it.each<[number, number, number]>([
    [1, 2, 1],
    [2, 2, 2],
    [4, 2, 2],
    [99, MAX_QUANTITY, 99],
    [3, 0, 1],
  ])("%i within %i -> %i", (quantity, max, expected) => {
    expect(fitQuantity(quantity, max)).toBe(expected);
  });
});

describe("quantityInCart", () => {
  const lines = [
    { productId: "p", selectedSize: "M", color: "Black", quantity: 2 },
    { productId: "p", selectedSize: "L", color: "Black", quantity: 4 },
    { productId: "q", selectedSize: "M", color: "Black", quantity: 7 },
    { productId: "r", selectedSize: null, color: null, quantity: 1 },
  ];
  it.each<[string, string | null, string | null, number]>([
    ["p", "M", "Black", 2],
    ["p", "L", "Black", 4],
    ["p", "M", "Cognac", 0],
    ["q", "M", "Black", 7],
    ["r", null, null, 1],
    ["r", "M", null, 0],
  ])("%s %s %s -> %i", (productId, size, color, expected) => {
    expect(quantityInCart(lines, productId, { size, color })).toBe(expected);
  });
});

describe("choiceStockNote", () => {
  const choice = { size: "M", color: "Cognac" };
  it.each<[string, ChoiceStock, boolean, string | null]>([
    ["open", { state: "open", max: 99 }, false, null],
    ["available, nothing in the cart", { state: "available", max: 2, left: 2, inCart: 0 }, false, null],
    [
      "available, some in the cart",
      { state: "available", max: 1, left: 2, inCart: 1 },
      false,
      "1 already in your cart",
    ],
    ["out of stock", { state: "out-of-stock", max: 0, left: 0, inCart: 0 }, false, "M, Cognac is out of stock"],
    [
      "sold out while the page was open",
      { state: "out-of-stock", max: 0, left: 0, inCart: 0 },
      true,
      "M, Cognac has just sold out",
    ],
    [
      "the last one in the cart",
      { state: "all-in-cart", max: 0, left: 1, inCart: 1 },
      false,
      "The last one is in your cart",
    ],
    [
      "all left in the cart",
      { state: "all-in-cart", max: 0, left: 2, inCart: 2 },
      false,
      "All 2 left are in your cart",
    ],
    [
      "a full line",
      { state: "all-in-cart", max: 0, left: 500, inCart: 99 },
      false,
      "Your cart holds 99 already, the most one line takes",
    ],
  ])("%s", (_name, stock, justSoldOut, expected) => {
    expect(choiceStockNote(stock, choice, justSoldOut)).toBe(expected);
  });
});
