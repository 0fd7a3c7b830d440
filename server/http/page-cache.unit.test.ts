import { describe, expect, it } from "vitest";
import { PERSONAL, pageCacheControl, pagePath } from "./page-cache";

const visitor = (path: string) => pageCacheControl({ path, requestHasCookies: false, responseSetsCookies: false });

describe("pageCacheControl", () => {
  it.each([
    "/orders",
    "/orders.data",
    "/ORDERS",
    "/profile",
    "/profile.data",
    "/addresses",
    "/addresses.data",
    "/checkout",
    "/checkout.data",
    "/cart",
    "/cart.data",
    "/admin",
    "/admin.data",
    "/admin/add-product",
    "/admin/edit-product/1.data",
    "/sandbox/paypal/abc",
    "/sandbox/checkout/abc.data",
    "/payment-success",
    "/payment-cancelled",
    "/reset-password",
    "/verify-email",
    "/auth/complete",
    "/logout",
  ])("%s is personal even for a visitor", (path) => {
    expect(visitor(path)).toBe(PERSONAL);
  });

  it.each([
    "/",
    "/_root.data",
    "/product/abc",
    "/product/abc.data",
    "/about",
    "/login",
    "/register",
    "/forgot-password",
    "/admins-guide",
  ])("%s is left alone for a visitor without cookies", (path) => {
    expect(visitor(path)).toBeNull();
  });

  it.each(["/", "/_root.data", "/product/abc", "/login"])(
    "%s is personal when the request carries cookies or the answer sets one",
    (path) => {
      expect(pageCacheControl({ path, requestHasCookies: true, responseSetsCookies: false })).toBe(PERSONAL);
      expect(pageCacheControl({ path, requestHasCookies: false, responseSetsCookies: true })).toBe(PERSONAL);
    },
  );
});

describe("pagePath", () => {
  it.each([
    ["/_root.data", "/"],
    ["/orders.data", "/orders"],
    ["/Admin/Edit-Product/X.data", "/admin/edit-product/x"],
    ["/", "/"],
  ])("%s -> %s", (input, expected) => {
    expect(pagePath(input)).toBe(expected);
  });
});
