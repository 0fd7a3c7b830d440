import { describe, expect, it } from "vitest";
import {
  alreadyInCatalogue,
  describeProblem,
  importColour,
  importHeader,
  importRow,
  productKey,
  repeatedProducts,
  rowLengthProblem,
} from "./product-import";

const good = {
  title: "Linen Wrap Dress",
  category: "Dress",
  price: "89.50",
  description: "Light linen, wrap front.",
  sizes: "S|M|L",
  colours: "Sand #c2b280 @2|Navy #1f2a44",
  stock: "12",
  images: "front.jpg|back.png",
};

describe("importHeader", () => {
  it.each([
    ["the plain names", ["title", "category", "price", "description", "sizes", "colours", "stock", "images"], []],
    [
      "other spellings and case",
      ["Title", "CATEGORY", "Price", "Description", "Colors", "Stock count", "Image paths"],
      [],
    ],
    [
      "an unknown column",
      ["title", "category", "price", "description", "stock", "images", "weight"],
      ['Unknown column "weight"; the columns are title, category, price, description, sizes, colours, stock, images'],
    ],
    [
      "a repeated column",
      ["title", "title", "category", "price", "description", "stock", "images"],
      ["The column title appears twice"],
    ],
    [
      "missing columns",
      ["title", "price"],
      [
        "The column category is missing",
        "The column description is missing",
        "The column stock is missing",
        "The column images is missing",
      ],
    ],
  ])("%s", (_, header, messages) => {
    expect(importHeader(header).problems.map((p) => p.message)).toEqual(messages);
  });
});

describe("importColour", () => {
  it.each([
    ["Sand #c2b280", { name: "Sand", hex: "#c2b280", image: "" }],
    ["Sand #c2b280 @2", { name: "Sand", hex: "#c2b280", image: "1" }],
    ["Dusty Rose cb8 @1", { name: "Dusty Rose", hex: "cb8", image: "0" }],
    ["Sand", { name: "Sand", hex: "", image: "" }],
    ["Sand #c2b280 @0", { name: "Sand", hex: "#c2b280", image: "x" }],
  ])("%s", (text, expected) => {
    expect(importColour(text)).toEqual(expected);
  });
});

describe("importRow", () => {
  it("reads a good row as the form would", () => {
    const result = importRow(2, good);
    expect(result).toEqual({
      ok: true,
      images: ["front.jpg", "back.png"],
      input: {
        title: "Linen Wrap Dress",
        category: "Dress",
        price: 8950,
        description: "Light linen, wrap front.",
        sizes: ["S", "M", "L"],
        stockCount: 12,
        // The import sets the figures it is given (decision 035).
        stockSeen: {},
        colors: [
          { name: "Sand", hex: "#c2b280", image: 1 },
          { name: "Navy", hex: "#1f2a44", image: null },
        ],
        // The stock column is spread over sizes × colours by the migration rule (decision 032).
        variants: [
          { size: "S", color: "Sand", stock: 2, sku: null },
          { size: "S", color: "Navy", stock: 2, sku: null },
          { size: "M", color: "Sand", stock: 2, sku: null },
          { size: "M", color: "Navy", stock: 2, sku: null },
          { size: "L", color: "Sand", stock: 2, sku: null },
          { size: "L", color: "Navy", stock: 2, sku: null },
        ],
      },
    });
  });

  it.each([
    ["no title", { title: "" }, "row 3, title: Title and price required"],
    [
      "a bad price",
      { price: "12.345" },
      "row 3, price: Price must be a number from 0 to 100000.00 with at most 2 decimals",
    ],
    ["an unknown category", { category: "Hats" }, "row 3, category: Choose a category from the list"],
    ["Pants, offered only by the edit form", { category: "Pants" }, "row 3, category: Choose a category from the list"],
    ["no description", { description: " " }, "row 3, description: Description is required"],
    ["an unknown size", { sizes: "S|XXXL" }, "row 3, sizes: Sizes must be among XS, S, M, L, XL, XXL"],
    ["a fractional stock", { stock: "1.5" }, "row 3, stock: Stock must be a whole number from 0 to 100000"],
    [
      "a colour without a value",
      { colours: "Sand" },
      "row 3, colours: Choose a colour value for Sand: pick it or type a hex value such as #c2b280",
    ],
    [
      "a colour picture past the images",
      { colours: "Sand #c2b280 @3" },
      "row 3, colours: A colour's picture must be one of the product's images",
    ],
    ["no image", { images: "" }, "row 3, images: Please upload at least one product image"],
    [
      "six images",
      { images: "1.jpg|2.jpg|3.jpg|4.jpg|5.jpg|6.jpg" },
      "row 3, images: Maximum 5 images allowed in total",
    ],
  ])("refuses %s", (_, change, message) => {
    const result = importRow(3, { ...good, ...change });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map(describeProblem)).toEqual([message]);
  });

  it("reports every bad field of a row", () => {
    const result = importRow(4, { ...good, title: "", stock: "many" });
    expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual(["title", "stock"]);
  });

  it("gives a refused row's pictures too, so they are checked as well", () => {
    expect(importRow(4, { ...good, price: "free" }).images).toEqual(["front.jpg", "back.png"]);
  });
});

describe("rowLengthProblem", () => {
  it.each([
    ["as many cells as columns", 8, 8, undefined],
    [
      "a short row",
      6,
      8,
      "row 5, row: The row has 6 cells where the header has 8 columns: a cell or a separator is missing",
    ],
    [
      "a long row",
      9,
      8,
      "row 5, row: The row has 9 cells where the header has 8 columns: a cell has an unquoted comma",
    ],
  ])("%s", (_, cells, columns, message) => {
    const problem = rowLengthProblem(5, cells, columns);
    expect(problem && describeProblem(problem)).toBe(message);
  });
});

describe("productKey: the same product, as a repeated import sees it", () => {
  it.each([
    ["Linen Wrap Dress", "Dress", "Linen Wrap Dress", "Dress", true],
    ["  linen   wrap DRESS ", "Dress", "Linen Wrap Dress", "Dress", true],
    ["Linen Wrap Dress", "Dress", "Linen Wrap Dress", "2-piece", false],
    ["Linen Wrap Dress", "Dress", "Linen Wrap Dresses", "Dress", false],
  ])("%j in %s and %j in %s: %s", (titleA, categoryA, titleB, categoryB, same) => {
    expect(productKey(titleA, categoryA) === productKey(titleB, categoryB)).toBe(same);
  });
});

describe("repeatedProducts", () => {
  it("names every row that repeats an earlier row of the file", () => {
    const problems = repeatedProducts([
      { row: 2, title: "Linen Wrap Dress", category: "Dress" },
      { row: 3, title: "Leather Belt", category: "Accessories" },
      { row: 4, title: "linen wrap dress", category: "Dress" },
      { row: 5, title: "Linen Wrap Dress", category: "2-piece" },
      { row: 6, title: "Linen Wrap Dress ", category: "Dress" },
    ]);
    expect(problems.map(describeProblem)).toEqual([
      "row 4, title: The same product (title and category) as row 2: each product once per file",
      "row 6, title: The same product (title and category) as row 2: each product once per file",
    ]);
  });
});

describe("alreadyInCatalogue", () => {
  it("says what to do about it", () => {
    expect(describeProblem(alreadyInCatalogue(7))).toBe(
      "row 7, title: A product with this title is already in this category: remove the row, or run with --skip-existing to leave such products as they are",
    );
  });
});
