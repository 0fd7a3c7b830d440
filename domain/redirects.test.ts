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
