import { describe, expect, it } from "vitest";
import { loginPathFor, safeRedirectPath } from "./redirects";

describe("safeRedirectPath", () => {
  it.each([
    ["/profile", "/profile"],
    ["/addresses?x=1#top", "/addresses?x=1#top"],
    ["/", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["profile", "/"],
    ["/\tx", "/"],
    // Values that become another host only once the URL is normalised.
    ["/.//evil.example", "/"],
    ["/%2E//evil.example/x", "/"],
    ["/%2e%2e//evil.example", "/"],
    ["/a/..//evil.example", "/"],
    ["/././/evil.example?x=1", "/"],
    ["/..//evil.example", "/"],
    ["http://evil.example", "/"],
    ["javascript://%0aalert(1)", "/"],
    ["/\\\\evil.example", "/"],
    // Encoded slashes stay encoded: a path on this site.
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/./profile", "/profile"],
    ["/a/../orders?x=1", "/orders?x=1"],
    ["", "/"],
    [undefined, "/"],
    [42, "/"],
    [`/${"a".repeat(3000)}`, "/"],
  ])("%j -> %s", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//x", "/profile")).toBe("/profile");
  });
});

describe("loginPathFor", () => {
  it.each([
    ["/profile", "/login?redirectTo=%2Fprofile"],
    ["/addresses?edit=1", "/login?redirectTo=%2Faddresses%3Fedit%3D1"],
    ["/", "/login"],
    ["//evil", "/login"],
  ])("%s -> %s", (path, expected) => {
    expect(loginPathFor(path)).toBe(expected);
  });
});
