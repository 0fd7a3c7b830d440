import { describe, expect, it } from "vitest";
import {
  addressSnapshot,
  addressSnapshotSchema,
  grandTotal,
  lineChoiceSchema,
  orderItemOf,
  pricedLineOf,
  pricedLineSchema,
  totalsSchema,
} from "./checkout-line";

const ID = "11111111-1111-4111-8111-111111111111";
const address = {
  name: "Ada",
  street: "1 Loom St",
  city: "Leeds",
  state: "WY",
  zipCode: "12345",
  country: "US",
  phone: "555",
};

describe("the checkout line contract", () => {
  it.each([
    [
      { productId: ID, selectedSize: "M", color: "Red", quantity: 2, priceCents: 1 },
      { productId: ID, selectedSize: "M", color: "Red", quantity: 2 },
    ],
    [
      { productId: ID, quantity: 1 },
      { productId: ID, selectedSize: null, color: null, quantity: 1 },
    ],
  ])("a line choice keeps what the shopper chose and drops anything else: %o", (input, output) => {
    expect(lineChoiceSchema.parse(input)).toEqual(output);
  });

  it.each([
    ["a negative price", { unitPriceCents: -1 }],
    ["a fractional total", { lineTotalCents: 1.5 }],
    ["no quantity", { quantity: 0 }],
  ])("a priced line refuses %s", (_, patch) => {
    const line = {
      productId: ID,
      title: "Dress",
      imageUrls: [],
      selectedSize: null,
      color: null,
      quantity: 1,
      unitPriceCents: 100,
      lineTotalCents: 100,
    };
    expect(pricedLineSchema.safeParse(line).success).toBe(true);
    expect(pricedLineSchema.safeParse({ ...line, ...patch }).success).toBe(false);
  });

  it.each([
    [{ subtotalCents: 12000, taxCents: 1200, shippingCents: 10 }, 13210],
    [{ subtotalCents: 0, taxCents: 0, shippingCents: 0 }, 0],
    [{ subtotalCents: 10000, discountCents: 1500, taxCents: 850, shippingCents: 10 }, 9360],
    [{ subtotalCents: 10000, discountCents: 0, taxCents: 1000, shippingCents: 10 }, 11010],
  ])("the grand total of %o is %i", (amounts, total) => {
    expect(grandTotal(amounts)).toBe(total);
    expect(totalsSchema.safeParse({ ...amounts, totalCents: total }).success).toBe(true);
  });

  it("snapshots an address's postal fields only", () => {
    const snap = addressSnapshot({ ...address, id: "a1", isDefault: true } as typeof address);
    expect(snap).toEqual(address);
    expect(addressSnapshotSchema.parse(snap)).toEqual(address);
  });
});

describe("a line as it moves from quote to checkout to order", () => {
  const priced = {
    productId: "0b6c6d8e-1f2a-4c3b-9d4e-5f6a7b8c9d0e",
    title: "Linen wrap dress",
    imageUrls: ["/media/products/a"],
    selectedSize: "M" as const,
    color: "Sand",
    quantity: 2,
    unitPriceCents: 4500,
    lineTotalCents: 9000,
  };

  it("a checkout keeps the priced line's fields and nothing of the quote's", () => {
    expect(pricedLineOf({ ...priced, stockCount: 7, problem: null } as typeof priced)).toEqual(priced);
  });

  it.each([
    [
      priced,
      {
        productId: priced.productId,
        title: priced.title,
        imageUrls: priced.imageUrls,
        selectedSize: "M",
        color: "Sand",
        quantity: 2,
        priceCents: 4500,
      },
    ],
    [
      { ...priced, selectedSize: null, color: null, quantity: 1, lineTotalCents: 4500 },
      {
        productId: priced.productId,
        title: priced.title,
        imageUrls: priced.imageUrls,
        selectedSize: null,
        color: null,
        quantity: 1,
        priceCents: 4500,
      },
    ],
  ])("an order's item carries the unit price as charged (%#)", (line, item) => {
    expect(orderItemOf(line)).toEqual(item);
  });
});
