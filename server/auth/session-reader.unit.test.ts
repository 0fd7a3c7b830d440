import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifiedToken } from "./session-reader";

const SECRET = "a-secret-of-the-test-that-is-long-enough-1234";
const signed = (token: string) => `${token}.${createHmac("sha256", SECRET).update(token).digest("base64")}`;

describe("verifiedToken", () => {
  it.each([
    ["a cookie the store signed", signed("tok123"), "tok123"],
    ["another secret's signature", `tok123.${createHmac("sha256", "other").update("tok123").digest("base64")}`, null],
    ["no dot", "tok123", null],
    ["nothing before the dot", `.${"A".repeat(43)}=`, null],
    ["a short signature", "tok123.abc=", null],
    ["44 characters not ending in =", `tok123.${"A".repeat(44)}`, null],
    // issue 37, T4-2: 43 'é' and '=' are 44 characters but 87 bytes; 0.6.0 threw here (a 500 on every page).
    ["44 characters of which some are not ASCII", `abc.${"é".repeat(43)}=`, null],
    ["a NUL among the 44", `abc.${"\0".repeat(43)}=`, null],
    ["an emoji among the 44", `abc.${"😀".repeat(21)}AA=`, null],
  ])("%s", (_, value, token) => {
    expect(verifiedToken(value, SECRET)).toBe(token);
  });
});
