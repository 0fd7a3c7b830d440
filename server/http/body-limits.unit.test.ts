import { describe, expect, it } from "vitest";
import {
  ADMIN_UPLOAD_LIMIT,
  bodyLimitFor,
  DEFAULT_BODY_LIMIT,
  normalisePath,
  REVIEW_BODY_LIMIT,
  STRIPE_WEBHOOK_LIMIT,
} from "./body-limits";

describe("bodyLimitFor", () => {
  it.each([
    ["/admin/add-product", ADMIN_UPLOAD_LIMIT],
    ["/admin/add-product.data", ADMIN_UPLOAD_LIMIT],
    ["/ADMIN/Add-Product", ADMIN_UPLOAD_LIMIT],
    ["//admin//add-product/", ADMIN_UPLOAD_LIMIT],
    ["/admin/edit-product/3f0c", ADMIN_UPLOAD_LIMIT],
    ["/admin/edit-product/3f0c.data", ADMIN_UPLOAD_LIMIT],
    ["/admin", DEFAULT_BODY_LIMIT],
    ["/admin.data", DEFAULT_BODY_LIMIT],
    ["/admin/add-product/extra", DEFAULT_BODY_LIMIT],
    ["/admin/edit-product/a/b", DEFAULT_BODY_LIMIT],
    ["/product/abc", REVIEW_BODY_LIMIT],
    ["/PRODUCT/abc", REVIEW_BODY_LIMIT],
    ["/Product/abc.data", REVIEW_BODY_LIMIT],
    ["/api/stripe-webhook", STRIPE_WEBHOOK_LIMIT],
    ["/API/Stripe-Webhook", STRIPE_WEBHOOK_LIMIT],
    ["/login", DEFAULT_BODY_LIMIT],
    ["/api/auth/sign-in/email", DEFAULT_BODY_LIMIT],
    ["/api/create-paypal-order", DEFAULT_BODY_LIMIT],
    ["/", DEFAULT_BODY_LIMIT],
  ])("%s -> %i bytes", (path, limit) => {
    expect(bodyLimitFor(path).maxSize).toBe(limit);
  });

  it("never gives more than the default outside the upload pages and the webhook", () => {
    for (const path of [
      "/login",
      "/register",
      "/addresses",
      "/profile",
      "/checkout",
      "/admin",
      "/logout",
      "/x/admin/add-product",
    ]) {
      expect(bodyLimitFor(path).maxSize).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT);
    }
  });
});

describe("bodyLimitFor: resumable uploads (decision 057)", () => {
  it.each([
    ["PATCH", "/api/uploads/0123456789abcdef0123456789abcdef", 10 * 1024 * 1024],
    ["patch", "/API/Uploads/0123456789abcdef0123456789abcdef/", 10 * 1024 * 1024],
    // Only the chunks: creating, asking and cancelling keep the default.
    ["POST", "/api/uploads", DEFAULT_BODY_LIMIT],
    ["POST", "/api/uploads/0123456789abcdef0123456789abcdef", DEFAULT_BODY_LIMIT],
    ["HEAD", "/api/uploads/0123456789abcdef0123456789abcdef", DEFAULT_BODY_LIMIT],
    ["DELETE", "/api/uploads/0123456789abcdef0123456789abcdef", DEFAULT_BODY_LIMIT],
    ["PATCH", "/api/uploads", DEFAULT_BODY_LIMIT],
    ["PATCH", "/api/uploads/a/b", DEFAULT_BODY_LIMIT],
    ["PATCH", "/api/cart", DEFAULT_BODY_LIMIT],
  ])("%s %s -> %i bytes", (method, path, limit) => {
    expect(bodyLimitFor(path, undefined, method).maxSize).toBe(limit);
  });
});

describe("normalisePath", () => {
  it.each([
    ["/", "/"],
    ["/Orders/", "/orders"],
    ["//a///B//", "/a/b"],
    ["/admin.data", "/admin.data"],
  ])("%s -> %s", (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });
});
