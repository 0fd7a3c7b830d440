import { describe, expect, it } from "vitest";
import {
  rebaseStockEdit,
  LOW_STOCK_THRESHOLD,
  lowStockMessage,
  soldOutColors,
  soldOutSizes,
  spreadStock,
  stockMark,
  stockOfChoice,
  totalStock,
  variantChoices,
  variantKey,
  variantLabel,
} from "./variants";

describe("variantChoices", () => {
  it.each([
    [[], [], [[null, null]]],
    [
      ["S", "M"],
      [],
      [
        ["S", null],
        ["M", null],
      ],
    ],
    [[], ["Black"], [[null, "Black"]]],
    [
      ["S", "M"],
      ["Black", "Cognac"],
      [
        ["S", "Black"],
        ["S", "Cognac"],
        ["M", "Black"],
        ["M", "Cognac"],
      ],
    ],
    [["S"], ["Black", "Black"], [["S", "Black"]]],
  ])("sizes %j × colours %j", (sizes, colors, expected) => {
    expect(variantChoices(sizes as string[], colors as string[]).map((c) => [c.size, c.color])).toEqual(expected);
  });
});

describe("spreadStock (the migration rule)", () => {
  it.each([
    [5, ["S", "M"], ["Black", "Cognac"], [2, 1, 1, 1]],
    [0, ["S", "M"], ["Black"], [0, 0]],
    [3, [], [], [3]],
    [7, ["XS", "S", "M"], [], [3, 2, 2]],
    [2, ["S", "M", "L"], ["A", "B"], [1, 1, 0, 0, 0, 0]],
    [12, ["S", "M"], ["A", "B", "C"], [2, 2, 2, 2, 2, 2]],
    [100_000, ["M"], ["Sand"], [100_000]],
  ])("%i pieces over %j × %j", (total, sizes, colors, expected) => {
    const spread = spreadStock(total, sizes, colors);
    expect(spread.map((v) => v.stock)).toEqual(expected);
    expect(totalStock(spread)).toBe(total);
  });
});

const jacket = [
  { size: "M", color: "Black", stock: 2 },
  { size: "M", color: "Cognac", stock: 0 },
  { size: "L", color: "Black", stock: 1 },
  { size: "L", color: "Cognac", stock: 5 },
  { size: "S", color: "Black", stock: 0 },
  { size: "S", color: "Cognac", stock: 0 },
];
const sizes = ["S", "M", "L"];
const colors = ["Black", "Cognac"];

describe("soldOutSizes", () => {
  it.each([
    ["no colour chosen: sold out in every colour", null, ["S"]],
    ["Cognac chosen", "Cognac", ["S", "M"]],
    ["Black chosen", "Black", ["S"]],
    ["an unknown colour counts as none", "Pink", ["S"]],
  ])("%s", (_label, chosen, expected) => {
    expect(soldOutSizes(jacket, sizes, colors, chosen)).toEqual(expected);
  });

  it("a product without colours: sizes with no stock", () => {
    const variants = [
      { size: "S", color: null, stock: 0 },
      { size: "M", color: null, stock: 4 },
    ];
    expect(soldOutSizes(variants, ["S", "M"], [], null)).toEqual(["S"]);
  });

  it("a size with no variant row has no stock", () => {
    expect(soldOutSizes([{ size: "S", color: null, stock: 1 }], ["S", "XL"], [], null)).toEqual(["XL"]);
  });
});

describe("soldOutColors", () => {
  it.each([
    ["no size chosen", null, []],
    ["M chosen", "M", ["Cognac"]],
    ["S chosen", "S", ["Black", "Cognac"]],
    ["L chosen", "L", []],
  ])("%s", (_label, chosen, expected) => {
    expect(soldOutColors(jacket, sizes, colors, chosen)).toEqual(expected);
  });

  it("a product without sizes: colours with no stock", () => {
    const variants = [
      { size: null, color: "Red", stock: 0 },
      { size: null, color: "Blue", stock: 1 },
    ];
    expect(soldOutColors(variants, [], ["Red", "Blue"], null)).toEqual(["Red"]);
  });
});

describe("stockOfChoice", () => {
  it.each([
    [{ size: "L", color: "Cognac" }, 5],
    [{ size: "M", color: "Cognac" }, 0],
    [{ size: "XL", color: "Black" }, 0],
    [{ size: "M", color: null }, 0],
  ])("%j has %i", (choice, expected) => {
    expect(stockOfChoice(jacket, choice)).toBe(expected);
  });
});

describe("lowStockMessage", () => {
  it.each([
    [0, null],
    [1, "Only 1 left"],
    [2, "Only 2 left"],
    [LOW_STOCK_THRESHOLD, `Only ${LOW_STOCK_THRESHOLD} left`],
    [LOW_STOCK_THRESHOLD + 1, null],
    [-1, null],
  ])("%i pieces: %j", (stock, expected) => {
    expect(lowStockMessage(stock)).toBe(expected);
  });
});

describe("stockMark", () => {
  it.each([
    [0, 0, "Out of Stock"],
    [10, 0, "Low stock"],
    [10, 3, "Low stock"],
    [10, 4, "In Stock"],
    [100, 50, "In Stock"],
  ])("total %i, lowest variant %i: %j", (total, lowest, expected) => {
    expect(stockMark(total, lowest)).toBe(expected);
  });
});

describe("variantLabel", () => {
  it.each([
    [{ size: "M", color: "Cognac" }, "M, Cognac"],
    [{ size: "M", color: null }, "M"],
    [{ size: null, color: "Cognac" }, "Cognac"],
    [{ size: null, color: null }, "One size"],
  ])("%j", (choice, expected) => {
    expect(variantLabel(choice)).toBe(expected);
  });
});

describe("rebaseStockEdit (the grid saved over sales since it was loaded)", () => {
  const M = { size: "M", color: "Cognac" };
  const L = { size: "L", color: "Black" };
  const cell = (choice: { size: string; color: string }, stock: number) => ({ ...choice, stock });
  const seen = (m: number, l: number) => ({ [variantKey(M)]: m, [variantKey(L)]: l });
  it.each([
    // [what happened, the form sent, seen, stock now, saved or the conflicting cells]
    ["nothing changed anywhere", [cell(M, 4), cell(L, 2)], seen(4, 2), [cell(M, 4), cell(L, 2)], [4, 2]],
    [
      "the administrator changed L, nobody else did",
      [cell(M, 4), cell(L, 9)],
      seen(4, 2),
      [cell(M, 4), cell(L, 2)],
      [4, 9],
    ],
    [
      "one M sold meanwhile, the administrator changed only L",
      [cell(M, 4), cell(L, 9)],
      seen(4, 2),
      [cell(M, 3), cell(L, 2)],
      [3, 9],
    ],
    ["the last M sold meanwhile, untouched", [cell(M, 1), cell(L, 2)], seen(1, 2), [cell(M, 0), cell(L, 2)], [0, 2]],
    [
      "a return put an M back meanwhile, untouched",
      [cell(M, 4), cell(L, 2)],
      seen(4, 2),
      [cell(M, 5), cell(L, 2)],
      [5, 2],
    ],
    ["both changed M to the same figure", [cell(M, 3), cell(L, 2)], seen(4, 2), [cell(M, 3), cell(L, 2)], [3, 2]],
    [
      "one M sold, and the administrator set M to 10",
      [cell(M, 10), cell(L, 2)],
      seen(4, 2),
      [cell(M, 3), cell(L, 2)],
      { conflicts: [{ choice: M, seen: 4, now: 3 }] },
    ],
    [
      "both cells changed on both sides",
      [cell(M, 10), cell(L, 0)],
      seen(4, 2),
      [cell(M, 3), cell(L, 1)],
      {
        conflicts: [
          { choice: M, seen: 4, now: 3 },
          { choice: L, seen: 2, now: 1 },
        ],
      },
    ],
    [
      "no figures seen (the CSV import): the figures given",
      [cell(M, 7), cell(L, 1)],
      {},
      [cell(M, 3), cell(L, 2)],
      [7, 1],
    ],
    [
      "a cell new since the form was loaded (a size ticked)",
      [cell(M, 4), cell(L, 6)],
      { [variantKey(M)]: 4 },
      [cell(M, 4)],
      [4, 6],
    ],
    ["a cell another save removed meanwhile", [cell(M, 4), cell(L, 6)], seen(4, 2), [cell(M, 4)], [4, 6]],
  ] as const)("%s", (_what, submitted, before, current, expected) => {
    const result = rebaseStockEdit(submitted, before, current);
    if (Array.isArray(expected)) {
      expect(result).toEqual({ variants: [cell(M, expected[0]), cell(L, expected[1])] });
    } else {
      expect(result).toEqual(expected);
    }
  });
});
