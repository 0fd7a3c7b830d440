import { describe, expect, it } from "vitest";
import { type CartChoice, MAX_QUANTITY, missingChoice, parseQuantity } from "./cart-rules";

describe("parseQuantity", () => {
  it.each<[unknown, number]>([
    ["1", 1],
    ["2", 2],
    [" 7 ", 7],
    ["99", 99],
    [3, 3],
    // Not a number, empty or below 1: 1 (docs/product.md §4).
    ["abc", 1],
    ["", 1],
    ["   ", 1],
    ["0", 1],
    ["-3", 1],
    [-3, 1],
    [0, 1],
    ["1e3", 1],
    ["0x10", 1],
    ["Infinity", 1],
    ["NaN", 1],
    [Number.NaN, 1],
    [null, 1],
    [undefined, 1],
    [{}, 1],
    ["2abc", 1],
    // Whole pieces only.
    ["2.9", 2],
    ["0.5", 1],
    [".5", 1],
    // Capped.
    ["100", MAX_QUANTITY],
    ["100000000000000000000", MAX_QUANTITY],
    [1e6, MAX_QUANTITY],
  ])("%j -> %i", (raw, expected) => {
    expect(parseQuantity(raw)).toBe(expected);
  });
});

describe("missingChoice", () => {
  const colors = [{ name: "Sage" }, { name: "Terracotta" }];
  const base: CartChoice = { sizes: [], colors: [], selectedSize: null, selectedColor: null };

  it.each<[string, Partial<CartChoice>, ReturnType<typeof missingChoice>]>([
    ["no sizes and no colours", {}, null],
    ["sizes, none chosen", { sizes: ["S", "M"] }, "selectSize"],
    ["sizes, one chosen", { sizes: ["S", "M"], selectedSize: "M" }, null],
    ["a size the product does not have", { sizes: ["S", "M"], selectedSize: "XL" }, "selectSize"],
    ["colours, none chosen", { colors }, "selectColor"],
    ["colours, one chosen", { colors, selectedColor: "Sage" }, null],
    ["a colour the product does not have", { colors, selectedColor: "Blue" }, "selectColor"],
    ["both missing: size is asked first", { sizes: ["S"], colors }, "selectSize"],
    ["size chosen, colour missing", { sizes: ["S"], colors, selectedSize: "S" }, "selectColor"],
    ["both chosen", { sizes: ["S"], colors, selectedSize: "S", selectedColor: "Terracotta" }, null],
    ["a chosen size on a product without sizes is ignored", { selectedSize: "M" }, null],
  ])("%s", (_name, choice, expected) => {
    expect(missingChoice({ ...base, ...choice })).toBe(expected);
  });
});
