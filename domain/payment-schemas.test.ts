import { describe, expect, it } from "vitest";
import { lineProblemMessage } from "./payment-messages";
import {
  CARD_SESSION_ID,
  captureBodySchema,
  checkoutBodySchema,
  paymentBodyErrorMessage,
  walletFallbackBodySchema,
} from "./payment-schemas";

const PRODUCT = "0b0c7f0e-8a47-4c1e-9a57-0e0c35e2a001";
const ADDRESS = "5d7a2c40-1f7b-4f0e-8d7c-2a4b7f3e9b10";
const OTHER = "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

const line = (quantity: unknown) => ({ productId: PRODUCT, selectedSize: "M", color: null, quantity });
const message = (input: unknown) => {
  const parsed = checkoutBodySchema.safeParse(input);
  return parsed.success ? null : paymentBodyErrorMessage(parsed.error);
};

describe("checkoutBodySchema", () => {
  it.each([[-1], [0], [1.5], ["abc"], [1e9], [100], [null], ["1"]])("refuses quantity %j", (quantity) => {
    expect(message({ lines: [line(quantity)], shippingAddressId: ADDRESS })).toBe(
      "Line 1: Quantity must be a whole number from 1 to 99",
    );
  });

  it("names the line at fault", () => {
    expect(message({ lines: [line(1), line(0)], shippingAddressId: ADDRESS })).toBe(
      "Line 2: Quantity must be a whole number from 1 to 99",
    );
  });

  it("drops a price, total, amount or currency sent by the browser", () => {
    const parsed = checkoutBodySchema.parse({
      lines: [{ ...line(2), price: 0.01, priceCents: 1, total: 0 }],
      shippingAddressId: ADDRESS,
      amount: "0.01",
      total: 1,
      currency: "EUR",
      discountCents: 9999,
    });
    expect(parsed).toEqual({
      lines: [{ productId: PRODUCT, selectedSize: "M", color: null, quantity: 2 }],
      shippingAddressId: ADDRESS,
      sameAsShipping: true,
      discountCode: null,
    });
  });

  it.each([
    [" save 15 ", "SAVE15"],
    ["", null],
    [null, null],
  ])("reads the discount code %j as %j (the server prices it)", (discountCode, code) => {
    const parsed = checkoutBodySchema.parse({ lines: [line(1)], shippingAddressId: ADDRESS, discountCode });
    expect(parsed.discountCode).toBe(code);
  });

  it.each([
    [{ lines: [], shippingAddressId: ADDRESS }, "Cart is empty"],
    [{ lines: [line(1)] }, "Please select a shipping address"],
    [{ lines: [line(1)], shippingAddressId: "1" }, "Address not found"],
    [{ lines: [line(1)], shippingAddressId: ADDRESS, sameAsShipping: false }, "Please select a billing address"],
    [
      { lines: [line(1)], shippingAddressId: ADDRESS, sameAsShipping: false, billingAddressId: "x" },
      "Address not found",
    ],
    [{ lines: [line(1)], shippingAddressId: ADDRESS, sameAsShipping: "no" }, "sameAsShipping must be true or false"],
    [
      { lines: [{ ...line(1), productId: "abc" }], shippingAddressId: ADDRESS },
      "Line 1: Product id must be a valid product id",
    ],
  ])("refuses %j with %s", (input, expected) => {
    expect(message(input)).toBe(expected);
  });

  it("accepts a separate billing address", () => {
    expect(
      message({ lines: [line(1)], shippingAddressId: ADDRESS, sameAsShipping: false, billingAddressId: OTHER }),
    ).toBeNull();
  });
});

describe("PayPal order ids and card session ids", () => {
  it.each([
    ["5O190127TN364715T", true],
    ["SANDBOXABCDEF1234567", true],
    ["lowercase", false],
    ["", false],
    ["A".repeat(37), false],
    ["../capture", false],
  ])("captureBodySchema with %j: %s", (orderId, ok) => {
    expect(captureBodySchema.safeParse({ orderId }).success).toBe(ok);
    expect(walletFallbackBodySchema.safeParse({ orderId }).success).toBe(ok);
  });

  it.each([
    ["cs_test_a1B2c3", true],
    ["cs_live_a1B2c3", true],
    ["cs_sandbox_AbCdEfGhIjKlMnOpQrStUvWx", true],
    ["pi_123", false],
    ["cs_test_' or 1=1", false],
    ["cs_", false],
  ])("CARD_SESSION_ID %j: %s", (id, ok) => {
    expect(CARD_SESSION_ID.test(id)).toBe(ok);
  });
});

describe("lineProblemMessage", () => {
  const base = { title: "Linen Dress", selectedSize: "M", color: "Sage", stockCount: 2 };
  it.each([
    ["not_found", "An item in your cart is no longer available."],
    ["out_of_stock", "Linen Dress is out of stock."],
    ["insufficient_stock", "Only 2 of Linen Dress left in stock."],
    ["invalid_size", "Linen Dress is not available in size M."],
    ["invalid_color", "Linen Dress is not available in Sage."],
  ] as const)("%s", (problem, expected) => {
    expect(lineProblemMessage({ ...base, problem })).toBe(expected);
  });

  it("asks for a missing size or colour", () => {
    expect(lineProblemMessage({ ...base, selectedSize: null, problem: "invalid_size" })).toBe(
      "Please choose a size for Linen Dress.",
    );
    expect(lineProblemMessage({ ...base, color: null, problem: "invalid_color" })).toBe(
      "Please choose a color for Linen Dress.",
    );
  });
});
