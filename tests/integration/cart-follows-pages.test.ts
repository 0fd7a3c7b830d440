import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  registerVerified,
  TestBrowser,
} from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";
import { insertProducts } from "../helpers/products";

/**
 * The cart that follows the shopper (docs/decisions/050-server-cart.md) for a browser without
 * JavaScript, form by form as such a browser posts them: the product page's "Add to cart", then
 * the cart page the server renders, its quantity and its Remove (tests/e2e/cart-follows.e2e.ts
 * keeps what needs scripts).
 */

const DRESS = "Follows Gallery Dress";
let database: DatabaseHandle;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let ada: TestBrowser;
let dress: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url }, withPages: true });
  ada = await registerVerified(t, smtp, "ada-follows@example.com", new TestBrowser(t.app, "198.51.100.41"));
  expect(
    (await ada.postJson("/api/auth/sign-in/email", { email: "ada-follows@example.com", password: GOOD_PASSWORD }))
      .status,
  ).toBe(200);
  // $89.00, S/M/L × Terracotta/Sage, 4 of each.
  [{ id: dress }] = await insertProducts(database.db, [
    {
      title: DRESS,
      priceCents: 8900,
      sizes: ["S", "M", "L"],
      colors: [
        { name: "Terracotta", hex: "#b4533c" },
        { name: "Sage", hex: "#8fa98a" },
      ],
      stockCount: 24,
    },
  ]);
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

async function page(path: string): Promise<string> {
  const res = await ada.request(path);
  expect(res.status).toBe(200);
  return withoutTextSeparators(await res.text());
}

/** The hidden fields of a form, as the browser sends them. */
const hiddenFields = (form: string) =>
  Object.fromEntries(
    elements(form, /<input [^>]*type="hidden"/).map((input) => [attribute(input, "name"), attribute(input, "value")]),
  ) as Record<string, string>;

/** The cart page's lines (the list in "Items in your cart"). */
const items = (html: string) =>
  elements(element(element(html, /<section aria-labelledby="items-heading"/), /<ul /), /<li /);

describe("without JavaScript", () => {
  it("Add to cart and the cart page work from the server: add, see the totals, change the quantity, remove", async () => {
    // The product page's form without scripts: size, colour and quantity as fields, posted to the page itself.
    const product = await page(`/product/${dress}`);
    const forms = elements(product, /<form [^>]*method="post"/).filter((f) => hiddenFields(f).intent === "add-to-cart");
    expect(forms).toHaveLength(1);
    expect(attribute(forms[0], "action")).toBeNull();
    expect(elements(element(forms[0], /<select [^>]*name="size"/), /<option /).map(textOf)).toContain("M");
    expect(elements(element(forms[0], /<select [^>]*name="color"/), /<option /).map(textOf)).toContain("Sage");
    expect(attribute(element(forms[0], /<input [^>]*name="quantity"/), "type")).toBe("number");
    expect(elements(forms[0], /<button [^>]*type="submit"/).map(textOf)).toEqual(["Add to cart"]);
    const added = await ada.postForm(`/product/${dress}`, {
      ...hiddenFields(forms[0]),
      size: "M",
      color: "Sage",
      quantity: "2",
    });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toMatch(/^\/product\/[0-9a-f-]+$/);

    const cart = await page("/cart");
    expect(items(cart)).toHaveLength(1);
    const line = items(cart)[0];
    expect(textOf(line)).toContain(DRESS);
    expect(textOf(line)).toContain("Size: M");
    expect(textOf(line)).toContain("$178.00");
    const summary = element(cart, /<section aria-labelledby="summary-heading"/);
    expect(textOf(element(summary, /<h2 /))).toBe("Order Summary");
    // 178.00 + tax 17.80 + shipping 0.10
    expect(textOf(summary)).toContain("$195.90");
    const checkout = elements(summary, /<a /).filter((a) => textOf(a) === "Proceed to Checkout");
    expect(checkout.map((a) => attribute(a, "href"))).toEqual(["/checkout"]);

    // Update: the line's own form, its quantity typed in.
    const [update, remove] = elements(line, /<form [^>]*method="post"/);
    expect(elements(update, /<button /).map(textOf)).toEqual(["Update"]);
    const updated = await ada.postForm("/cart", { ...hiddenFields(update), quantity: "3" });
    expect(updated.status).toBe(303);
    expect(updated.headers.get("location")).toBe("/cart");
    const three = await page("/cart");
    expect(textOf(items(three)[0])).toContain("$267.00");

    // Remove: the line's other form.
    expect(elements(remove, /<button /).map((b) => attribute(b, "aria-label"))).toEqual([`Remove ${DRESS}`]);
    const removed = await ada.postForm("/cart", hiddenFields(remove));
    expect(removed.status).toBe(303);
    const empty = await page("/cart");
    expect(textOf(element(empty, /<h1 /))).toBe("Your cart is empty");
  });
});
