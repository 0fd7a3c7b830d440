import { describe, expect, it } from "vitest";
import { MAX_CART_LINES } from "./cart";
import { cartSyncStart, mergeCarts, parseCartSyncState, sameCart, withoutBought } from "./cart-merge";
import type { LineChoiceInput } from "./line-choice";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

const l = (
  productId: string,
  selectedSize: string | null,
  color: string | null,
  quantity: number,
): LineChoiceInput => ({
  productId,
  selectedSize,
  color,
  quantity,
});

describe("mergeCarts", () => {
  const cases: { name: string; server: LineChoiceInput[]; browser: LineChoiceInput[]; want: LineChoiceInput[] }[] = [
    { name: "both empty", server: [], browser: [], want: [] },
    { name: "only the server's", server: [l(A, "M", null, 2)], browser: [], want: [l(A, "M", null, 2)] },
    { name: "only the browser's", server: [], browser: [l(A, "M", null, 2)], want: [l(A, "M", null, 2)] },
    {
      name: "the same line keeps the larger quantity, never the sum",
      server: [l(A, "M", "Red", 2)],
      browser: [l(A, "M", "Red", 3)],
      want: [l(A, "M", "Red", 3)],
    },
    {
      name: "the larger quantity wins from either side",
      server: [l(A, "M", "Red", 5)],
      browser: [l(A, "M", "Red", 1)],
      want: [l(A, "M", "Red", 5)],
    },
    {
      name: "another size is another line",
      server: [l(A, "M", null, 1)],
      browser: [l(A, "L", null, 1)],
      want: [l(A, "M", null, 1), l(A, "L", null, 1)],
    },
    {
      name: "another colour is another line",
      server: [l(A, "M", "Red", 1)],
      browser: [l(A, "M", "Blue", 1)],
      want: [l(A, "M", "Red", 1), l(A, "M", "Blue", 1)],
    },
    {
      name: "server's lines first, then the browser's new ones",
      server: [l(B, null, null, 1)],
      browser: [l(A, null, null, 1), l(B, null, null, 1)],
      want: [l(B, null, null, 1), l(A, null, null, 1)],
    },
    {
      name: "quantities are capped at 99 and a bad one becomes 1",
      server: [l(A, null, null, 500)],
      browser: [l(B, null, null, Number.NaN)],
      want: [l(A, null, null, 99), l(B, null, null, 1)],
    },
  ];
  it.each(cases)("$name", ({ server, browser, want }) => {
    expect(mergeCarts(server, browser)).toEqual(want);
  });

  it(`keeps at most ${MAX_CART_LINES} lines, the server's first`, () => {
    const many = (n: number, size: string) =>
      Array.from({ length: n }, (_, i) =>
        l(`${String(i).padStart(8, "0")}-1111-4111-8111-111111111111`, size, null, 1),
      );
    const merged = mergeCarts(many(40, "M"), many(40, "L"));
    expect(merged).toHaveLength(MAX_CART_LINES);
    expect(merged.filter((line) => line.selectedSize === "M")).toHaveLength(40);
  });

  it("does not change its arguments", () => {
    const server = [l(A, "M", null, 2)];
    const browser = [l(A, "M", null, 4)];
    mergeCarts(server, browser);
    expect(server[0].quantity).toBe(2);
    expect(browser[0].quantity).toBe(4);
  });
});

describe("sameCart", () => {
  it.each([
    { a: [], b: [], want: true },
    { a: [l(A, "M", null, 1), l(B, null, null, 2)], b: [l(B, null, null, 2), l(A, "M", null, 1)], want: true },
    { a: [l(A, "M", null, 1)], b: [l(A, "M", null, 2)], want: false },
    { a: [l(A, "M", null, 1)], b: [l(A, "L", null, 1)], want: false },
    { a: [l(A, "M", null, 1)], b: [], want: false },
  ])("$a vs $b is $want", ({ a, b, want }) => {
    expect(sameCart(a, b)).toBe(want);
  });
});

describe("parseCartSyncState", () => {
  it.each([
    { raw: null, want: null },
    { raw: "not json", want: null },
    { raw: "[]", want: null },
    { raw: "null", want: null },
    { raw: JSON.stringify({ owner: "", version: 1 }), want: null },
    { raw: JSON.stringify({ owner: "u1", version: -1 }), want: null },
    { raw: JSON.stringify({ owner: "u1", version: 1.5 }), want: null },
    { raw: JSON.stringify({ owner: "u1", version: 3 }), want: { owner: "u1", version: 3, dirty: false } },
    { raw: JSON.stringify({ owner: "u1", version: 3, dirty: true }), want: { owner: "u1", version: 3, dirty: true } },
  ])("$raw", ({ raw, want }) => {
    expect(parseCartSyncState(raw)).toEqual(want);
  });
});

describe("cartSyncStart", () => {
  it.each([
    {
      name: "a sign-in (no state): merge what is here",
      state: null,
      want: { kind: "merge", keepLocal: true, baseVersion: null },
    },
    {
      name: "another shopper's cart: dropped, then the server's",
      state: { owner: "other", version: 4, dirty: true },
      want: { kind: "merge", keepLocal: false, baseVersion: null },
    },
    {
      name: "a change not sent yet: sent against its version",
      state: { owner: "me", version: 4, dirty: true },
      want: { kind: "merge", keepLocal: true, baseVersion: 4 },
    },
    {
      name: "in step: refresh from the server",
      state: { owner: "me", version: 4, dirty: false },
      want: { kind: "refresh" },
    },
  ])("$name", ({ state, want }) => {
    expect(cartSyncStart("me", state)).toEqual(want);
  });
});

describe("withoutBought", () => {
  it.each<[string, LineChoiceInput[], LineChoiceInput[], LineChoiceInput[]]>([
    ["an empty cart stays empty", [], [l(A, "M", "Red", 1)], []],
    ["the whole cart bought: nothing left", [l(A, "M", "Red", 2)], [l(A, "M", "Red", 2)], []],
    [
      "a line added on another device stays",
      [l(A, "M", "Red", 2), l(B, null, null, 1)],
      [l(A, "M", "Red", 2)],
      [l(B, null, null, 1)],
    ],
    [
      "more in the cart than bought: the rest stays",
      [l(A, "M", "Red", 5)],
      [l(A, "M", "Red", 2)],
      [l(A, "M", "Red", 3)],
    ],
    ["fewer in the cart than bought: the line goes", [l(A, "M", "Red", 1)], [l(A, "M", "Red", 3)], []],
    ["another size is another line", [l(A, "L", "Red", 1)], [l(A, "M", "Red", 1)], [l(A, "L", "Red", 1)]],
    ["another colour is another line", [l(A, "M", "Blue", 1)], [l(A, "M", "Red", 1)], [l(A, "M", "Blue", 1)]],
    ["no size and no colour match each other", [l(B, null, null, 2)], [l(B, null, null, 2)], []],
    [
      "the same line twice in the order adds up",
      [l(A, "M", "Red", 4)],
      [l(A, "M", "Red", 1), l(A, "M", "Red", 2)],
      [l(A, "M", "Red", 1)],
    ],
    [
      "a nonsense bought quantity takes nothing",
      [l(A, "M", "Red", 2)],
      [l(A, "M", "Red", Number.NaN)],
      [l(A, "M", "Red", 2)],
    ],
    ["a negative bought quantity takes nothing", [l(A, "M", "Red", 2)], [l(A, "M", "Red", -3)], [l(A, "M", "Red", 2)]],
  ])("%s", (_name, saved, bought, want) => {
    expect(withoutBought(saved, bought)).toEqual(want);
  });

  it("keeps the order of the lines left", () => {
    const saved = [l(B, null, null, 1), l(A, "M", "Red", 1), l(A, "L", "Red", 1)];
    expect(withoutBought(saved, [l(A, "M", "Red", 1)])).toEqual([l(B, null, null, 1), l(A, "L", "Red", 1)]);
  });
});
