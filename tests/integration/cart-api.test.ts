import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { products } from "../../server/db/schema";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  registerVerified,
  TestBrowser,
} from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";

/** POST /api/cart/quote through the whole HTTP app: who may ask, what is read, what is refused. */

let database: DatabaseHandle;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let shopper: TestBrowser;
let dress: string;

const QUANTITY_MESSAGE = "Line 1: Quantity must be a whole number from 1 to 99";

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url } });
  shopper = await registerVerified(t, smtp, "cart@example.com", new TestBrowser(t.app, "198.51.100.20"));
  const signIn = await shopper.postJson("/api/auth/sign-in/email", {
    email: "cart@example.com",
    password: GOOD_PASSWORD,
  });
  expect(signIn.status).toBe(200);
  [{ id: dress }] = await insertProducts(database.db, [
    {
      title: "Quote Dress",
      priceCents: 4999,
      sizes: ["S", "M"],
      colors: [{ name: "Sage", hex: "#8fa98a" }],
      stockCount: 5,
    },
    { title: "Quote Tee", priceCents: 1235, sizes: [], colors: [], stockCount: 0 },
  ]);
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

const quote = (body: unknown, browser = shopper, init: RequestInit = {}) =>
  browser.postJson("/api/cart/quote", body, init);

async function catalogueSnapshot() {
  return (await database.db.select().from(products)).map(({ id, priceCents, stockCount, updatedAt }) => ({
    id,
    priceCents,
    stockCount,
    updatedAt: updatedAt.toISOString(),
  }));
}

describe("POST /api/cart/quote", () => {
  it("answers a visitor with 401 and the documented prompt", async () => {
    const res = await quote(
      { lines: [{ productId: dress, selectedSize: "M", color: "Sage", quantity: 1 }] },
      new TestBrowser(t.app),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Please log in to view your cart" });
  });

  it("reports an unknown product as not found", async () => {
    const res = await quote({ lines: [{ productId: "0b0e6c1e-4d9f-4c2a-9d59-000000000000", quantity: 1 }] });
    expect(res.status).toBe(200);
    expect((await res.json()).lines[0].problem).toBe("not_found");
  });

  it.each<[string, unknown, string]>([
    ["quantity -1", { lines: [{ productId: "P", quantity: -1 }] }, QUANTITY_MESSAGE],
    ["quantity 0", { lines: [{ productId: "P", quantity: 0 }] }, QUANTITY_MESSAGE],
    ["quantity 1.5", { lines: [{ productId: "P", quantity: 1.5 }] }, QUANTITY_MESSAGE],
    ['quantity "abc"', { lines: [{ productId: "P", quantity: "abc" }] }, QUANTITY_MESSAGE],
    ["quantity 1e9", { lines: [{ productId: "P", quantity: 1e9 }] }, QUANTITY_MESSAGE],
    [
      "a non-uuid id",
      { lines: [{ productId: "../etc/passwd", quantity: 1 }] },
      "Line 1: Product id must be a valid product id",
    ],
    [
      "an unknown size",
      { lines: [{ productId: "P", selectedSize: "XXXL", quantity: 1 }] },
      "Line 1: Size must be one of XS, S, M, L, XL, XXL",
    ],
    ["an empty cart", { lines: [] }, "Cart is empty"],
    ["no lines", { items: [] }, "Cart lines must be a list"],
    ["a list instead of an object", [], "The request must be a JSON object with the cart lines"],
  ])("refuses %s with 400 and a clear message, changing nothing", async (_name, body, message) => {
    const before = await catalogueSnapshot();
    const withId = JSON.parse(JSON.stringify(body).replaceAll('"P"', JSON.stringify(dress)));
    const res = await quote(withId);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it("refuses a body that is not JSON", async () => {
    const res = await shopper.request("/api/cart/quote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{lines:",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "The request body is not valid JSON" });
  });

  it("refuses another content type with 415", async () => {
    const res = await shopper.request("/api/cart/quote", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ lines: [{ productId: dress, quantity: 1 }] }),
    });
    expect(res.status).toBe(415);
  });

  it("refuses a body over 32 KB with 413", async () => {
    const lines = [{ productId: dress, selectedSize: "M", color: "Sage", quantity: 1, padding: "x".repeat(33 * 1024) }];
    const res = await quote({ lines });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Request body too large" });
  });

  it("refuses a cross-site request", async () => {
    const res = await quote({ lines: [{ productId: dress, quantity: 1 }] }, shopper, {
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });

  it("does not answer GET", async () => {
    const res = await shopper.request("/api/cart/quote");
    expect(res.status).toBe(404);
  });
});
