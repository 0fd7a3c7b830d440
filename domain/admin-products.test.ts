import { describe, expect, it } from "vitest";
import { likePattern, parseAdminProductQuery, savedProductPath } from "./admin-products";

const ID = "0b6f3c1e-8a2d-4f57-9c3e-1d2e3f4a5b6c";

describe("parseAdminProductQuery: the Products tab's address", () => {
  it.each([
    ["", { q: undefined, category: undefined, page: 1, pageGiven: false, highlight: undefined }],
    ["q=%20linen%20%20dress%20", { q: "linen dress", page: 1 }],
    ["q=&category=jackets&page=2", { q: undefined, category: "Jackets", page: 2, pageGiven: true }],
    ["category=pants", { category: "Pants" }],
    ["category=children-collection", { category: "Children Collection" }],
    ["category=bogus&page=-3", { category: undefined, page: 1, pageGiven: false }],
    ["page=1e9", { page: 1_000_000_000, pageGiven: true }],
    ["page=2.5", { page: 1, pageGiven: false }],
    [`highlight=${ID}`, { highlight: ID }],
    [`highlight=${ID.toUpperCase()}`, { highlight: ID }],
    ["highlight=1%20or%201=1", { highlight: undefined }],
    [`q=${"x".repeat(300)}`, { q: "x".repeat(100) }],
    ["q=a%00b%0A", { q: "a b" }],
  ])("%j", (search, expected) => {
    expect(parseAdminProductQuery(new URLSearchParams(search))).toMatchObject(expected);
  });
});

describe("likePattern: a search matched literally", () => {
  it.each([
    ["linen", "%linen%"],
    ["100%", "%100\\%%"],
    ["a_b", "%a\\_b%"],
    ["back\\slash", "%back\\\\slash%"],
  ])("%j → %j", (q, pattern) => {
    expect(likePattern(q)).toBe(pattern);
  });
});

describe("savedProductPath: the owner lands on the saved product's row", () => {
  it("names the row in the fragment and the notice in the query", () => {
    expect(savedProductPath(ID, "product-updated")).toBe(
      `/admin?tab=products&q=&highlight=${ID}&notice=product-updated#product-${ID}`,
    );
  });
});
