import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  categoryFromSlug,
  categorySlug,
  EDIT_CATEGORIES,
  isCategory,
  normalizeSizes,
  stockLabel,
} from "./catalog";
import { orderNumber, isUuid } from "./ids";
import { imageHeightFor, srcSet } from "./images";
import { formatAverageRating } from "./rating";

describe("categories", () => {
  it("has the six shop categories and Pants only for editing", () => {
    expect(CATEGORIES).toEqual(["Dress", "2-piece", "Children Collection", "Jackets", "Shoes", "Accessories"]);
    expect(EDIT_CATEGORIES).toContain("Pants");
    expect(CATEGORIES).not.toContain("Pants");
  });

  it.each(EDIT_CATEGORIES.map((c) => [c]))("%s round-trips through its slug", (category) => {
    expect(categoryFromSlug(categorySlug(category))).toBe(category);
  });

  it.each([
    ["Dress", true],
    ["Pants", true],
    ["dress", false],
    ["Hats", false],
    [42, false],
  ])("isCategory(%s) = %s", (value, expected) => {
    expect(isCategory(value)).toBe(expected);
  });
});

describe("normalizeSizes", () => {
  it.each([
    [
      ["M", "XS", "M", "XXL"],
      ["XS", "M", "XXL"],
    ],
    [["XXXL", "m", 3], []],
    [[], []],
  ])("%j -> %j", (input, expected) => {
    expect(normalizeSizes(input)).toEqual(expected);
  });
});

describe("stockLabel", () => {
  it.each([
    [0, "Out of Stock"],
    [-1, "Out of Stock"],
    [1, "In Stock"],
    [40, "In Stock"],
  ])("%i -> %s", (count, label) => {
    expect(stockLabel(count)).toBe(label);
  });
});

describe("ids", () => {
  it.each([
    ["0b0e9a8e-7c53-4a6b-9a57-3d2f2a1c9b10", true],
    ["not-a-uuid", false],
    ["0b0e9a8e-7c53-4a6b-9a57-3d2f2a1c9b10' or 1=1", false],
    [12, false],
  ])("isUuid(%s) = %s", (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });

  it("order number is the last 8 characters in capitals", () => {
    expect(orderNumber("0b0e9a8e-7c53-4a6b-9a57-3d2f2a1c9b10")).toBe("2A1C9B10");
  });
});

describe("images and ratings", () => {
  it("keeps the 4:5 frame", () => {
    expect(imageHeightFor(640)).toBe(800);
    expect(srcSet("/media/products/a")).toBe(
      "/media/products/a-320.webp 320w, /media/products/a-640.webp 640w, /media/products/a-960.webp 960w",
    );
  });

  it.each([
    [null, "0.0"],
    [4, "4.0"],
    [4.25, "4.3"],
    [3.333, "3.3"],
  ])("average %s -> %s", (value, text) => {
    expect(formatAverageRating(value)).toBe(text);
  });
});
