import { describe, expect, it } from "vitest";
import { parseFields } from "./forms";
import { messages } from "./messages";
import {
  colorImageError,
  imageCountError,
  MAX_PRICE_CENTS,
  parseColorValue,
  productFormValues,
  productMessages,
  productSchema,
  remainingImageSlots,
} from "./product-schemas";
import { variantKey } from "./variants";

const valid = {
  title: "  Linen Shirt  ",
  category: "Jackets",
  price: "49.90",
  description: "Light and airy.",
  sizes: ["L", "S"],
  stockCount: "7",
  colors: [{ name: "Sand", hex: "#C2B280" }],
};

describe("productSchema", () => {
  it("accepts a complete product and normalises it", () => {
    const parsed = parseFields(productSchema("add"), valid);
    expect(parsed).toEqual({
      ok: true,
      data: {
        title: "Linen Shirt",
        category: "Jackets",
        price: 4990,
        description: "Light and airy.",
        sizes: ["S", "L"],
        stockCount: 7,
        colors: [{ name: "Sand", hex: "#c2b280", image: null }],
        // No grid: the total is spread over the variants by the migration rule.
        variants: [
          { size: "S", color: "Sand", stock: 4, sku: null },
          { size: "L", color: "Sand", stock: 3, sku: null },
        ],
        // No loaded figures: the add form has none.
        stockSeen: {},
      },
    });
  });

  it.each([
    ["", null],
    ["0", 0],
    [" 4 ", 4],
  ])("reads the colour picture %j as position %j", (image, expected) => {
    const parsed = parseFields(productSchema("edit"), { ...valid, colors: [{ name: "Sand", hex: "#c2b280", image }] });
    expect(parsed).toMatchObject({ ok: true, data: { colors: [{ name: "Sand", image: expected }] } });
  });

  it.each(["5", "-1", "1.5", "a", "01"])("refuses the colour picture %j", (image) => {
    const parsed = parseFields(productSchema("edit"), { ...valid, colors: [{ name: "Sand", hex: "#c2b280", image }] });
    expect(parsed).toEqual({ ok: false, errors: { colors: productMessages.colorImageInvalid } });
  });

  it.each([
    ["title empty", { title: "   " }, "title", messages.admin.titleAndPriceRequired],
    ["title missing", { title: undefined }, "title", messages.admin.titleAndPriceRequired],
    ["price empty", { price: "" }, "price", messages.admin.titleAndPriceRequired],
    ["price -1", { price: "-1" }, "price", productMessages.priceInvalid],
    ["price abc", { price: "abc" }, "price", productMessages.priceInvalid],
    ["price 1e12", { price: "1e12" }, "price", productMessages.priceInvalid],
    ["price three decimals", { price: "1.005" }, "price", productMessages.priceInvalid],
    ["price above the ceiling", { price: "100000.01" }, "price", productMessages.priceInvalid],
    ["price of nine digits", { price: "999999999" }, "price", productMessages.priceInvalid],
    ["title of 10 000 characters", { title: "x".repeat(10_000) }, "title", productMessages.titleTooLong],
    ["category empty", { category: "" }, "category", productMessages.categoryRequired],
    ["category not in the list", { category: "Hats" }, "category", productMessages.categoryInvalid],
    ["size not in the list", { sizes: ["M", "XXXL"] }, "sizes", productMessages.sizesInvalid],
    ["description empty", { description: " " }, "description", productMessages.descriptionRequired],
    ["stock missing with no grid", { stockCount: undefined }, "variants", productMessages.stockInvalid],
    ["stock negative", { stockCount: "-3" }, "stockCount", productMessages.stockInvalid],
    ["stock fractional", { stockCount: "2.5" }, "stockCount", productMessages.stockInvalid],
    ["stock too large", { stockCount: "100001" }, "stockCount", productMessages.stockInvalid],
    ["colour without name", { colors: [{ name: " ", hex: "#112233" }] }, "colors", productMessages.colorNameInvalid],
    [
      "colour with a bad hex",
      { colors: [{ name: "Red", hex: "red" }] },
      "colors",
      productMessages.colorValueInvalid("Red"),
    ],
    // The form's colour value starts empty: a named colour nobody gave a value is refused, not black.
    [
      "colour without a value",
      { colors: [{ name: "Sand", hex: "" }] },
      "colors",
      productMessages.colorValueMissing("Sand"),
    ],
    [
      "colour with a blank value",
      { colors: [{ name: "Sand", hex: "   " }] },
      "colors",
      productMessages.colorValueMissing("Sand"),
    ],
    [
      "second colour without a value",
      {
        colors: [
          { name: "Sand", hex: "#c2b280" },
          { name: "Moss", hex: "" },
        ],
      },
      "colors",
      productMessages.colorValueMissing("Moss"),
    ],
    [
      "thirteen colours",
      { colors: Array.from({ length: 13 }, (_, i) => ({ name: `C${i}`, hex: "#112233" })) },
      "colors",
      productMessages.colorsTooMany,
    ],
  ])("refuses %s", (_label, change, field, message) => {
    const parsed = parseFields(productSchema("edit"), { ...valid, ...change });
    expect(parsed).toEqual({ ok: false, errors: expect.objectContaining({ [field]: message }) });
  });

  it("accepts the price bounds 0 and the ceiling", () => {
    expect(parseFields(productSchema("add"), { ...valid, price: "0" })).toMatchObject({ ok: true, data: { price: 0 } });
    expect(parseFields(productSchema("add"), { ...valid, price: "100000" })).toMatchObject({
      ok: true,
      data: { price: MAX_PRICE_CENTS },
    });
  });

  it("offers Pants only on the edit form", () => {
    expect(parseFields(productSchema("add"), { ...valid, category: "Pants" })).toMatchObject({
      ok: false,
      errors: { category: productMessages.categoryInvalid },
    });
    expect(parseFields(productSchema("edit"), { ...valid, category: "Pants" })).toMatchObject({ ok: true });
  });

  it("refuses two colours of one name", () => {
    const colors = [
      { name: "Sand", hex: "#c2b280" },
      { name: "Sand", hex: "#000000" },
    ];
    expect(parseFields(productSchema("add"), { ...valid, colors })).toEqual({
      ok: false,
      errors: { colors: productMessages.colorNameRepeated("Sand") },
    });
  });

  it("allows a product without sizes (one-size accessories)", () => {
    expect(parseFields(productSchema("add"), { ...valid, sizes: [] })).toMatchObject({ ok: true, data: { sizes: [] } });
  });
});

describe("parseColorValue", () => {
  it.each([
    ["#c2b280", "#c2b280"],
    ["#C2B280", "#c2b280"],
    ["  c2b280 ", "#c2b280"],
    ["#cb8", "#ccbb88"],
    ["#000000", "#000000"],
    ["", undefined],
    [null, undefined],
    ["#", undefined],
    ["sand", undefined],
    ["#c2b28", undefined],
    ["#c2b2800", undefined],
    ["rgb(1,2,3)", undefined],
  ])("%j -> %j", (text, value) => {
    expect(parseColorValue(text)).toBe(value);
  });

  it("keeps black when it was chosen", () => {
    expect(parseFields(productSchema("add"), { ...valid, colors: [{ name: "Black", hex: "#000000" }] })).toMatchObject({
      ok: true,
      data: { colors: [{ name: "Black", hex: "#000000" }] },
    });
  });
});

describe("productFormValues", () => {
  it("reads repeated sizes and pairs colour rows, dropping blank rows", () => {
    const form = new FormData();
    form.set("title", "Tee");
    form.append("sizes", "S");
    form.append("sizes", "M");
    form.append("colorName", "Navy");
    form.append("colorHex", "#000080");
    form.append("colorImage", "1");
    form.append("colorName", "");
    form.append("colorHex", "");
    form.append("colorImage", "");
    form.append("colorName", "Sand");
    form.append("colorHex", "");
    form.append("images", new File(["x"], "a.png"));
    expect(productFormValues(form)).toEqual({
      title: "Tee",
      category: undefined,
      price: undefined,
      description: undefined,
      sizes: ["S", "M"],
      stockCount: undefined,
      colors: [
        { name: "Navy", hex: "#000080", image: "1" },
        { name: "Sand", hex: "", image: "" },
      ],
      variants: [],
    });
  });

  it("keeps a row with a value but no name, for the schema to refuse", () => {
    const form = new FormData();
    form.append("colorName", " ");
    form.append("colorHex", "#112233");
    expect(productFormValues(form).colors).toEqual([{ name: " ", hex: "#112233", image: "" }]);
  });
});

describe("colorImageError", () => {
  it.each([
    [[{ image: null }], 0, undefined],
    [[{ image: 0 }, { image: 2 }], 3, undefined],
    [[{ image: 3 }], 3, productMessages.colorImageInvalid],
    [[{ image: null }, { image: 1 }], 1, productMessages.colorImageInvalid],
  ])("%j of %i images -> %s", (colors, count, expected) => {
    expect(colorImageError(colors, count)).toBe(expected);
  });
});

describe("image count", () => {
  it.each([
    [0, 0, messages.admin.atLeastOneImage],
    [1, 0, undefined],
    [0, 1, undefined],
    [3, 2, undefined],
    [5, 0, undefined],
    [5, 1, messages.admin.maxImages],
    [2, 4, messages.admin.maxImages],
  ])("%i kept + %i new -> %s", (kept, added, expected) => {
    expect(imageCountError(kept, added)).toBe(expected);
  });

  it.each([
    [0, 0, 5],
    [2, 2, 1],
    [3, 2, 0],
    [4, 3, 0],
  ])("%i kept + %i new leaves %i slots", (kept, added, slots) => {
    expect(remainingImageSlots(kept, added)).toBe(slots);
  });
});

describe("productSchema's stock grid", () => {
  const jacket = {
    ...valid,
    stockCount: undefined,
    sizes: ["M", "L"],
    colors: [
      { name: "Black", hex: "#000000" },
      { name: "Cognac", hex: "#8a4f2a" },
    ],
  };
  const cell = (size: string, color: string, stock: string, sku = "") => ({ size, color, stock, sku });

  it("reads every cell, a missing cell is 0, and the total is their sum", () => {
    const parsed = parseFields(productSchema("edit"), {
      ...jacket,
      variants: [cell("M", "Black", "2", "JKT-M-BLK"), cell("M", "Cognac", " 5 "), cell("L", "Black", "")],
    });
    expect(parsed).toMatchObject({
      ok: true,
      data: {
        stockCount: 7,
        variants: [
          { size: "M", color: "Black", stock: 2, sku: "JKT-M-BLK" },
          { size: "M", color: "Cognac", stock: 5, sku: null },
          { size: "L", color: "Black", stock: 0, sku: null },
          { size: "L", color: "Cognac", stock: 0, sku: null },
        ],
      },
    });
  });

  it("a product with neither sizes nor colours has one cell", () => {
    const parsed = parseFields(productSchema("add"), {
      ...valid,
      stockCount: undefined,
      sizes: [],
      colors: [],
      variants: [cell("", "", "9")],
    });
    expect(parsed).toMatchObject({
      ok: true,
      data: { stockCount: 9, variants: [{ size: null, color: null, stock: 9, sku: null }] },
    });
  });

  it.each([
    ["negative", [cell("M", "Black", "-1")], productMessages.variantStockInvalid("M, Black")],
    ["fractional", [cell("M", "Cognac", "1.5")], productMessages.variantStockInvalid("M, Cognac")],
    ["huge", [cell("L", "Black", "1000000")], productMessages.variantStockInvalid("L, Black")],
    ["above the ceiling", [cell("L", "Black", "100001")], productMessages.variantStockInvalid("L, Black")],
    ["in words", [cell("L", "Black", "ten")], productMessages.variantStockInvalid("L, Black")],
    ["exponent", [cell("L", "Black", "1e3")], productMessages.variantStockInvalid("L, Black")],
    ["a size the product does not have", [cell("XL", "Black", "1")], productMessages.variantUnknown],
    ["a colour the product does not have", [cell("M", "Pink", "1")], productMessages.variantUnknown],
    ["no size on a product with sizes", [cell("", "Black", "1")], productMessages.variantUnknown],
    ["the same cell twice", [cell("M", "Black", "1"), cell("M", "Black", "2")], productMessages.variantUnknown],
    ["a SKU with spaces", [cell("M", "Black", "1", "JKT M")], productMessages.skuInvalid("M, Black")],
    ["a SKU too long", [cell("M", "Black", "1", "X".repeat(41))], productMessages.skuInvalid("M, Black")],
    [
      "one SKU twice",
      [cell("M", "Black", "1", "A-1"), cell("L", "Black", "1", "A-1")],
      productMessages.skuRepeated("A-1"),
    ],
  ])("refuses a cell %s", (_label, variants, message) => {
    expect(parseFields(productSchema("edit"), { ...jacket, variants })).toEqual({
      ok: false,
      errors: { variants: message },
    });
  });

  it("refuses more cells than any product has", () => {
    const variants = Array.from({ length: 73 }, () => cell("M", "Black", "1"));
    expect(parseFields(productSchema("edit"), { ...jacket, variants })).toMatchObject({
      ok: false,
      errors: { variants: productMessages.variantUnknown },
    });
  });

  it("reads the grid's parallel fields from the form", () => {
    const form = new FormData();
    for (const [size, color, stock, sku, seen] of [
      ["M", "Black", "2", "A", "4"],
      ["L", "", "3", "", ""],
    ]) {
      form.append("variantSize", size);
      form.append("variantColor", color);
      form.append("variantStock", stock);
      form.append("variantSku", sku);
      form.append("variantSeen", seen);
    }
    expect(productFormValues(form).variants).toEqual([
      { ...cell("M", "Black", "2", "A"), seen: "4" },
      { ...cell("L", "", "3", ""), seen: "" },
    ]);
  });

  it("keeps the figures the edit form was loaded with, by cell; a malformed or missing one is none", () => {
    const seen = (value: string) => (c: ReturnType<typeof cell>) => ({ ...c, seen: value });
    const parsed = parseFields(productSchema("edit"), {
      ...jacket,
      variants: [
        seen("4")(cell("M", "Black", "2")),
        seen("")(cell("M", "Cognac", "5")),
        seen("-1")(cell("L", "Black", "0")),
        seen("2.5")(cell("L", "Cognac", "1")),
      ],
    });
    expect(parsed).toMatchObject({ ok: true, data: { stockSeen: { [variantKey({ size: "M", color: "Black" })]: 4 } } });
    expect(parsed.ok && Object.keys(parsed.data.stockSeen)).toHaveLength(1);
  });
});
