import { describe, expect, it } from "vitest";
import { centsToDecimalString, formatMoney, parseDollars } from "./money";

describe("formatMoney", () => {
  it.each([
    [0, "$0.00"],
    [10, "$0.10"],
    [1999, "$19.99"],
    [123456, "$1,234.56"],
  ])("%i cents -> %s", (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});

describe("centsToDecimalString", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [1250, "12.50"],
    [-1250, "-12.50"],
  ])("%i -> %s", (cents, text) => {
    expect(centsToDecimalString(cents)).toBe(text);
  });
});

describe("parseDollars", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.50", 1250],
    ["0", 0],
    [" 7.05 ", 705],
    [19.99, 1999],
    ["-1", undefined],
    ["abc", undefined],
    ["1e12", undefined],
    ["12.345", undefined],
    ["", undefined],
    ["1234567890", undefined],
  ])("%s -> %s", (input, cents) => {
    expect(parseDollars(input)).toBe(cents);
  });
});
