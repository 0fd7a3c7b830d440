import { describe, expect, it } from "vitest";
import {
  clampLimit,
  isFiltered,
  listingChange,
  listingSearch,
  normalizeSearch,
  parseListingQuery,
  priceRangeLabel,
} from "./listing";

describe("clampLimit", () => {
  it.each([
    [null, 12],
    ["", 12],
    ["abc", 12],
    ["-5", 12],
    ["0", 12],
    ["12", 12],
    ["13", 24],
    ["24", 24],
    ["25.7", 36],
    ["96", 96],
    ["100000", 96],
    ["1e9", 96],
    ["Infinity", 12],
    ["NaN", 12],
  ])("%s -> %i", (raw, expected) => {
    expect(clampLimit(raw)).toBe(expected);
  });
});

describe("parseListingQuery", () => {
  it.each([
    ["", { limit: 12, sort: "newest", category: undefined, q: undefined }],
    ["?category=dress", { limit: 12, sort: "newest", category: "Dress", q: undefined }],
    ["?category=2-piece&sort=price-asc", { limit: 12, sort: "price-asc", category: "2-piece", q: undefined }],
    ["?category=children-collection", { limit: 12, sort: "newest", category: "Children Collection", q: undefined }],
    // Pants exists only on the admin edit screen, not as a shop filter.
    ["?category=pants", { limit: 12, sort: "newest", category: undefined, q: undefined }],
    ["?category=<script>&sort=drop", { limit: 12, sort: "newest", category: undefined, q: undefined }],
    ["?q=%20%20floral%20%20dress%20&limit=24", { limit: 24, sort: "newest", category: undefined, q: "floral dress" }],
  ])("%s", (search, expected) => {
    expect(parseListingQuery(new URLSearchParams(search))).toEqual(expected);
  });
});

describe("parseListingQuery: the filters of issue 27", () => {
  const parse = (search: string) => {
    const { size, color, minDollars, maxDollars } = parseListingQuery(new URLSearchParams(search));
    return { size, color, minDollars, maxDollars };
  };
  it.each([
    ["?size=m&color=%20Navy%20&min=50&max=100", { size: "M", color: "navy", minDollars: 50, maxDollars: 100 }],
    [
      "?size=XXXL&color=&min=-5&max=1e3",
      { size: undefined, color: undefined, minDollars: undefined, maxDollars: undefined },
    ],
    ["?min=200&max=50", { size: undefined, color: undefined, minDollars: 50, maxDollars: 200 }],
    ["?max=99999999&color=%00", { size: undefined, color: undefined, minDollars: undefined, maxDollars: undefined }],
    [`?color=${"x".repeat(41)}&min=0`, { size: undefined, color: undefined, minDollars: 0, maxDollars: undefined }],
  ])("%s", (search, expected) => {
    expect(parse(search)).toEqual(expected);
  });

  it("writes them back in a fixed order, defaults left out", () => {
    expect(listingSearch({ q: "tee", size: "M", color: "navy", minDollars: 0, maxDollars: 50, sort: "newest" })).toBe(
      "?q=tee&size=M&color=navy&min=0&max=50",
    );
  });

  it.each([
    [{}, false],
    [{ minDollars: 0 }, true],
    [{ color: "navy" }, true],
  ])("isFiltered(%j) is %s", (extra, filtered) => {
    expect(isFiltered({ sort: "newest", limit: 12, ...extra })).toBe(filtered);
  });

  it.each([
    [undefined, 50, "Under $50"],
    [50, 100, "$50 – $100"],
    [200, undefined, "$200 and over"],
  ])("priceRangeLabel(%s, %s) is %s", (min, max, label) => {
    expect(priceRangeLabel(min, max)).toBe(label);
  });

  it("a change of filter is a new listing, not more of the same", () => {
    const current = { sort: "newest" as const, limit: 12 };
    expect(listingChange(current, { ...current, limit: 24, size: "M" })).toBe("new");
    expect(listingChange(current, { ...current, limit: 24 })).toBe("more");
  });
});

describe("normalizeSearch", () => {
  it.each([
    ["a\u0000b", "a b"],
    ["\u0000\u0007", undefined],
    [undefined, undefined],
    ["   ", undefined],
    ["a".repeat(500), "a".repeat(100)],
    ["'; drop table products; --", "'; drop table products; --"],
  ])("%s", (raw, expected) => {
    expect(normalizeSearch(raw)).toBe(expected);
  });
});

describe("listingSearch", () => {
  it.each([
    [{}, ""],
    [{ limit: 12, sort: "newest" as const }, ""],
    [{ limit: 24 }, "?limit=24"],
    [{ category: "Children Collection" as const, q: "red" }, "?q=red&category=children-collection"],
    [{ sort: "price-desc" as const }, "?sort=price-desc"],
  ])("%j -> %s", (query, expected) => {
    expect(listingSearch(query)).toBe(expected);
  });

  it("round-trips through parseListingQuery", () => {
    const query = { limit: 36, category: "Jackets" as const, q: "wool coat", sort: "price-asc" as const };
    expect(parseListingQuery(new URLSearchParams(listingSearch(query)))).toEqual(query);
  });
});

describe("listingChange", () => {
  const at = (search: string) => parseListingQuery(new URLSearchParams(search));
  it.each([
    ["", "?limit=24", "more"],
    ["?category=dress&q=silk&sort=price-asc", "?category=dress&q=silk&sort=price-asc&limit=24", "more"],
    ["?limit=24", "?limit=36", "more"],
    ["?limit=24", "", "new"],
    ["", "", "new"],
    ["", "?category=shoes", "new"],
    ["?limit=24", "?category=shoes&limit=36", "new"],
    ["", "?q=jacket", "new"],
    ["?q=jacket", "?q=jackets&limit=24", "new"],
    ["", "?sort=price-desc&limit=24", "new"],
    // A bad value falls back to its default: the same listing.
    ["", "?sort=cheapest&limit=24", "more"],
  ])("%s -> %s is %s", (from, to, expected) => {
    expect(listingChange(at(from), at(to))).toBe(expected);
  });
});
