import { describe, expect, it } from "vitest";
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  defaultAfterRemoval,
  hasValidDefaults,
  isCountry,
  newAddressIsDefault,
  withDefault,
  addressesReturnPath,
} from "./address-rules";

const a = (id: string, isDefault = false) => ({ id, isDefault });

describe("newAddressIsDefault", () => {
  it.each([
    ["the first address, not asked", [], false, true],
    ["the first address, asked", [], true, true],
    ["a later address, not asked", [a("1", true)], false, false],
    ["a later address, asked", [a("1", true)], true, true],
  ])("%s", (_label, existing, requested, expected) => {
    expect(newAddressIsDefault(existing, requested)).toBe(expected);
  });
});

describe("defaultAfterRemoval", () => {
  it.each([
    ["removing the default promotes the first remaining", [a("2"), a("3")], true, "2"],
    ["removing another keeps the default", [a("1"), a("3", true)], false, "3"],
    ["removing the last leaves none", [], true, null],
    ["removing a non-default from a list without default heals it", [a("1"), a("2")], false, "1"],
  ])("%s", (_label, remaining, removedWasDefault, expected) => {
    expect(defaultAfterRemoval(remaining, removedWasDefault)).toBe(expected);
  });
});

describe("withDefault", () => {
  it("marks exactly the chosen address", () => {
    expect(withDefault([a("1", true), a("2"), a("3")], "3")).toEqual([a("1"), a("2"), a("3", true)]);
  });

  it("leaves no default when the id is unknown (the service refuses that case first)", () => {
    expect(withDefault([a("1", true)], "9")).toEqual([a("1")]);
  });
});

describe("hasValidDefaults", () => {
  it.each([
    [[], true],
    [[a("1", true)], true],
    [[a("1"), a("2", true)], true],
    [[a("1")], false],
    [[a("1", true), a("2", true)], false],
  ])("%j -> %s", (list, expected) => {
    expect(hasValidDefaults(list)).toBe(expected);
  });
});

describe("countries", () => {
  it("offers the three countries of docs/product.md §9 with United States first and default", () => {
    expect(COUNTRIES).toEqual(["United States", "Canada", "United Kingdom"]);
    expect(DEFAULT_COUNTRY).toBe("United States");
  });

  it.each([
    ["Canada", true],
    ["canada", false],
    ["France", false],
    [undefined, false],
  ])("isCountry(%s) = %s", (value, expected) => {
    expect(isCountry(value)).toBe(expected);
  });
});

describe("addressesReturnPath", () => {
  it.each([
    ["checkout", "/checkout"],
    [null, null],
    [undefined, null],
    ["", null],
    ["https://evil.example", null],
    ["//evil.example", null],
    ["/checkout", null],
    ["Checkout", null],
  ])("%j → %j", (from, path) => {
    expect(addressesReturnPath(from)).toBe(path);
  });
});
