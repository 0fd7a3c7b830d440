import { describe, expect, it } from "vitest";
import { clearFlashCookie, FLASH, flashCookie, readFlash } from "./flash";

const withCookie = (cookie: string) => new Request("http://store.test/", { headers: { cookie } });

describe("flash messages", () => {
  it("round-trips a catalogue key through its cookie", () => {
    const set = flashCookie("login.success", false);
    expect(set).toMatch(/HttpOnly; SameSite=Lax$/);
    const value = set.split(";")[0];
    expect(readFlash(withCookie(`other=1; ${value}`))).toMatchObject({
      type: "success",
      text: FLASH["login.success"].text,
    });
  });

  it("is Secure on https", () => {
    expect(flashCookie("login.success", true)).toMatch(/; Secure$/);
    expect(clearFlashCookie(true)).toMatch(/Max-Age=0;.*Secure$/);
  });

  it.each([
    ["no cookie", ""],
    ["an unknown key", "threadline.flash=hacked~abc"],
    ["text instead of a key", "threadline.flash=<script>alert(1)</script>"],
    ["a prototype key", "threadline.flash=__proto__~abc"],
    ["a bad id", "threadline.flash=login.success~<b>"],
  ])("ignores %s", (_label, cookie) => {
    expect(readFlash(withCookie(cookie))).toBeNull();
  });
});
