import { describe, expect, it } from "vitest";
import { cartIdentity, type IdentityAddress, type IdentityLine, offerIdentity } from "./checkout-identity";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const line = (
  productId: string,
  quantity: number,
  selectedSize: string | null = "M",
  color: string | null = null,
): IdentityLine => ({
  productId,
  selectedSize,
  color,
  quantity,
});

describe("cartIdentity", () => {
  it.each<[string, IdentityLine[], IdentityLine[], boolean]>([
    ["the same lines", [line(A, 1), line(B, 2)], [line(A, 1), line(B, 2)], true],
    ["the same lines in another order", [line(A, 1), line(B, 2)], [line(B, 2), line(A, 1)], true],
    ["one line split in two", [line(A, 3)], [line(A, 1), line(A, 2)], true],
    ["another quantity", [line(A, 1)], [line(A, 2)], false],
    ["another size", [line(A, 1, "M")], [line(A, 1, "L")], false],
    ["another colour", [line(A, 1, "M", "Sage")], [line(A, 1, "M", "Blush")], false],
    ["no size against size", [line(A, 1, null)], [line(A, 1, "M")], false],
    ["one more line", [line(A, 1)], [line(A, 1), line(B, 1)], false],
    ["another product", [line(A, 1)], [line(B, 1)], false],
  ])("%s -> same: %s", (_name, left, right, same) => {
    expect(cartIdentity(left) === cartIdentity(right)).toBe(same);
  });

  it("cannot be confused by values that look like separators", () => {
    expect(cartIdentity([line(A, 1, 'M","L')])).not.toBe(cartIdentity([line(A, 1, "M"), line(A, 1, "L")]));
  });
});

describe("offerIdentity", () => {
  const home: IdentityAddress = {
    name: "Ada",
    street: "1 Main St",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
    country: "United States",
    phone: "555",
  };
  const office: IdentityAddress = { ...home, street: "9 Office Park" };
  const base = {
    provider: "paypal",
    lines: [line(A, 1)],
    shippingAddress: home,
    billingAddress: home,
    totalCents: 3310,
    currency: "USD",
  };

  it.each<[string, Partial<typeof base> & { discountCode?: string | null }, boolean]>([
    ["nothing changed", {}, true],
    ["no code said as null", { discountCode: null }, true],
    ["a discount code", { discountCode: "SAVE15" }, false],
    ["the lines in another order", { lines: [line(A, 1)] }, true],
    ["another method", { provider: "stripe" }, false],
    ["another shipping address", { shippingAddress: office }, false],
    ["another billing address", { billingAddress: office }, false],
    ["another total (a new price)", { totalCents: 3311 }, false],
    ["another cart", { lines: [line(A, 2)] }, false],
  ])("%s -> same offer: %s", (_name, change, same) => {
    expect(offerIdentity({ ...base, ...change }) === offerIdentity(base)).toBe(same);
  });
});
