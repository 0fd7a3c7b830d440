import { describe, expect, it } from "vitest";
import { type Edges, toastColumn, toastTop } from "./toast-placement";

const box = (left: number, top: number, width: number, height: number): Edges => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe("toastColumn", () => {
  it.each([
    [1280, { left: 900, right: 1256 }],
    [768, { left: 388, right: 744 }],
    [601, { left: 221, right: 577 }],
    [600, { left: 12, right: 588 }],
    [390, { left: 12, right: 378 }],
  ])("at %i px wide: %o", (width, expected) => {
    expect(toastColumn(width)).toEqual(expected);
  });
});

describe("toastTop", () => {
  it.each<[string, { headerBottom: number; heading: Edges | null; viewportWidth: number }, number]>([
    ["no heading: under the header", { headerBottom: 64, heading: null, viewportWidth: 1280 }, 76],
    [
      "desktop home: the title is on the left, out of the toasts' column",
      { headerBottom: 64, heading: box(24, 137, 260, 48), viewportWidth: 1280 },
      76,
    ],
    [
      "desktop product: the title at the top of the right-hand column",
      { headerBottom: 64, heading: box(723, 141, 300, 45), viewportWidth: 1280 },
      198,
    ],
    [
      "phone home: full-width toasts over the title",
      { headerBottom: 64, heading: box(16, 121, 200, 36), viewportWidth: 390 },
      169,
    ],
    [
      "phone product: the title is below the gallery, out of the band",
      { headerBottom: 64, heading: box(16, 715, 358, 37), viewportWidth: 390 },
      76,
    ],
    [
      "a heading scrolled up under the header",
      { headerBottom: 64, heading: box(16, -40, 200, 36), viewportWidth: 390 },
      76,
    ],
    ["a heading just below the band", { headerBottom: 64, heading: box(900, 156, 200, 36), viewportWidth: 1280 }, 76],
    ["a heading just inside the band", { headerBottom: 64, heading: box(900, 155, 200, 36), viewportWidth: 1280 }, 203],
    [
      "a heading ending where the toasts' column starts",
      { headerBottom: 64, heading: box(500, 100, 400, 36), viewportWidth: 1280 },
      76,
    ],
    ["an empty heading", { headerBottom: 64, heading: box(900, 100, 0, 0), viewportWidth: 1280 }, 76],
    ["a header of a fractional height", { headerBottom: 64.6, heading: null, viewportWidth: 1280 }, 77],
  ])("%s", (_name, input, expected) => {
    expect(toastTop(input)).toBe(expected);
  });
});
