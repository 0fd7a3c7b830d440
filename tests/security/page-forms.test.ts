import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, products, users } from "../../server/db/schema";
import { FORM_TYPE_REFUSED, FORM_UNREADABLE } from "../../server/http/page-forms";
import type { TestBrowser } from "../helpers/accounts";
import { type AdminTest, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";

/**
 * Finding 14: a page action posted with a body that is not a form (text/plain, JSON, no type,
 * a broken or boundary-less multipart) answers 400/415 with a clear message, never 500, and
 * changes nothing, for a visitor, a shopper and the administrator alike.
 */

let test: AdminTest;
let productId: string;

beforeAll(async () => {
  test = await startAdminTest();
  [{ id: productId }] = await insertProducts(test.database.db, [{ title: "Forms dress" }]);
}, 120_000);
afterAll(() => test.stop());

const PAGES = [
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/logout",
  "/profile",
  "/addresses",
  "/admin",
  "/checkout",
  "/cart",
  "/",
  "/product/PRODUCT",
  "/sandbox/checkout/abc",
  "/sandbox/paypal/abc",
  "/payment-success",
];

const BODIES: [string, Record<string, string>, BodyInit, number, string][] = [
  ["text/plain", { "content-type": "text/plain" }, "email=a@example.com&password=x", 415, FORM_TYPE_REFUSED],
  [
    "JSON",
    { "content-type": "application/json" },
    JSON.stringify({ email: "a@example.com", intent: "create" }),
    415,
    FORM_TYPE_REFUSED,
  ],
  ["no Content-Type", {}, new TextEncoder().encode("intent=create"), 415, FORM_TYPE_REFUSED],
  ["multipart without a boundary", { "content-type": "multipart/form-data" }, "intent=create", 400, FORM_UNREADABLE],
  [
    "broken multipart",
    { "content-type": "multipart/form-data; boundary=abc" },
    "--abc\r\nContent-Disposition: form-da",
    400,
    FORM_UNREADABLE,
  ],
  [
    "multipart with another boundary",
    { "content-type": "multipart/form-data; boundary=abc" },
    "--xyz\r\n\r\nhello\r\n--xyz--",
    400,
    FORM_UNREADABLE,
  ],
];

async function rowCounts() {
  const db = test.database.db;
  const [[u], [a], [p]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(addresses),
    db.select({ n: count() }).from(products),
  ]);
  return { users: u.n, addresses: a.n, products: p.n };
}

describe.each(["visitor", "shopper", "admin"] as const)("as %s", (who) => {
  const browser = (): TestBrowser => test[who];

  describe.each(BODIES)("a page action posted with %s", (_label, headers, body, status, message) => {
    it.each(PAGES.flatMap((p) => [p, p === "/" ? "/_root.data" : `${p}.data`]))("%s", async (template) => {
      const before = await rowCounts();
      const res = await browser().request(template.replace("PRODUCT", productId), { method: "POST", headers, body });
      expect(res.status).toBe(status);
      expect(await res.text()).toBe(message);
      expect(await rowCounts()).toEqual(before);
    });
  });
});

describe("the product upload pages read large multipart bodies themselves", () => {
  const broken = { "content-type": "multipart/form-data; boundary=abc" };
  const body = '--abc\r\nContent-Disposition: form-data; name="title"\r\n\r\nHalf a form';

  it.each(["/admin/add-product", "/admin/edit-product/ID.data"])(
    "%s: the administrator gets 400 with the reason, nothing is stored",
    async (template) => {
      const before = await rowCounts();
      const res = await test.admin.request(template.replace("ID", productId), {
        method: "POST",
        headers: broken,
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("The form could not be read. Please try again.");
      expect(await rowCounts()).toEqual(before);
    },
  );

  it.each([
    ["visitor", 401],
    ["shopper", 403],
  ] as const)("a %s is refused (%i) before the body is read", async (who, status) => {
    const res = await test[who].request("/admin/add-product", { method: "POST", headers: broken, body });
    expect(res.status).toBe(status);
  });

  it("JSON to an upload page is 415", async () => {
    const res = await test.admin.request("/admin/add-product", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "x" }),
    });
    expect(res.status).toBe(415);
  });
});
