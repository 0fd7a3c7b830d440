import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHECKER_KEPT_MS,
  isCommonPassword,
  isPasswordCheckerLoaded,
  isWeakPassword,
  newPasswordProblem,
} from "./password-strength";

describe("isCommonPassword", () => {
  it.each([
    ["password", true],
    ["PASSWORD", true],
    ["123456", true],
    ["qwerty", true],
    ["iloveyou", true],
    ["Velvet-Harbor-42", false],
  ])("%s -> %s", (password, expected) => {
    expect(isCommonPassword(password)).toBe(expected);
  });
});

describe("isWeakPassword", () => {
  it.each([
    ["a common password", "password1", [], true],
    ["a keyboard walk", "qwertyuiop", [], true],
    ["a repeated character", "aaaaaaaaaa", [], true],
    ["a sequence", "abcdefgh", [], true],
    ["the user's own e-mail", "ada.lovelace@example.com", ["ada.lovelace@example.com"], true],
    ["the user's name from the e-mail", "lovelace", ["ada.lovelace@example.com"], true],
    ["a passphrase", "Velvet-Harbor-42", [], false],
    ["random characters", "k7#Qp2!xZm", [], false],
    ["several unrelated words", "correct horse battery staple", [], false],
    // The minimum (docs/product.md §9) is six characters: six random ones must be enough, six guessable ones not.
    ["six random characters", "k9#Lm2", [], false],
    ["six mixed characters", "zq8wnx", [], false],
    ["six guessable characters", "abc123", [], true],
    ["a six-letter word", "monkey", [], true],
  ])("%s", (_label, password, inputs, expected) => {
    expect(isWeakPassword(password, inputs)).toBe(expected);
  });
});

describe("newPasswordProblem", () => {
  it.each([
    ["too short", "k9#Lm", "ada@example.com", "Password must be at least 6 characters long"],
    ["too long", `Velvet-${"x".repeat(130)}`, "ada@example.com", "Password must be at most 128 characters long"],
    ["common", "password1", "ada@example.com", "Password is too weak"],
    ["the e-mail itself", "ada@example.com", "ada@example.com", "Password is too weak"],
    ["strong enough", "Velvet-Harbor-42", "ada@example.com", undefined],
    ["six random characters", "k9#Lm2", "ada@example.com", undefined],
  ])("%s", (_, password, email, expected) => {
    expect(newPasswordProblem(password, email)).toBe(expected);
  });
});

describe("the checker's memory", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is let go a quiet minute after the last check and built again, with the same answers, at the next", () => {
    vi.useFakeTimers();
    expect(isWeakPassword("monkey")).toBe(true);
    expect(isPasswordCheckerLoaded()).toBe(true);
    vi.advanceTimersByTime(CHECKER_KEPT_MS - 1000);
    // A check within the minute keeps it for another minute.
    expect(isCommonPassword("qwerty")).toBe(true);
    vi.advanceTimersByTime(CHECKER_KEPT_MS - 1000);
    expect(isPasswordCheckerLoaded()).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(isPasswordCheckerLoaded()).toBe(false);
    expect(isWeakPassword("monkey")).toBe(true);
    expect(isWeakPassword("Velvet-Harbor-42")).toBe(false);
    expect(isPasswordCheckerLoaded()).toBe(true);
  });
});
