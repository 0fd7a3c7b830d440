import { afterEach, describe, expect, it, vi } from "vitest";
import type { CartLine } from "../../../domain/cart";
import type { CardStarted, PaymentResult, WalletStarted } from "../../../domain/payment-contract";
import {
  checkoutRequest,
  failureText,
  PaymentRequestError,
  paymentApi,
  totalsOf,
  walletFallbackOf,
} from "./payment-api";

/**
 * The browser's side of the payment contract (docs/decisions/047-one-typed-payment-contract.md):
 * every answer is read through its schema in domain/payment-contract.ts; one that does not
 * parse is a clear failure, never half an answer.
 */

const ID = "11111111-1111-4111-8111-111111111111";
const CHECKOUT = "22222222-2222-4222-8222-222222222222";
const ORDER = "33333333-3333-4333-8333-333333333333";
const line: CartLine = {
  productId: ID,
  title: "Linen Dress",
  priceCents: 1,
  quantity: 2,
  imageUrls: ["/media/a.webp"],
  selectedSize: "M",
  color: "Sage",
  description: "cheap, honest",
};
const request = checkoutRequest([line], ID, { sameAsShipping: true, billingAddressId: "" });
const totals = { subtotalCents: 8900, taxCents: 890, shippingCents: 10, totalCents: 9800 };
const amount = { currency_code: "USD", value: "98.00" };

const walletStarted: WalletStarted = {
  id: "SANDBOX7F3K2",
  status: "CREATED",
  mode: "sandbox",
  approveUrl: null,
  amount,
  ...totals,
};
const cardStarted: CardStarted = {
  id: "cs_sandbox_abc",
  url: "/sandbox/checkout/cs_sandbox_abc",
  mode: "sandbox",
  ...totals,
};
const paid: PaymentResult = { outcome: "paid", id: "SANDBOX7F3K2", status: "COMPLETED", orderId: ORDER };

/** The next fetch answers `body` (JSON unless a string) with `status`; the calls are recorded. */
function answer(status: number, body: unknown, statusText = "") {
  const fetch = vi.fn(
    async (_path: string, _init: RequestInit) =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), {
        status,
        statusText,
        headers: { "content-type": typeof body === "string" ? "text/html" : "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The error a call rejects with. */
async function failureOf(call: Promise<unknown>): Promise<PaymentRequestError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentRequestError);
  return error as PaymentRequestError;
}

describe("paymentApi reads answers through the contract", () => {
  it("posts the body to the spec's path and returns the parsed answer", async () => {
    const fetch = answer(200, { ...walletStarted, extra: "dropped" });
    const started = await paymentApi.startWallet(request);
    expect(started).toEqual(walletStarted);
    expect(fetch).toHaveBeenCalledOnce();
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe("/api/create-paypal-order");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual(request);
  });

  it.each<[string, () => Promise<unknown>, string, unknown, unknown]>([
    ["the card's start", () => paymentApi.startCard(request), "/api/create-stripe-session", cardStarted, cardStarted],
    ["the capture", () => paymentApi.captureWallet("SANDBOX7F3K2"), "/api/capture-paypal-order", paid, paid],
    ["the fallback's verification", () => paymentApi.verifyWallet("ABC123"), "/api/verify-paypal-order", paid, paid],
    [
      "a refunded capture with its sentence",
      () => paymentApi.captureWallet("SANDBOX7F3K2"),
      "/api/capture-paypal-order",
      { outcome: "refunded", id: "SANDBOX7F3K2", status: "COMPLETED", code: "out_of_stock", message: "Refunded." },
      { outcome: "refunded", id: "SANDBOX7F3K2", status: "COMPLETED", code: "out_of_stock", message: "Refunded." },
    ],
  ])("%s", async (_name, call, path, body, expected) => {
    const fetch = answer(200, body);
    expect(await call()).toEqual(expected);
    expect(fetch.mock.calls[0]?.[0]).toBe(path);
  });

  it.each<[string, () => Promise<unknown>, unknown]>([
    ["a start without its id", () => paymentApi.startWallet(request), { ...walletStarted, id: "" }],
    ["totals in dollars", () => paymentApi.startCard(request), { ...cardStarted, totalCents: 98.0001 }],
    ["a hosted page without its address", () => paymentApi.startCard(request), { ...cardStarted, url: "" }],
    [
      "a capture in PayPal's words only (no outcome)",
      () => paymentApi.captureWallet("SANDBOX7F3K2"),
      { status: "COMPLETED", id: "SANDBOX7F3K2", orderId: ORDER },
    ],
    ["an outcome outside the vocabulary", () => paymentApi.captureWallet("X1"), { ...paid, outcome: "COMPLETED" }],
    ["no JSON at all", () => paymentApi.captureWallet("X1"), "<html>ok</html>"],
    ["JSON that is not an object", () => paymentApi.startWallet(request), [1, 2]],
  ])("an answer that does not parse is a failure with a clear message: %s", async (_name, call, body) => {
    answer(200, body);
    const error = await failureOf(call());
    expect(error.message).toMatch(/^The store's answer to POST \/api\/[a-z-]+ could not be read/);
    expect(error.status).toBe(200);
    // Not the server refusing: the shopper gets the generic text, and the PayPal fallback does not start.
    expect(error.refused).toBe(false);
    expect(failureText(error, "Payment failed.")).toBe("Payment failed.");
    expect(walletFallbackOf(error)).toBeNull();
  });
});

describe("paymentApi's failures", () => {
  it("a refusal carries the server's sentence and kind", async () => {
    answer(409, { message: "Only 1 of Linen Dress left in stock.", code: "insufficient_stock" });
    const error = await failureOf(paymentApi.startCard(request));
    expect(error).toMatchObject({ status: 409, message: "Only 1 of Linen Dress left in stock." });
    expect(error.code).toBe("insufficient_stock");
    expect(error.refused).toBe(true);
    expect(failureText(error, "generic")).toBe("Only 1 of Linen Dress left in stock.");
  });

  it("a wallet outage carries the checkout a browser-made order must name", async () => {
    const fallback = { checkoutId: CHECKOUT, amount };
    answer(502, { message: "PayPal is not answering right now.", code: "provider_unavailable", fallback });
    const error = await failureOf(paymentApi.startWallet(request));
    expect(error.refused).toBe(false);
    expect(walletFallbackOf(error)).toEqual(fallback);
  });

  it.each([
    ["a reference that is not a checkout id", { checkoutId: "../x", amount }],
    ["an amount that is not money", { checkoutId: CHECKOUT, amount: { currency_code: "USD", value: "1e3" } }],
    ["no currency", { checkoutId: CHECKOUT, amount: { value: "98.00" } }],
  ])("no fallback from %s, and the sentence is kept", async (_name, fallback) => {
    answer(502, { message: "PayPal is not answering right now.", fallback });
    const error = await failureOf(paymentApi.startWallet(request));
    expect(error.message).toBe("PayPal is not answering right now.");
    expect(walletFallbackOf(error)).toBeNull();
  });

  it("a failure page that is not the store's answer says its status", async () => {
    answer(413, "<html>Request Entity Too Large</html>", "Payload Too Large");
    const error = await failureOf(paymentApi.startWallet(request));
    expect(error).toMatchObject({ status: 413, message: "413 Payload Too Large" });
    expect(error.code).toBeUndefined();
  });

  it("no answer at all is status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await failureOf(paymentApi.captureWallet("X1"));
    expect(error).toMatchObject({ status: 0, message: "Failed to fetch" });
    expect(walletFallbackOf(error)).toBeNull();
    expect(walletFallbackOf(new Error("boom"))).toBeNull();
  });
});

describe("totalsOf", () => {
  it("takes the server's totals from a start", () => {
    expect(totalsOf(walletStarted)).toEqual(totals);
    expect(totalsOf({ ...cardStarted, discountCents: 1335, discountCode: "SAVE15" })).toEqual({
      ...totals,
      discountCents: 1335,
      discountCode: "SAVE15",
    });
    expect(totalsOf({ ...cardStarted, discountCents: 0, discountCode: null })).toEqual(totals);
  });
});

describe("checkoutRequest", () => {
  it("sends what to buy and where, never a price, title or total", () => {
    const body = checkoutRequest([line], "ship-1", { sameAsShipping: true, billingAddressId: "bill-1" });
    expect(body).toEqual({
      lines: [{ productId: ID, selectedSize: "M", color: "Sage", quantity: 2 }],
      shippingAddressId: "ship-1",
      billingAddressId: null,
      sameAsShipping: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/price|title|total|amount|currency|description/i);
  });

  it.each([
    ["a chosen billing address", "bill-1", "bill-1"],
    ["no billing address chosen", "", null],
  ])("sends %s when billing differs from shipping", (_name, chosen, sent) => {
    const body = checkoutRequest([line], "ship-1", { sameAsShipping: false, billingAddressId: chosen });
    expect(body.billingAddressId).toBe(sent);
    expect(body.sameAsShipping).toBe(false);
  });
});

describe("checkoutRequest with a discount code", () => {
  it("sends the code, and nothing when there is none", () => {
    expect(checkoutRequest([line], ID, { sameAsShipping: true, billingAddressId: "" }, "SAVE15").discountCode).toBe(
      "SAVE15",
    );
    expect("discountCode" in checkoutRequest([line], ID, { sameAsShipping: true, billingAddressId: "" })).toBe(false);
  });
});

describe("failureText", () => {
  const generic = "Stripe checkout failed. Please try again.";
  it.each([
    [
      "a refusal the server explained",
      new PaymentRequestError(409, "Only 1 of Linen Dress left in stock."),
      "Only 1 of Linen Dress left in stock.",
    ],
    [
      "a bad request",
      new PaymentRequestError(400, "Please select a billing address"),
      "Please select a billing address",
    ],
    ["a server failure", new PaymentRequestError(502, "PayPal is not answering right now."), generic],
    ["no answer at all", new PaymentRequestError(0, "Failed to fetch"), generic],
    ["any other error", new Error("boom"), generic],
  ])("%s", (_name, error, text) => {
    expect(failureText(error, generic)).toBe(text);
  });
});
