import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../server/db/schema";
import { eq } from "drizzle-orm";
import { TestBrowser } from "../helpers/accounts";
import { body, type PaymentsTest, type Shopper, shopper, startPaymentsTest, worldSnapshot } from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * The bad input and attacks of issue 4 against both create endpoints (sandbox providers):
 * each is refused with a clear message and changes nothing.
 */

let test: PaymentsTest;
let ada: Shopper;
let bob: Shopper;
let dress: string;
let scarf: string;
let gone: string;

const ENDPOINTS = ["/api/create-paypal-order", "/api/create-stripe-session"] as const;

beforeAll(async () => {
  test = await startPaymentsTest();
  ada = await shopper(test, "ada-attacks@example.com");
  bob = await shopper(test, "bob-attacks@example.com");
  [{ id: dress }, { id: scarf }, { id: gone }] = await insertProducts(test.database.db, [
    {
      title: "Attack Dress",
      priceCents: 4999,
      sizes: ["S", "M"],
      colors: [{ name: "Sage", hex: "#8fa98a" }],
      stockCount: 5,
      stockIn: { size: "M", color: "Sage" },
    },
    { title: "Attack Scarf", priceCents: 1500, sizes: [], colors: [], stockCount: 0 },
    { title: "Deleted Coat", priceCents: 9000, sizes: [], colors: [], stockCount: 3 },
  ]);
  await test.database.db.delete(products).where(eq(products.id, gone));
});
afterAll(() => test.stop());

const dressLine = (quantity: unknown = 1) => ({ productId: dress, selectedSize: "M", color: "Sage", quantity });

describe.each(ENDPOINTS)("%s refuses bad input and changes nothing", (endpoint) => {
  async function refused(payload: unknown, status: number, message: string | RegExp, who = ada.browser) {
    const before = await worldSnapshot(test.database);
    const res = await who.postJson(endpoint, payload);
    expect(res.status).toBe(status);
    const reply = (await res.json()) as { message: string };
    if (typeof message === "string") expect(reply.message).toBe(message);
    else expect(reply.message).toMatch(message);
    expect(await worldSnapshot(test.database)).toEqual(before);
    return reply;
  }

  it.each([
    ["-1", -1],
    ["0", 0],
    ["1.5", 1.5],
    ['"abc"', "abc"],
    ["1e9", 1e9],
    ["null", null],
    ["a string number", "2"],
  ])("quantity %s", async (_name, quantity) => {
    await refused(body(ada, [dressLine(quantity)]), 400, "Line 1: Quantity must be a whole number from 1 to 99");
  });

  it("no quantity", async () => {
    await refused(
      body(ada, [{ productId: dress, selectedSize: "M", color: "Sage" } as never]),
      400,
      "Line 1: Quantity must be a whole number from 1 to 99",
    );
  });

  it("an empty cart", async () => {
    await refused(body(ada, []), 400, "Cart is empty");
  });

  it("a product id that is not an id", async () => {
    await refused(
      body(ada, [{ productId: "1' or 1=1", quantity: 1 }]),
      400,
      "Line 1: Product id must be a valid product id",
    );
  });

  it("an unknown product", async () => {
    const reply = await refused(
      body(ada, [{ productId: "00000000-0000-4000-8000-000000000000", quantity: 1 }]),
      409,
      "An item in your cart is no longer available.",
    );
    expect(reply).toMatchObject({ code: "unavailable" });
  });

  it("a deleted product", async () => {
    await refused(body(ada, [{ productId: gone, quantity: 1 }]), 409, "An item in your cart is no longer available.");
  });

  it("an out-of-stock product", async () => {
    await refused(body(ada, [{ productId: scarf, quantity: 1 }]), 409, "Attack Scarf is out of stock.");
  });

  it("more than the stock", async () => {
    await refused(body(ada, [dressLine(6)]), 409, "Only 5 of Attack Dress left in stock.");
  });

  it("a size the product does not have", async () => {
    await refused(
      body(ada, [{ ...dressLine(), selectedSize: "XXL" }]),
      409,
      "Attack Dress is not available in size XXL.",
    );
  });

  it("no size for a product with sizes", async () => {
    await refused(body(ada, [{ ...dressLine(), selectedSize: null }]), 409, "Please choose a size for Attack Dress.");
  });

  it("a colour the product does not have", async () => {
    await refused(body(ada, [{ ...dressLine(), color: "Neon" }]), 409, "Attack Dress is not available in Neon.");
  });

  it("a size that is not a size at all", async () => {
    await refused(body(ada, [{ ...dressLine(), selectedSize: "<script>" }]), 400, /^Line 1: Size must be one of/);
  });

  it("several problems at once", async () => {
    const reply = await refused(
      body(ada, [
        { productId: scarf, quantity: 1 },
        { ...dressLine(), color: "Neon" },
      ]),
      409,
      "Some items in your cart are not available as chosen. Please review your cart.",
    );
    expect(reply).toMatchObject({
      problems: ["Attack Scarf is out of stock.", "Attack Dress is not available in Neon."],
    });
  });

  it("someone else's shipping address", async () => {
    await refused(body(ada, [dressLine()], { shippingAddressId: bob.addressId }), 404, "Address not found");
  });

  it("someone else's billing address", async () => {
    await refused(
      body(ada, [dressLine()], { sameAsShipping: false, billingAddressId: bob.addressId }),
      404,
      "Address not found",
    );
  });

  it("no shipping address", async () => {
    await refused({ lines: [dressLine()] }, 400, "Please select a shipping address");
  });

  it("separate billing without a billing address", async () => {
    await refused(body(ada, [dressLine()], { sameAsShipping: false }), 400, "Please select a billing address");
  });

  it("a visitor", async () => {
    await refused(
      body(ada, [dressLine()]),
      401,
      "Please log in to checkout",
      new TestBrowser(test.t.app, "203.0.113.9"),
    );
  });

  it("a body that is not JSON", async () => {
    const res = await ada.browser.request(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{lines:",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "The request body is not valid JSON" });
    // Another Content-Type is 415 on every JSON endpoint, as on the cart's (docs/decisions/017-one-set-of-errors.md).
    const form = await ada.browser.postForm(endpoint, { lines: "x" });
    expect(form.status).toBe(415);
  });

  it("a body that is too large", async () => {
    const res = await ada.browser.postJson(endpoint, { ...body(ada, [dressLine()]), padding: "x".repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });

  it("another site's page posting with the shopper's cookies", async () => {
    const res = await ada.browser.postJson(endpoint, body(ada, [dressLine()]), {
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });
});

describe("a price, total, amount or currency in the body is ignored", () => {
  it.each(ENDPOINTS)("%s charges the database's price", async (endpoint) => {
    const res = await ada.browser.postJson(endpoint, {
      ...body(ada, [{ ...dressLine(2), price: 0.01, priceCents: 1, unitPriceCents: 1, total: 0 }]),
      amount: "0.01",
      total: 0.01,
      totalCents: 1,
      currency: "EUR",
      items: [{ title: "Attack Dress", price: 0.01, quantity: 2 }],
    });
    expect(res.status).toBe(200);
    const reply = await res.json();
    // 2 × 49.99 = 99.98; tax 10.00 (9.998 rounded half up); shipping 0.10.
    expect(reply).toMatchObject({
      subtotalCents: 9998,
      taxCents: 1000,
      shippingCents: 10,
      totalCents: 11008,
      mode: "sandbox",
    });
    if (endpoint === "/api/create-paypal-order")
      expect(reply.amount).toEqual({ currency_code: "USD", value: "110.08" });
    expect(reply.lines[0]).toMatchObject({ unitPriceCents: 4999, quantity: 2 });
    expect(typeof reply.id).toBe("string");
  });
});

describe("the cart quote (moved here from the cart tests)", () => {
  it("prices a signed-in shopper's cart from the database, ignoring forged prices", async () => {
    const res = await ada.browser.postJson("/api/cart/quote", {
      lines: [
        { productId: dress, selectedSize: "M", color: "Sage", quantity: 2, price: 0.01, priceCents: 1, total: 0 },
        { productId: scarf, quantity: 1 },
      ],
      total: 1,
      currency: "EUR",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body.lines[0]).toEqual({
      productId: dress,
      title: "Attack Dress",
      imageUrls: [],
      selectedSize: "M",
      color: "Sage",
      quantity: 2,
      unitPriceCents: 4999,
      lineTotalCents: 9998,
      stockCount: 5,
      problem: null,
    });
    expect(body.lines[1]).toMatchObject({ productId: scarf, problem: "out_of_stock" });
    // The out-of-stock scarf is left out: 9998 + 999.8 -> 1000 tax + 10 shipping.
    expect(body).toMatchObject({
      subtotalCents: 9998,
      taxCents: 1000,
      shippingCents: 10,
      totalCents: 11008,
      ok: false,
    });
  });
});
