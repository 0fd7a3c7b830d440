import { describe, expect, it } from "vitest";
import { isProviderOutage, isStorePayee, type PaypalAccount, readPayee } from "./paypal-payee";

const store: PaypalAccount = { merchantId: "7QKZ4HXSU3M2A", email: "sales@threadline.example" };

describe("readPayee", () => {
  it.each<[string, unknown, PaypalAccount | null]>([
    [
      "both",
      { merchant_id: "7QKZ4HXSU3M2A", email_address: "a@b.example" },
      { merchantId: "7QKZ4HXSU3M2A", email: "a@b.example" },
    ],
    ["merchant id only", { merchant_id: "7QKZ4HXSU3M2A" }, { merchantId: "7QKZ4HXSU3M2A", email: null }],
    ["e-mail only", { email_address: "a@b.example" }, { merchantId: null, email: "a@b.example" }],
    ["empty", {}, null],
    ["missing", undefined, null],
    ["not an object", "7QKZ4HXSU3M2A", null],
    ["wrong types", { merchant_id: 7, email_address: ["a@b.example"] }, null],
    ["empty strings", { merchant_id: "", email_address: "" }, null],
    ["an e-mail without @", { email_address: "nobody" }, null],
  ])("%s", (_name, raw, expected) => {
    expect(readPayee(raw)).toEqual(expected);
  });
});

describe("isStorePayee", () => {
  it.each<[string, PaypalAccount | null, PaypalAccount, boolean]>([
    ["same merchant id and e-mail", { ...store }, store, true],
    [
      "same merchant id, e-mail changed since",
      { merchantId: store.merchantId, email: "new@threadline.example" },
      store,
      true,
    ],
    ["same merchant id, no e-mail", { merchantId: store.merchantId, email: null }, store, true],
    [
      "same e-mail in another case, no merchant id",
      { merchantId: null, email: "Sales@Threadline.EXAMPLE" },
      store,
      true,
    ],
    [
      "same e-mail, store knows only its e-mail",
      { merchantId: "Z2Y3X4W5V6U7T", email: store.email },
      { merchantId: null, email: store.email },
      true,
    ],
    ["another merchant id with the store's e-mail", { merchantId: "Z2Y3X4W5V6U7T", email: store.email }, store, false],
    ["another merchant id", { merchantId: "Z2Y3X4W5V6U7T", email: null }, store, false],
    ["another e-mail", { merchantId: null, email: "someone@elsewhere.example" }, store, false],
    [
      "nothing comparable: payee has an id, store only an e-mail",
      { merchantId: "7QKZ4HXSU3M2A", email: null },
      { merchantId: null, email: store.email },
      false,
    ],
    ["no payee", null, store, false],
  ])("%s: %s", (_name, payee, account, expected) => {
    expect(isStorePayee(payee, account)).toBe(expected);
  });
});

describe("isProviderOutage", () => {
  it.each<[number | undefined, boolean]>([
    [undefined, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [409, false],
    [422, false],
    [429, false],
  ])("%s → %s", (status, expected) => {
    expect(isProviderOutage(status)).toBe(expected);
  });
});
