import { describe, expect, it } from "vitest";
import { composite, contrastRatio, parseColor, type Rgba, relativeLuminance, ringContrast } from "./contrast";

const rgb = (r: number, g: number, b: number, a = 1): Rgba => ({ r, g, b, a });
const WHITE = rgb(255, 255, 255);
const BLACK = rgb(0, 0, 0);
const INK = rgb(28, 25, 23);

describe("parseColor", () => {
  it.each([
    ["rgb(28, 25, 23)", INK],
    ["rgba(0, 0, 0, 0.5)", rgb(0, 0, 0, 0.5)],
    ["rgb(28 25 23 / 50%)", rgb(28, 25, 23, 0.5)],
    ["rgba(255, 255, 255, 0)", rgb(255, 255, 255, 0)],
    ["#fff", WHITE],
    ["#1c1917", INK],
    ["#00000080", rgb(0, 0, 0, 128 / 255)],
    ["transparent", rgb(0, 0, 0, 0)],
    ["  rgb(1, 2, 3)  ", rgb(1, 2, 3)],
  ])("%s", (text, expected) => {
    expect(parseColor(text)).toEqual(expected);
  });

  it.each([["red"], ["oklch(0.2 0.01 50)"], ["rgb(300, 0, 0)"], ["rgba(0, 0, 0, 2)"], ["#12"], [""], ["rgb(1, 2)"]])(
    "refuses %s rather than guess",
    (text) => {
      expect(parseColor(text)).toBeNull();
    },
  );
});

describe("contrast", () => {
  it.each([
    [WHITE, 1],
    [BLACK, 0],
    [rgb(128, 128, 128), 0.2158605],
  ])("relative luminance of %o is %d", (color, expected) => {
    expect(relativeLuminance(color)).toBeCloseTo(expected, 6);
  });

  it.each([
    // Known pairs (WebAIM's checker gives the same to two decimals).
    [BLACK, WHITE, 21],
    [WHITE, WHITE, 1],
    [INK, WHITE, 17.49],
    [rgb(118, 118, 118), WHITE, 4.54],
    [rgb(143, 85, 58), WHITE, 5.95],
    [rgb(143, 85, 58), INK, 2.94],
  ])("%o against %o is %d:1, in either order", (one, other, expected) => {
    expect(contrastRatio(one, other)).toBeCloseTo(expected, 2);
    expect(contrastRatio(other, one)).toBeCloseTo(expected, 2);
  });

  it("paints a translucent colour over the page before comparing", () => {
    expect(composite(rgb(0, 0, 0, 0.5), WHITE)).toEqual(rgb(127.5, 127.5, 127.5));
    expect(composite(rgb(10, 20, 30, 1), WHITE)).toEqual(rgb(10, 20, 30));
    expect(composite(rgb(10, 20, 30, 0), WHITE)).toEqual(WHITE);
  });
});

describe("ringContrast: a two-tone ring against what it touches", () => {
  const ring = { inner: WHITE, outer: INK };
  it.each([
    ["a dark button", INK, 17.49],
    ["the white page", WHITE, 17.49],
    ["a mid grey where neither tone is strong", rgb(118, 118, 118), 4.54],
    ["the brand brown", rgb(143, 85, 58), 5.95],
  ])("%s", (_name, surface, expected) => {
    expect(ringContrast(ring, surface)).toBeCloseTo(expected, 2);
    expect(ringContrast(ring, surface)).toBeGreaterThanOrEqual(3);
  });

  it("the old one-tone ring (brand-600) fails on a dark button: 2.94:1", () => {
    const brand = rgb(143, 85, 58);
    expect(ringContrast({ inner: brand, outer: brand }, INK)).toBeLessThan(3);
  });
});
