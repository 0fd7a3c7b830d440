import { describe, expect, it } from "vitest";
import { cmToInches, formatMeasure, showsSizeGuide } from "./size-guide";

describe("cmToInches (1 in = 2.54 cm, one decimal)", () => {
  it.each([
    [2.54, 1],
    [25.4, 10],
    [86, 33.9],
    [70, 27.6],
    [94, 37],
    [22.5, 8.9],
    [23.2, 9.1],
    [0.1, 0],
    [300, 118.1],
    // 3.81 cm is exactly 1.5 in; 1.27 cm is 0.5 in: halves round up.
    [3.81, 1.5],
    [0.127, 0.1],
  ])("%f cm → %f in", (cm, inches) => {
    expect(cmToInches(cm)).toBe(inches);
  });
});

describe("formatMeasure", () => {
  it.each([
    [86, "cm", "86"],
    [86.5, "cm", "86.5"],
    [86, "in", "33.9"],
    [94, "in", "37"],
    [25.4, "in", "10"],
  ] as const)("%f %s → %s", (cm, unit, text) => {
    expect(formatMeasure(cm, unit)).toBe(text);
  });
});

describe("showsSizeGuide", () => {
  const guide = {
    category: "Shoes" as const,
    measurements: ["foot" as const],
    rows: [{ size: "M" as const, cm: { foot: 25 } }],
  };
  it.each([
    [guide, ["M"], true],
    [guide, [], false],
    [{ ...guide, rows: [] }, ["M"], false],
    [null, ["M"], false],
  ])("%#", (g, sizes, shown) => {
    expect(showsSizeGuide(g, sizes)).toBe(shown);
  });
});
