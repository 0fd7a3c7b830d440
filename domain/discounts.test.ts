import { describe, expect, it } from "vitest";
import {
  type DiscountRule,
  dateFieldValue,
  discountAmount,
  discountedTotals,
  discountFormMessages,
  discountRefusal,
  discountRefusalMessage,
  discountValueLabel,
  isCodeText,
  normaliseCode,
} from "./discounts";
import { discountCodeFieldSchema, discountFormSchema } from "./discount-schemas";

const rule: DiscountRule = {
  code: "SAVE15",
  kind: "percent",
  percent: 15,
  amountCents: null,
  minSubtotalCents: 5000,
  startsAt: new Date("2026-01-01T00:00:00Z"),
  endsAt: new Date("2026-12-31T00:00:00Z"),
  totalLimit: 10,
  perCustomerLimit: 1,
  active: true,
  usedCount: 3,
};
const now = new Date("2026-06-01T12:00:00Z");

describe("normaliseCode", () => {
  it.each([
    ["save15", "SAVE15"],
    ["  Save15 ", "SAVE15"],
    ["sa ve\t15", "SAVE15"],
    ["SUMMER-10_x", "SUMMER-10_X"],
    ["", ""],
  ])("%j is %j", (raw, code) => expect(normaliseCode(raw)).toBe(code));

  it.each([
    ["SAVE15", true],
    ["AB", false],
    ["A".repeat(32), true],
    ["A".repeat(33), false],
    ["SAVE15%", false],
    ["SAVE'--", false],
    ["ÄBC", false],
  ])("isCodeText(%j) is %s", (code, ok) => expect(isCodeText(code)).toBe(ok));
});

describe("discountRefusal", () => {
  it.each<
    [string, Partial<DiscountRule>, { now?: Date; subtotalCents?: number; customerUses?: number }, string | null]
  >([
    ["applies", {}, {}, null],
    ["inactive", { active: false }, {}, "inactive"],
    ["before its start", {}, { now: new Date("2025-12-31T23:59:59Z") }, "not_started"],
    ["at its start", {}, { now: new Date("2026-01-01T00:00:00Z") }, null],
    ["at its end", {}, { now: new Date("2026-12-31T00:00:00Z") }, "expired"],
    ["past its end", {}, { now: new Date("2027-01-01T00:00:00Z") }, "expired"],
    ["no end date", { endsAt: null }, { now: new Date("2099-01-01T00:00:00Z") }, null],
    ["below the minimum", {}, { subtotalCents: 4999 }, "below_minimum"],
    ["at the minimum", {}, { subtotalCents: 5000 }, null],
    ["total limit reached", { usedCount: 10 }, {}, "used_up"],
    ["one use left", { usedCount: 9 }, {}, null],
    ["no total limit", { totalLimit: null, usedCount: 1_000 }, {}, null],
    ["per-customer limit reached", {}, { customerUses: 1 }, "customer_limit"],
    ["no per-customer limit", { perCustomerLimit: null }, { customerUses: 7 }, null],
  ])("%s", (_name, change, at, reason) => {
    expect(discountRefusal({ ...rule, ...change }, { now, subtotalCents: 10_000, customerUses: 0, ...at })).toBe(
      reason,
    );
  });

  it.each([
    ["unknown", "This discount code is not valid."],
    ["expired", "This discount code has expired."],
    ["not_started", "This discount code is not active yet."],
    ["inactive", "This discount code is no longer available."],
    ["used_up", "This discount code has been used up."],
    ["customer_limit", "You have already used this discount code."],
    ["below_minimum", "This discount code needs a subtotal of at least $50.00."],
  ] as const)("says %s plainly", (reason, message) => expect(discountRefusalMessage(reason, rule)).toBe(message));
});

describe("discountAmount", () => {
  it.each([
    ["15 % of $100.00", { kind: "percent", percent: 15, amountCents: null }, 10_000, 1_500],
    ["15 % of $0.10 rounds 1.5 up", { kind: "percent", percent: 15, amountCents: null }, 10, 2],
    ["15 % of $0.03 rounds 0.45 down", { kind: "percent", percent: 15, amountCents: null }, 3, 0],
    ["100 % is the whole subtotal", { kind: "percent", percent: 100, amountCents: null }, 4_321, 4_321],
    ["fixed $5.00", { kind: "fixed", percent: null, amountCents: 500 }, 10_000, 500],
    ["fixed is capped at the subtotal", { kind: "fixed", percent: null, amountCents: 5_000 }, 1_999, 1_999],
    ["nothing off an empty cart", { kind: "fixed", percent: null, amountCents: 500 }, 0, 0],
  ] as const)("%s", (_name, code, subtotal, cents) => expect(discountAmount(code, subtotal)).toBe(cents));
});

describe("discountedTotals", () => {
  it.each([
    // subtotal, discount → tax on (subtotal − discount), shipping unchanged
    [
      10_000,
      1_500,
      { subtotalCents: 10_000, discountCents: 1_500, taxCents: 850, shippingCents: 10, totalCents: 9_360 },
    ],
    [10_000, 0, { subtotalCents: 10_000, discountCents: 0, taxCents: 1_000, shippingCents: 10, totalCents: 11_010 }],
    [1_999, 1_999, { subtotalCents: 1_999, discountCents: 1_999, taxCents: 0, shippingCents: 10, totalCents: 10 }],
    [1_005, 100, { subtotalCents: 1_005, discountCents: 100, taxCents: 91, shippingCents: 10, totalCents: 1_006 }],
    [500, 900, { subtotalCents: 500, discountCents: 500, taxCents: 0, shippingCents: 10, totalCents: 10 }],
  ])("subtotal %i, discount %i", (subtotal, discount, totals) =>
    expect(discountedTotals(subtotal, discount)).toEqual(totals),
  );
});

describe("discountValueLabel", () => {
  it.each([
    [{ kind: "percent", percent: 15, amountCents: null }, "15 % off"],
    [{ kind: "fixed", percent: null, amountCents: 550 }, "$5.50 off"],
  ] as const)("%j", (code, label) => expect(discountValueLabel(code)).toBe(label));
});

describe("discountCodeFieldSchema", () => {
  it.each([
    [undefined, null],
    [null, null],
    ["", null],
    ["   ", null],
    [" save15 ", "SAVE15"],
  ])("%j is %j", (value, code) => expect(discountCodeFieldSchema.parse(value)).toBe(code));

  it("refuses a huge text", () => expect(discountCodeFieldSchema.safeParse("A".repeat(201)).success).toBe(false));
});

describe("discountFormSchema", () => {
  const form = {
    code: " spring 15 ",
    kind: "percent",
    value: "15",
    minSubtotal: "50",
    startsAt: "2026-01-01T00:00:00Z",
    endsAt: "2026-02-01T00:00:00Z",
    totalLimit: "100",
    perCustomerLimit: "1",
    active: true,
  };

  it("gives the row's values", () => {
    expect(discountFormSchema.parse(form)).toEqual({
      code: "SPRING15",
      kind: "percent",
      percent: 15,
      amountCents: null,
      minSubtotalCents: 5_000,
      startsAt: new Date("2026-01-01T00:00:00Z"),
      endsAt: new Date("2026-02-01T00:00:00Z"),
      totalLimit: 100,
      perCustomerLimit: 1,
      active: true,
    });
  });

  it("reads days from the date picker: the start at midnight UTC, the end day included", () => {
    const parsed = discountFormSchema.parse({ ...form, startsAt: "2026-03-01", endsAt: "2026-03-01" });
    expect(parsed.startsAt).toEqual(new Date("2026-03-01T00:00:00Z"));
    expect(parsed.endsAt).toEqual(new Date("2026-03-02T00:00:00Z"));
    expect(dateFieldValue(parsed.startsAt.toISOString())).toBe("2026-03-01");
    expect(dateFieldValue(parsed.endsAt!.toISOString(), true)).toBe("2026-03-01");
    expect(dateFieldValue(null)).toBe("");
  });

  it("reads a fixed amount in dollars and empty limits as none", () => {
    const parsed = discountFormSchema.parse({
      ...form,
      kind: "fixed",
      value: "12.5",
      minSubtotal: "",
      endsAt: "",
      totalLimit: "",
      perCustomerLimit: " ",
    });
    expect(parsed).toMatchObject({
      kind: "fixed",
      percent: null,
      amountCents: 1_250,
      minSubtotalCents: 0,
      endsAt: null,
      totalLimit: null,
      perCustomerLimit: null,
    });
  });

  it.each([
    ["a code too short", { code: "ab" }, "code", discountFormMessages.code],
    ["a code with symbols", { code: "50%OFF" }, "code", discountFormMessages.code],
    ["an unknown kind", { kind: "bogo" }, "kind", discountFormMessages.kind],
    ["a percentage over 100", { value: "101" }, "value", discountFormMessages.percent],
    ["a zero percentage", { value: "0" }, "value", discountFormMessages.percent],
    ["a fractional percentage", { value: "12.5" }, "value", discountFormMessages.percent],
    ["a negative amount", { kind: "fixed", value: "-5" }, "value", discountFormMessages.amount],
    ["a zero amount", { kind: "fixed", value: "0" }, "value", discountFormMessages.amount],
    ["a huge amount", { kind: "fixed", value: "99999999" }, "value", discountFormMessages.amount],
    ["an amount in words", { kind: "fixed", value: "five" }, "value", discountFormMessages.amount],
    ["a negative minimum", { minSubtotal: "-1" }, "minSubtotal", discountFormMessages.minSubtotal],
    ["a huge minimum", { minSubtotal: "1e309" }, "minSubtotal", discountFormMessages.minSubtotal],
    ["a date that is not one", { startsAt: "yesterday" }, "startsAt", discountFormMessages.startsAt],
    ["a year out of range", { endsAt: "+275760-09-13T00:00:00Z" }, "endsAt", discountFormMessages.endsAt],
    ["an end before the start", { endsAt: "2025-12-31T00:00:00Z" }, "endsAt", discountFormMessages.endBeforeStart],
    [
      "an end day before the start day",
      { startsAt: "2026-03-02", endsAt: "2026-03-01" },
      "endsAt",
      discountFormMessages.endBeforeStart,
    ],
    ["an end equal to the start", { endsAt: "2026-01-01T00:00:00Z" }, "endsAt", discountFormMessages.endBeforeStart],
    ["a zero total limit", { totalLimit: "0" }, "totalLimit", discountFormMessages.totalLimit],
    [
      "a negative per-customer limit",
      { perCustomerLimit: "-1" },
      "perCustomerLimit",
      discountFormMessages.perCustomerLimit,
    ],
    ["a huge total limit", { totalLimit: "99999999999" }, "totalLimit", discountFormMessages.totalLimit],
  ])("refuses %s", (_name, change, field, message) => {
    const result = discountFormSchema.safeParse({ ...form, ...change });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });
});
