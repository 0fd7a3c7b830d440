import { describe, expect, it } from "vitest";
import { colorImage, colorImageIndex, keepKnownColorImages, lineImages, type ProductImages } from "./color-images";

const A = "/media/products/a";
const B = "/media/products/b";
const C = "/media/products/c";

const product: ProductImages = {
  imageUrls: [A, B, C],
  colors: [
    { name: "Emerald", image: A },
    { name: "Navy", image: C },
    { name: "Rust", image: null },
    { name: "Sand" },
    { name: "Ghost", image: "/media/products/gone" },
  ],
};

describe("colorImage and colorImageIndex", () => {
  it.each<[string | null | undefined, string | null, number]>([
    ["Emerald", A, 0],
    ["Navy", C, 2],
    ["Rust", null, -1],
    ["Sand", null, -1],
    // A picture that is not one of the product's images is never used.
    ["Ghost", null, -1],
    ["Unknown", null, -1],
    [null, null, -1],
    [undefined, null, -1],
    ["", null, -1],
  ])("%j -> %j at %i", (name, image, index) => {
    expect(colorImage(product, name)).toBe(image);
    expect(colorImageIndex(product, name)).toBe(index);
  });
});

describe("lineImages", () => {
  it.each<[string | null, string[]]>([
    ["Navy", [C, A, B]],
    ["Emerald", [A, B, C]],
    ["Rust", [A, B, C]],
    ["Ghost", [A, B, C]],
    [null, [A, B, C]],
  ])("%j -> %j", (name, expected) => {
    expect(lineImages(product, name)).toEqual(expected);
  });

  it("returns a copy, never the product's own array", () => {
    const images = lineImages(product, null);
    images.push("x");
    expect(product.imageUrls).toHaveLength(3);
  });

  it("is empty for a product without images", () => {
    expect(lineImages({ imageUrls: [], colors: [{ name: "Red", image: A }] }, "Red")).toEqual([]);
  });
});

describe("keepKnownColorImages", () => {
  it("clears only the pictures that are gone", () => {
    const colors = [
      { name: "Emerald", hex: "#2f5d50", image: A },
      { name: "Navy", hex: "#26324f", image: C },
      { name: "Rust", hex: "#a4502f", image: null },
    ];
    expect(keepKnownColorImages(colors, [A, B])).toEqual([
      { name: "Emerald", hex: "#2f5d50", image: A },
      { name: "Navy", hex: "#26324f" },
      { name: "Rust", hex: "#a4502f" },
    ]);
  });
});
