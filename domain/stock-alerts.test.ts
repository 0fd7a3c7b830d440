import { describe, expect, it } from "vitest";
import {
  type AlertRequestFacts,
  canAskForAlert,
  choiceFromQuery,
  choicePart,
  decideAlertRequest,
  MAX_WAITING_ALERTS,
  offersChoice,
  productChoicePath,
  storedPart,
  waitingWords,
} from "./stock-alerts";

const ok: AlertRequestFacts = { emailVerified: true, offered: true, stock: 0, waiting: 0, alreadyWaiting: false };

describe("decideAlertRequest", () => {
  it.each<[string, Partial<AlertRequestFacts>, ReturnType<typeof decideAlertRequest>]>([
    ["a sold-out combination, nothing waiting", {}, "create"],
    ["one below the limit", { waiting: MAX_WAITING_ALERTS - 1 }, "create"],
    ["at the limit", { waiting: MAX_WAITING_ALERTS }, "limit"],
    ["over the limit (old rows)", { waiting: MAX_WAITING_ALERTS + 3 }, "limit"],
    ["pressed twice: the same request", { alreadyWaiting: true, waiting: 1 }, "exists"],
    [
      "pressed twice at the limit: still the same request",
      { alreadyWaiting: true, waiting: MAX_WAITING_ALERTS },
      "exists",
    ],
    ["in stock", { stock: 1 }, "inStock"],
    ["in stock beats the limit", { stock: 4, waiting: MAX_WAITING_ALERTS }, "inStock"],
    ["not a combination of the product", { offered: false }, "notOffered"],
    ["unverified address first", { emailVerified: false, offered: false, stock: 3 }, "unverified"],
    ["unverified, otherwise fine", { emailVerified: false }, "unverified"],
  ])("%s", (_, facts, expected) => {
    expect(decideAlertRequest({ ...ok, ...facts })).toBe(expected);
  });
});

describe("canAskForAlert", () => {
  it.each([
    [true, 0, true],
    [true, -1, true],
    [true, 1, false],
    [false, 0, false],
  ])("complete %s, stock %i → %s", (complete, stock, expected) => {
    expect(canAskForAlert(complete, stock)).toBe(expected);
  });
});

describe("stored parts", () => {
  it.each([
    [null, ""],
    ["M", "M"],
  ])("%s ↔ %s", (part, stored) => {
    expect(storedPart(part)).toBe(stored);
    expect(choicePart(stored)).toBe(part);
  });
});

describe("offersChoice", () => {
  it.each<[string[], string[], { size: string | null; color: string | null }, boolean]>([
    [["S", "M"], ["Black"], { size: "M", color: "Black" }, true],
    [["S", "M"], ["Black"], { size: "L", color: "Black" }, false],
    [["S", "M"], ["Black"], { size: "M", color: null }, false],
    [["S", "M"], [], { size: "M", color: null }, true],
    [[], ["Black"], { size: null, color: "Black" }, true],
    [[], [], { size: null, color: null }, true],
    [[], [], { size: "M", color: null }, false],
  ])("%j × %j offers %j: %s", (sizes, colors, choice, expected) => {
    expect(offersChoice(sizes, colors, choice)).toBe(expected);
  });
});

describe("productChoicePath and choiceFromQuery", () => {
  const id = "6f1c0a52-8c4b-4a39-9d3e-1f2a3b4c5d6e";
  it.each<[{ size: string | null; color: string | null }, string]>([
    [{ size: "M", color: "Deep Teal" }, `/product/${id}?size=M&color=Deep+Teal`],
    [{ size: "M", color: null }, `/product/${id}?size=M`],
    [{ size: null, color: "Black" }, `/product/${id}?color=Black`],
    [{ size: null, color: null }, `/product/${id}`],
  ])("%j → %s, and back", (choice, path) => {
    expect(productChoicePath(id, choice)).toBe(path);
    const query = new URL(path, "http://x.invalid").searchParams;
    expect(choiceFromQuery(["S", "M"], ["Deep Teal", "Black"], query)).toEqual(choice);
  });

  it.each<[string, { size: string | null; color: string | null }]>([
    ["size=XL&color=Black", { size: null, color: "Black" }],
    ["size=m&color=black", { size: null, color: null }],
    ["size=M&color=%20Black%20", { size: "M", color: "Black" }],
    [`color=${"x".repeat(300)}`, { size: null, color: null }],
    ["", { size: null, color: null }],
  ])("only what the product offers is chosen: %s", (search, expected) => {
    expect(choiceFromQuery(["S", "M"], ["Black"], new URLSearchParams(search))).toEqual(expected);
  });
});

describe("waitingWords", () => {
  it.each([
    [1, "1 waiting"],
    [4, "4 waiting"],
  ])("%i → %s", (n, words) => expect(waitingWords(n)).toBe(words));
});
