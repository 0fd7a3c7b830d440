import { describe, expect, it } from "vitest";
import { lineChoiceSchema } from "./checkout-line";
import { isColorText, isLineQuantity, isSize, lineColor, readLineChoice } from "./line-choice";

const ID = "11111111-1111-4111-8111-111111111111";
const good = { productId: ID, selectedSize: "M", color: "Sage", quantity: 2 };

/** The same line choices through the server's schema and the browser's schema-free reader: both must agree. */
describe("readLineChoice agrees with lineChoiceSchema", () => {
  it.each<[string, unknown]>([
    ["a full line", good],
    ["no size and no colour", { productId: ID, quantity: 1 }],
    ["null size and colour", { ...good, selectedSize: null, color: null }],
    ["an empty colour", { ...good, color: "  " }],
    ["a colour with spaces around", { ...good, color: " Sage " }],
    ["a colour of 40 characters and spaces", { ...good, color: ` ${"x".repeat(40)} ` }],
    ["a price and a title", { ...good, priceCents: 1, title: "Free" }],
    ["1 piece", { ...good, quantity: 1 }],
    ["99 pieces", { ...good, quantity: 99 }],
    ["quantity 0", { ...good, quantity: 0 }],
    ["quantity 100", { ...good, quantity: 100 }],
    ["quantity 1.5", { ...good, quantity: 1.5 }],
    ['quantity "2"', { ...good, quantity: "2" }],
    ["quantity NaN", { ...good, quantity: Number.NaN }],
    ["quantity Infinity", { ...good, quantity: Number.POSITIVE_INFINITY }],
    ["quantity missing", { productId: ID }],
    ["a non-uuid id", { ...good, productId: "abc" }],
    ["a numeric id", { ...good, productId: 42 }],
    ["an unknown size", { ...good, selectedSize: "XXXL" }],
    ["a lower-case size", { ...good, selectedSize: "m" }],
    ["a numeric size", { ...good, selectedSize: 40 }],
    ["a colour of 41 characters", { ...good, color: "x".repeat(41) }],
    ["a colour that is an object", { ...good, color: { name: "Sage" } }],
    ["null", null],
    ["a string", "line"],
  ])("%s", (_name, input) => {
    const parsed = lineChoiceSchema.safeParse(input);
    expect(readLineChoice(input)).toEqual(parsed.success ? parsed.data : null);
  });
});

describe("the line choice's checks", () => {
  it.each<[unknown, boolean]>([
    [1, true],
    [99, true],
    [0, false],
    [100, false],
    [2.5, false],
    ["3", false],
    [null, false],
  ])("isLineQuantity(%j) is %s", (value, expected) => {
    expect(isLineQuantity(value)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    ["XS", true],
    ["XXL", true],
    ["xl", false],
    ["", false],
    [undefined, false],
  ])("isSize(%j) is %s", (value, expected) => {
    expect(isSize(value)).toBe(expected);
  });

  it.each<[string | null | undefined, string | null]>([
    [" Sage ", "Sage"],
    ["   ", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("lineColor(%j) is %j", (value, expected) => {
    expect(lineColor(value)).toBe(expected);
  });

  it("a colour may have 40 characters once trimmed, not 41", () => {
    expect(isColorText(`  ${"x".repeat(40)}  `)).toBe(true);
    expect(isColorText("x".repeat(41))).toBe(false);
  });
});
