import { describe, expect, it } from "vitest";
import { pendingAddPath, readPendingAdd, withoutPendingAdd } from "./pending-add";

const A = "11111111-1111-4111-8111-111111111111";
const TOKEN = "abcDEF12_-";

describe("pendingAddPath and readPendingAdd", () => {
  it("round-trips a choice", () => {
    const path = pendingAddPath({ productId: A, selectedSize: "M", color: "Dusty Rose", quantity: 3 }, TOKEN);
    expect(path).toBe(`/product/${A}?size=M&color=Dusty+Rose&quantity=3&add=${TOKEN}`);
    const url = new URL(path, "http://x.invalid");
    expect(readPendingAdd(A, url.searchParams)).toEqual({
      productId: A,
      selectedSize: "M",
      color: "Dusty Rose",
      quantity: 3,
      token: TOKEN,
    });
  });

  it("leaves out a size and colour the product has not", () => {
    expect(pendingAddPath({ productId: A, selectedSize: null, color: null, quantity: 1 }, TOKEN)).toBe(
      `/product/${A}?quantity=1&add=${TOKEN}`,
    );
  });

  const q = (query: string) => new URLSearchParams(query);
  it.each([
    { name: "no token", productId: A, query: "size=M&quantity=1", want: null },
    { name: "short token", productId: A, query: "add=abc", want: null },
    { name: "token with odd characters", productId: A, query: "add=abcdefgh%3Cscript", want: null },
    { name: "not a product id", productId: "nope", query: `add=${TOKEN}`, want: null },
    { name: "a size the store does not sell", productId: A, query: `size=XXXXL&add=${TOKEN}`, want: null },
    { name: "a colour too long", productId: A, query: `color=${"x".repeat(41)}&add=${TOKEN}`, want: null },
    { name: "quantity 0", productId: A, query: `quantity=0&add=${TOKEN}`, want: null },
    { name: "quantity -1", productId: A, query: `quantity=-1&add=${TOKEN}`, want: null },
    { name: "quantity 1.5", productId: A, query: `quantity=1.5&add=${TOKEN}`, want: null },
    { name: "quantity text", productId: A, query: `quantity=two&add=${TOKEN}`, want: null },
    {
      name: "quantity above the cap is capped",
      productId: A,
      query: `quantity=5000&add=${TOKEN}`,
      want: { productId: A, selectedSize: null, color: null, quantity: 99, token: TOKEN },
    },
    {
      name: "no quantity is one",
      productId: A,
      query: `size=S&color=%20Red%20&add=${TOKEN}`,
      want: { productId: A, selectedSize: "S", color: "Red", quantity: 1, token: TOKEN },
    },
  ])("$name", ({ productId, query, want }) => {
    expect(readPendingAdd(productId, q(query))).toEqual(want);
  });
});

describe("withoutPendingAdd", () => {
  it.each([
    { query: `add=${TOKEN}`, want: `/product/${A}` },
    { query: `size=M&quantity=2&add=${TOKEN}`, want: `/product/${A}?size=M&quantity=2` },
  ])("$query", ({ query, want }) => {
    expect(withoutPendingAdd(`/product/${A}`, new URLSearchParams(query))).toBe(want);
  });
});
