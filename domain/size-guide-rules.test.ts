import { describe, expect, it } from "vitest";
import { cellName } from "./size-guide";
import { GUIDE_CATEGORIES, guideRowsOf, readSizeGuideForm, sizeGuideMessages } from "./size-guide-rules";

describe("GUIDE_CATEGORIES", () => {
  it("every shop category but Accessories takes a guide", () => {
    expect(GUIDE_CATEGORIES).toEqual(["Dress", "2-piece", "Children Collection", "Jackets", "Shoes", "Pants"]);
  });
});

const form = (cells: Record<string, string>): [string, unknown][] => Object.entries(cells);

describe("readSizeGuideForm", () => {
  it("keeps full rows in size order and drops wholly empty ones", () => {
    const result = readSizeGuideForm(
      "Shoes",
      form({ [cellName("L", "foot")]: "26,5", [cellName("S", "foot")]: " 24 ", [cellName("M", "foot")]: "" }),
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { size: "S", cm: { foot: 24 } },
        { size: "L", cm: { foot: 26.5 } },
      ],
    });
  });

  it("accepts an empty guide (the owner removes it)", () => {
    expect(readSizeGuideForm("Dress", form({}))).toEqual({ ok: true, rows: [] });
  });

  it.each([
    ["Accessories", {}, sizeGuideMessages.category],
    ["Hats", {}, sizeGuideMessages.category],
    [42, {}, sizeGuideMessages.category],
    ["Shoes", { [cellName("M", "foot")]: "0" }, sizeGuideMessages.number("M", "Foot length")],
    ["Shoes", { [cellName("M", "foot")]: "-3" }, sizeGuideMessages.number("M", "Foot length")],
    ["Shoes", { [cellName("M", "foot")]: "300.1" }, sizeGuideMessages.number("M", "Foot length")],
    ["Shoes", { [cellName("M", "foot")]: "24.55" }, sizeGuideMessages.number("M", "Foot length")],
    ["Shoes", { [cellName("M", "foot")]: "1e2" }, sizeGuideMessages.number("M", "Foot length")],
    ["Shoes", { [cellName("M", "foot")]: "twenty" }, sizeGuideMessages.number("M", "Foot length")],
    ["Dress", { [cellName("S", "bust")]: "84" }, sizeGuideMessages.partial("S")],
    // A field of another category or size is refused, not ignored.
    ["Shoes", { [cellName("M", "waist")]: "70" }, sizeGuideMessages.tooMany],
    ["Shoes", { "cm.XXXL.foot": "30" }, sizeGuideMessages.tooMany],
  ])("%s %o → %s", (category, cells, message) => {
    expect(readSizeGuideForm(category, form(cells as Record<string, string>))).toEqual({ ok: false, message });
  });

  it("refuses a cell sent twice or not as text", () => {
    const name = cellName("M", "foot");
    expect(
      readSizeGuideForm("Shoes", [
        [name, "24"],
        [name, "25"],
      ]),
    ).toEqual({ ok: false, message: sizeGuideMessages.tooMany });
    expect(readSizeGuideForm("Shoes", [[name, new Blob(["24"])]])).toEqual({
      ok: false,
      message: sizeGuideMessages.tooMany,
    });
  });
});

describe("guideRowsOf", () => {
  it("orders sizes, keeps the category's measurements and drops broken rows", () => {
    const stored = [
      { size: "L", cm: { foot: 26, waist: 80 } },
      { size: "S", cm: { foot: 24.04 } },
      { size: "M", cm: { foot: "25" } },
      { size: "XL" },
      "junk",
    ];
    expect(guideRowsOf("Shoes", stored)).toEqual([
      { size: "S", cm: { foot: 24 } },
      { size: "L", cm: { foot: 26 } },
    ]);
    expect(guideRowsOf("Shoes", null)).toEqual([]);
    expect(guideRowsOf("Accessories", stored)).toEqual([]);
  });
});
