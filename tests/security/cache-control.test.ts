import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../helpers/accounts";
import { type AdminTest, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";

/**
 * Finding 15: pages with one person's content, and their `.data` requests, are never kept by
 * a shared cache (Cache-Control: private, no-store). Every page shows who is signed in, so
 * any page answered to a request with a session is personal too.
 */

let test: AdminTest;
let productId: string;

beforeAll(async () => {
  test = await startAdminTest();
  [{ id: productId }] = await insertProducts(test.database.db, [{ title: "Cache dress" }]);
}, 120_000);
afterAll(() => test.stop());

const PERSONAL = [
  "/orders",
  "/profile",
  "/addresses",
  "/checkout",
  "/cart",
  "/admin",
  "/admin?tab=orders",
  "/admin/add-product",
  "/sandbox/checkout/abc",
  "/sandbox/paypal/abc",
  "/payment-success?session_id=abc",
  "/payment-cancelled",
  "/reset-password?token=abc",
  "/verify-email",
  "/auth/complete",
];

const dataOf = (url: string) => {
  const [path, query] = url.split("?");
  return `${path === "/" ? "/_root" : path}.data${query ? `?${query}` : ""}`;
};

async function cacheControl(browser: TestBrowser, url: string) {
  const res = await browser.request(url);
  await res.body?.cancel();
  return res.headers.get("cache-control");
}

describe.each(["visitor", "shopper", "admin"] as const)("as %s", (who) => {
  it.each(PERSONAL.flatMap((url) => [url, dataOf(url)]))("%s is private, no-store", async (url) => {
    expect(await cacheControl(test[who], url)).toBe("private, no-store");
  });
});

describe("public pages", () => {
  const PUBLIC = ["/", "/_root.data", "/product/ID", "/product/ID.data", "/about", "/login", "/register"];

  it.each(PUBLIC)("%s is private, no-store for a signed-in shopper", async (template) => {
    expect(await cacheControl(test.shopper, template.replace("ID", productId))).toBe("private, no-store");
  });

  it.each(PUBLIC)("%s is never public for a visitor, and varies by cookie", async (template) => {
    const res = await test.visitor.request(template.replace("ID", productId));
    await res.body?.cancel();
    expect(res.headers.get("cache-control") ?? "").not.toContain("public");
    expect(res.headers.get("vary") ?? "").toMatch(/cookie/i);
  });

  it("an answer that sets a cookie is private, no-store (a sign-in)", async () => {
    const res = await new TestBrowser(test.t.app, "198.51.100.90").postForm("/login", {
      email: "shopper@example.com",
      password: "Velvet-Harbor-42",
    });
    expect(res.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});
