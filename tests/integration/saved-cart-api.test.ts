import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lineKey } from "../../domain/cart";
import { pendingAddPath } from "../../domain/pending-add";
import type { DatabaseHandle } from "../../server/db/client";
import { savedCarts } from "../../server/db/schema";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  registerVerified,
  TestBrowser,
  userByEmail,
} from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";
import { getFormAddress } from "../helpers/get-form";
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";
import { insertProducts } from "../helpers/products";

/**
 * The cart the server keeps for each shopper (docs/decisions/050-server-cart.md) through the
 * whole HTTP app: GET/PUT /api/cart, the product page's "Add to cart" form, a visitor's choice
 * carried through the login, and the cart page's forms; who may, and what an attacker gets.
 */

let database: DatabaseHandle;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let ada: TestBrowser;
let bob: TestBrowser;
let adaId: string;
let dress: string;
let tee: string;

async function signedIn(email: string, ip: string) {
  const browser = await registerVerified(t, smtp, email, new TestBrowser(t.app, ip));
  const res = await browser.postJson("/api/auth/sign-in/email", { email, password: GOOD_PASSWORD });
  expect(res.status).toBe(200);
  return browser;
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url }, withPages: true });
  ada = await signedIn("ada-cart@example.com", "198.51.100.31");
  bob = await signedIn("bob-cart@example.com", "198.51.100.32");
  adaId = (await userByEmail(database, "ada-cart@example.com")).id;
  [{ id: dress }, { id: tee }] = await insertProducts(database.db, [
    {
      title: "Saved Dress",
      priceCents: 4999,
      sizes: ["S", "M"],
      colors: [{ name: "Sage", hex: "#8fa98a" }],
      stockCount: 40,
    },
    { title: "Saved Tee", priceCents: 1235, sizes: [], colors: [], stockCount: 10 },
  ]);
}, 60_000);
afterAll(async () => {
  await smtp.stop();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(savedCarts);
});

const put = (browser: TestBrowser, body: unknown, init: RequestInit = {}) =>
  browser.request("/api/cart", {
    ...init,
    method: "PUT",
    headers: { "content-type": "application/json", ...(init.headers as Record<string, string>) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const teeLine = (quantity: number) => ({ productId: tee, selectedSize: null, color: null, quantity });
const dressM = (quantity: number) => ({ productId: dress, selectedSize: "M", color: "Sage", quantity });
const stored = async (userId: string) =>
  (await database.db.select().from(savedCarts).where(eq(savedCarts.userId, userId)))[0]?.lines ?? null;

describe("GET and PUT /api/cart", () => {
  it("keeps a shopper's cart, the same on another device", async () => {
    const res = await put(ada, { lines: [teeLine(2)], baseVersion: 0 });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // The same account signed in elsewhere: a second browser with its own session.
    const second = new TestBrowser(t.app, "198.51.100.33");
    const signIn = await second.postJson("/api/auth/sign-in/email", {
      email: "ada-cart@example.com",
      password: GOOD_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const got = await (await second.request("/api/cart")).json();
    expect(got).toEqual({
      version: 1,
      lines: [{ ...teeLine(2), title: "Saved Tee", priceCents: 1235, imageUrls: [] }],
    });
  });

  it("refuses a visitor (401) and changes nothing", async () => {
    const visitor = new TestBrowser(t.app, "198.51.100.34");
    expect((await visitor.request("/api/cart")).status).toBe(401);
    const res = await put(visitor, { lines: [teeLine(1)], baseVersion: null });
    expect(res.status).toBe(401);
    expect(await database.db.select().from(savedCarts)).toEqual([]);
  });

  it("takes whose cart from the session alone: a userId in the body means nothing", async () => {
    const res = await put(bob, { lines: [teeLine(3)], baseVersion: null, userId: adaId });
    expect(res.status).toBe(200);
    expect(await stored(adaId)).toBeNull();
  });

  it("never trusts a price, title or picture from the browser", async () => {
    const res = await put(ada, {
      lines: [
        {
          ...teeLine(1),
          priceCents: 1,
          unitPriceCents: 1,
          title: "<script>x</script>",
          imageUrls: ["https://evil.example/a"],
        },
      ],
      baseVersion: null,
    });
    const body = await res.json();
    expect(body.lines[0]).toMatchObject({ priceCents: 1235, title: "Saved Tee", imageUrls: [] });
    expect(await stored(adaId)).toEqual([teeLine(1)]);
  });

  it.each([
    [
      "a quantity of 100",
      { lines: [{ productId: "@tee", quantity: 100 }], baseVersion: null },
      "Line 1: Quantity must be a whole number from 1 to 99",
    ],
    [
      "a quantity as text",
      { lines: [{ productId: "@tee", quantity: "3" }], baseVersion: null },
      "Line 1: Quantity must be a whole number from 1 to 99",
    ],
    ["a price instead of lines", { lines: 5, baseVersion: null }, "Cart lines must be a list"],
    [
      "a bad id",
      { lines: [{ productId: "../../etc", quantity: 1 }], baseVersion: null },
      "Line 1: Product id must be a valid product id",
    ],
    [
      "a size we do not sell",
      { lines: [{ productId: "@tee", selectedSize: "XXXL", quantity: 1 }], baseVersion: null },
      "Line 1: Size must be one of XS, S, M, L, XL, XXL",
    ],
    [
      "51 lines",
      { lines: Array.from({ length: 51 }, () => ({ productId: "@tee", quantity: 1 })), baseVersion: null },
      "A cart holds at most 50 different items",
    ],
    ["a version as text", { lines: [], baseVersion: "1" }, "baseVersion must be a whole number or null"],
    ["an array", [], "The request must be a JSON object with the cart lines"],
  ])("refuses %s with 400 and changes nothing", async (_name, body, message) => {
    await put(ada, { lines: [teeLine(1)], baseVersion: null });
    const res = await put(ada, JSON.parse(JSON.stringify(body).replaceAll('"@tee"', JSON.stringify(tee))));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect(await stored(adaId)).toEqual([teeLine(1)]);
  });

  it("refuses a body that is not JSON (400), not labelled JSON (415) or too large (413)", async () => {
    expect((await put(ada, "{not json")).status).toBe(400);
    expect((await ada.request("/api/cart", { method: "PUT", body: "lines" })).status).toBe(415);
    const huge = JSON.stringify({ lines: [], baseVersion: null, padding: "x".repeat(40 * 1024) });
    expect((await put(ada, huge)).status).toBe(413);
  });

  it("refuses a PUT from another site (403)", async () => {
    const res = await put(
      ada,
      { lines: [teeLine(1)], baseVersion: null },
      { headers: { origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    expect(await stored(adaId)).toBeNull();
  });

  it("merges a second device's older cart instead of losing the first's change", async () => {
    await put(ada, { lines: [teeLine(1), dressM(1)], baseVersion: 0 });
    await put(ada, { lines: [dressM(1)], baseVersion: 1 }); // device A removes the tee
    const res = await put(ada, { lines: [dressM(4)], baseVersion: 1 }); // device B, still on 1
    const body = await res.json();
    expect(body.version).toBe(3);
    expect(await stored(adaId)).toEqual([dressM(4)]);
  });
});

describe("the product page's Add to cart without JavaScript", () => {
  it("adds a signed-in shopper's choice to their saved cart and comes back to the page", async () => {
    const res = await ada.postForm(`/product/${dress}`, {
      intent: "add-to-cart",
      size: "M",
      color: "Sage",
      quantity: "2",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/product/${dress}`);
    expect(res.headers.get("set-cookie")).toContain("threadline.flash=cart.added");
    expect(await stored(adaId)).toEqual([dressM(2)]);
  });

  it.each([
    [{ intent: "add-to-cart", quantity: "1" }, "Please select a size"],
    [{ intent: "add-to-cart", size: "M", quantity: "1" }, "Please select a color"],
    [{ intent: "add-to-cart", size: "XXL", color: "Sage", quantity: "1" }, "Saved Dress is not available in size XXL."],
  ])("refuses %o with a message and changes nothing", async (fields, message) => {
    const res = await ada.postForm(`/product/${dress}`, fields);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await stored(adaId)).toBeNull();
  });

  it("caps the quantity at 99 and reads no price", async () => {
    await ada.postForm(`/product/${tee}`, { intent: "add-to-cart", quantity: "5", priceCents: "1" });
    const res = await ada.postForm(`/product/${tee}`, { intent: "add-to-cart", quantity: "5000" });
    expect(res.status).toBe(400); // 10 left: the choice asks for more
    expect(await stored(adaId)).toEqual([teeLine(5)]);
  });

  it("sends a visitor to /login with the choice, refused from another site", async () => {
    const visitor = new TestBrowser(t.app, "198.51.100.35");
    const res = await visitor.postForm(`/product/${dress}`, {
      intent: "add-to-cart",
      size: "M",
      color: "Sage",
      quantity: "2",
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, "http://x.invalid");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("redirectTo")).toMatch(
      new RegExp(`^/product/${dress}\\?size=M&color=Sage&quantity=2&add=[0-9a-f]{32}$`),
    );
    const crossSite = await visitor.postForm(
      `/product/${dress}`,
      { intent: "add-to-cart" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(crossSite.status).toBe(403);
  });

  it("keeps the reviews' posts working on the same action", async () => {
    const res = await ada.postForm(`/product/${tee}`, { intent: "review", rating: "5", text: "" });
    expect(res.status).toBe(200);
  });
});

describe("a visitor's choice carried through the login", () => {
  it("is added once: a reload, Back or the same link again adds nothing more", async () => {
    const path = pendingAddPath(
      { productId: dress, selectedSize: "M", color: "Sage", quantity: 3 },
      "abcdef0123456789",
    );
    const first = await ada.request(path);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/product/${dress}?size=M&color=Sage&quantity=3`);
    expect(first.headers.get("set-cookie")).toContain("cart.added");
    expect(await stored(adaId)).toEqual([dressM(3)]);
    const again = await ada.request(path);
    expect(again.status).toBe(302);
    expect(again.headers.get("set-cookie") ?? "").not.toContain("cart.added");
    const data = await ada.request(path.replace("?", ".data?"));
    expect(data.status).toBe(202); // React Router's redirect of a client navigation
    expect(await stored(adaId)).toEqual([dressM(3)]);
  });

  it("adds nothing from a link on another site", async () => {
    const path = pendingAddPath({ productId: tee, selectedSize: null, color: null, quantity: 1 }, "crosssite0123456");
    const res = await ada.request(path, { headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(302);
    expect(await stored(adaId)).toBeNull();
  });

  it("adds nothing for a visitor, and a forged choice says 'Could not add to cart'", async () => {
    const visitor = new TestBrowser(t.app, "198.51.100.36");
    const path = pendingAddPath({ productId: tee, selectedSize: null, color: null, quantity: 1 }, "visitor012345678");
    expect((await visitor.request(path)).status).toBe(200);
    const forged = pendingAddPath(
      { productId: dress, selectedSize: "XS", color: "Sage", quantity: 1 },
      "forged0123456789",
    );
    const res = await ada.request(forged);
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toContain("cart.failure");
    expect(await stored(adaId)).toBeNull();
  });
});

describe("the cart page without JavaScript", () => {
  it("renders the saved cart on the server, with totals from the server and a way to checkout", async () => {
    await put(ada, { lines: [dressM(2), teeLine(1)], baseVersion: null });
    const html = await (await ada.request("/cart")).text();
    expect(html).toContain("Saved Dress");
    expect(html).toContain("Saved Tee");
    expect(html).toContain("$112.33"); // 99.98 + 12.35 = 112.33
    expect(html).toContain('href="/checkout"');
    expect(html).not.toContain("Loading your cart");
  });

  it("updates a quantity and removes a line by form posts", async () => {
    await put(ada, { lines: [dressM(2), teeLine(1)], baseVersion: null });
    const set = await ada.postForm("/cart", { intent: "set-quantity", key: lineKey(dressM(0)), quantity: "7" });
    expect(set.status).toBe(303);
    expect(await stored(adaId)).toEqual([dressM(7), teeLine(1)]);
    const removed = await ada.postForm("/cart", { intent: "remove", key: lineKey(teeLine(0)) });
    expect(removed.status).toBe(303);
    expect(await stored(adaId)).toEqual([dressM(7)]);
  });

  it("changes only the asker's own cart, and nothing for a visitor or an unknown intent", async () => {
    await put(ada, { lines: [teeLine(1)], baseVersion: null });
    await bob.postForm("/cart", { intent: "remove", key: lineKey(teeLine(0)) });
    const visitor = new TestBrowser(t.app, "198.51.100.37");
    expect((await visitor.postForm("/cart", { intent: "remove", key: lineKey(teeLine(0)) })).status).toBe(302);
    expect((await ada.postForm("/cart", { intent: "drop-table", key: "x" })).status).toBe(400);
    expect(await stored(adaId)).toEqual([teeLine(1)]);
  });

  it("asks a visitor to log in, with a way back to the cart and nothing to clear", async () => {
    const html = await pageOf(new TestBrowser(t.app, "198.51.100.38"), "/cart");
    const main = element(html, /<main[\s>]/);
    expect(textOf(main)).toContain("Please log in to view your cart");
    const login = elements(main, /<a[\s>]/).filter((a) => textOf(a) === "Login");
    expect(login.map((a) => attribute(a, "href"))).toEqual(["/login?redirectTo=%2Fcart"]);
    expect(elements(html, /<button[\s>]/).filter((b) => textOf(b) === "Clear All")).toEqual([]);
  });

  it("says an empty cart is empty and leads back to the shop", async () => {
    const main = element(await pageOf(ada, "/cart"), /<main[\s>]/);
    expect(elements(main, /<h1[\s>]/).map(textOf)).toEqual(["Your cart is empty"]);
    const back = elements(main, /<a[\s>]/).filter((a) => textOf(a) === "Continue Shopping");
    expect(back.map((a) => attribute(a, "href"))).toEqual(["/"]);
    expect((await ada.request("/")).status).toBe(200);
  });
});

/** A page as the server renders it (before or without JavaScript), React's text separators removed. */
async function pageOf(browser: TestBrowser, path: string): Promise<string> {
  const res = await browser.request(path);
  expect(res.status).toBe(200);
  return withoutTextSeparators(await res.text());
}

/** The product card of the grid whose title is `title`. */
function cardOf(html: string, title: string): string {
  const cards = elements(element(html, /<ul [^>]*aria-label="Products"/), /<article[\s>]/).filter(
    (card) => textOf(element(card, /<h3[\s>]/)) === title,
  );
  expect(cards).toHaveLength(1);
  return cards[0];
}

describe("the cards' and the product page's buttons as the server renders them", () => {
  const SOLD_OUT = "Sold Out Scarf";

  beforeAll(async () => {
    await insertProducts(database.db, [{ title: SOLD_OUT, priceCents: 2500, sizes: [], colors: [], stockCount: 0 }]);
  });

  it("a sold-out product cannot be added: 'Out of Stock', disabled, on its card and on its page", async () => {
    const card = cardOf(await pageOf(ada, `/?q=${encodeURIComponent(SOLD_OUT)}`), SOLD_OUT);
    const buttons = elements(card, /<button[\s>]/);
    const soldOut = buttons.filter((b) => attribute(b, "aria-label") === `Out of Stock: ${SOLD_OUT}`);
    expect(soldOut).toHaveLength(1);
    expect(attribute(soldOut[0], "disabled")).not.toBeNull();
    expect(textOf(soldOut[0])).toBe("Out of Stock");
    expect(buttons.filter((b) => /Add to cart/i.test(`${attribute(b, "aria-label") ?? ""} ${textOf(b)}`))).toEqual([]);

    const view = elements(card, /<a[\s>]/).filter((a) => attribute(a, "aria-label") === `View ${SOLD_OUT}`);
    expect(view).toHaveLength(1);
    const page = await pageOf(ada, attribute(view[0], "href") as string);
    expect(elements(page, /<h1[\s>]/).map(textOf)).toEqual([SOLD_OUT]);
    const add = elements(page, /<button[\s>]/).filter((b) => textOf(b) === "Out of Stock");
    expect(add).toHaveLength(1);
    expect(attribute(add[0], "aria-disabled")).toBe("true");
    expect(
      elements(page, /<button[\s>]/).filter((b) => /add to cart/i.test(attribute(b, "aria-label") ?? textOf(b))),
    ).toEqual([]);
  });

  it("before JavaScript runs, a card's Add to cart leads a visitor to log in and a shopper to the product page", async () => {
    const search = `/?q=${encodeURIComponent("Saved Dress")}`;
    const formOf = (card: string) => {
      const forms = elements(card, /<form[\s>]/).filter((form) =>
        elements(form, /<button[\s>]/).some((b) => attribute(b, "aria-label") === "Add to cart: Saved Dress"),
      );
      expect(forms).toHaveLength(1);
      return forms[0];
    };

    const visitor = new TestBrowser(t.app, "198.51.100.39");
    const toLogin = getFormAddress(formOf(cardOf(await pageOf(visitor, search), "Saved Dress")));
    expect(toLogin).toMatch(/^\/login\?redirectTo=%2F%3Fq%3DSaved.+Dress$/);
    expect(elements(await pageOf(visitor, toLogin), /<h1[\s>]/).map(textOf)).toEqual(["Login"]);

    const toProduct = getFormAddress(formOf(cardOf(await pageOf(ada, search), "Saved Dress")));
    expect(toProduct).toMatch(/^\/product\/[0-9a-f-]{36}\??$/);
    expect(toProduct.startsWith(`/product/${dress}`)).toBe(true);
    expect(elements(await pageOf(ada, toProduct), /<h1[\s>]/).map(textOf)).toEqual(["Saved Dress"]);
  });
});
