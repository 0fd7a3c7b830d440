import { describe, expect, it } from "vitest";
import { endOfDayIn, startOfDayIn } from "./dates";
import { discountFormSchemaIn, parseDiscountForm } from "./discount-schemas";
import { dateFieldValue, discountFormMessages, discountState, discountStateLabels } from "./discounts";

const at = (iso: string) => new Date(iso);
const second = (iso: string, delta: number) => new Date(new Date(iso).getTime() + delta * 1000);

/** A code from a start day to an end day (inclusive) in a zone, as the form stores it. */
function window(zone: string, from: string, until: string, extra: { totalLimit?: number; usedCount?: number } = {}) {
  return {
    active: true,
    startsAt: startOfDayIn(from, zone) as Date,
    endsAt: endOfDayIn(until, zone) as Date,
    totalLimit: extra.totalLimit ?? null,
    usedCount: extra.usedCount ?? 0,
  };
}

describe("discountState: what a code is at a moment", () => {
  it.each([
    // zone, from, until, moment, state
    ["UTC", "2026-06-01", "2026-06-30", second("2026-06-01T00:00:00Z", -1), "scheduled"],
    ["UTC", "2026-06-01", "2026-06-30", at("2026-06-01T00:00:00Z"), "active"],
    ["UTC", "2026-06-01", "2026-06-30", second("2026-07-01T00:00:00Z", -1), "active"],
    ["UTC", "2026-06-01", "2026-06-30", at("2026-07-01T00:00:00Z"), "expired"],
    // New York (EDT, UTC−4): 30 Jun ends at 04:00 UTC on 1 Jul.
    ["America/New_York", "2026-06-01", "2026-06-30", second("2026-06-01T04:00:00Z", -1), "scheduled"],
    ["America/New_York", "2026-06-01", "2026-06-30", at("2026-06-01T04:00:00Z"), "active"],
    ["America/New_York", "2026-06-01", "2026-06-30", second("2026-07-01T04:00:00Z", -1), "active"],
    ["America/New_York", "2026-06-01", "2026-06-30", at("2026-07-01T04:00:00Z"), "expired"],
    // Across New York's spring change (8 Mar, EST → EDT): starts at 05:00 UTC, ends at 04:00 UTC.
    ["America/New_York", "2026-03-08", "2026-03-08", second("2026-03-08T05:00:00Z", -1), "scheduled"],
    ["America/New_York", "2026-03-08", "2026-03-08", at("2026-03-08T05:00:00Z"), "active"],
    ["America/New_York", "2026-03-08", "2026-03-08", second("2026-03-09T04:00:00Z", -1), "active"],
    ["America/New_York", "2026-03-08", "2026-03-08", at("2026-03-09T04:00:00Z"), "expired"],
    // London's autumn change (25 Oct, BST → GMT): the day lasts 25 hours.
    ["Europe/London", "2026-10-25", "2026-10-25", second("2026-10-24T23:00:00Z", -1), "scheduled"],
    ["Europe/London", "2026-10-25", "2026-10-25", at("2026-10-24T23:00:00Z"), "active"],
    ["Europe/London", "2026-10-25", "2026-10-25", second("2026-10-26T00:00:00Z", -1), "active"],
    ["Europe/London", "2026-10-25", "2026-10-25", at("2026-10-26T00:00:00Z"), "expired"],
    // London's spring change (29 Mar, GMT → BST): 23 hours.
    ["Europe/London", "2026-03-29", "2026-03-29", second("2026-03-29T23:00:00Z", -1), "active"],
    ["Europe/London", "2026-03-29", "2026-03-29", at("2026-03-29T23:00:00Z"), "expired"],
  ] as const)("%s %s–%s at %s: %s", (zone, from, until, moment, state) => {
    expect(discountState(window(zone, from, until), moment)).toBe(state);
  });

  it.each([
    ["uses left", { totalLimit: 5, usedCount: 4 }, at("2026-06-15T12:00:00Z"), "active"],
    ["used up within its dates", { totalLimit: 5, usedCount: 5 }, at("2026-06-15T12:00:00Z"), "used_up"],
    ["used up and ended: Expired wins", { totalLimit: 5, usedCount: 5 }, at("2026-07-02T00:00:00Z"), "expired"],
    ["used up before it starts: Scheduled", { totalLimit: 1, usedCount: 1 }, at("2026-05-01T00:00:00Z"), "scheduled"],
    ["no limit", {}, at("2026-06-15T12:00:00Z"), "active"],
  ] as const)("%s", (_name, extra, moment, state) => {
    expect(discountState(window("UTC", "2026-06-01", "2026-06-30", extra), moment)).toBe(state);
  });

  it("says Deactivated for a code switched off, whatever its dates", () => {
    const code = { ...window("UTC", "2026-06-01", "2026-06-30"), active: false };
    expect(discountState(code, at("2026-06-15T00:00:00Z"))).toBe("deactivated");
    expect(discountState(code, at("2027-01-01T00:00:00Z"))).toBe("deactivated");
  });

  it("has no end without an end date", () => {
    expect(
      discountState({ ...window("UTC", "2026-06-01", "2026-06-30"), endsAt: null }, at("2099-01-01T00:00:00Z")),
    ).toBe("active");
  });

  it("labels each state", () => {
    expect(Object.values(discountStateLabels)).toEqual(["Deactivated", "Scheduled", "Active", "Expired", "Used up"]);
  });
});

describe("the form's days in the shop's zone", () => {
  const form = {
    code: "SUMMER",
    kind: "percent",
    value: "10",
    minSubtotal: "",
    startsAt: "2026-06-01",
    endsAt: "2026-06-30",
    totalLimit: "",
    perCustomerLimit: "",
    active: true,
  };

  it.each([
    ["UTC", "2026-06-01T00:00:00.000Z", "2026-07-01T00:00:00.000Z"],
    ["America/New_York", "2026-06-01T04:00:00.000Z", "2026-07-01T04:00:00.000Z"],
    ["Europe/London", "2026-05-31T23:00:00.000Z", "2026-06-30T23:00:00.000Z"],
  ])("in %s a code from 1 Jun to 30 Jun runs from %s until %s, and shows 30 Jun again", (zone, start, end) => {
    const parsed = discountFormSchemaIn(zone).parse(form);
    expect(parsed.startsAt.toISOString()).toBe(start);
    expect(parsed.endsAt?.toISOString()).toBe(end);
    expect(dateFieldValue(start, false, zone)).toBe("2026-06-01");
    expect(dateFieldValue(end, true, zone)).toBe("2026-06-30");
  });

  it("takes a start and end on the same day (the whole day)", () => {
    expect(discountFormSchemaIn("America/New_York").safeParse({ ...form, endsAt: "2026-06-01" }).success).toBe(true);
  });

  it("refuses a day that does not exist", () => {
    const parsed = parseDiscountForm({ ...form, endsAt: "2026-02-30" }, "UTC");
    expect(parsed).toEqual({ ok: false, errors: { endsAt: discountFormMessages.endsAt } });
  });
});

describe("parseDiscountForm: every problem of a post at once", () => {
  it("names each wrong field together, the value and the dates too", () => {
    const parsed = parseDiscountForm(
      {
        code: "x",
        kind: "percent",
        value: "150",
        minSubtotal: "-1",
        startsAt: "2026-06-10",
        endsAt: "2026-06-01",
        totalLimit: "0",
        perCustomerLimit: "many",
        active: true,
      },
      "Europe/London",
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        code: discountFormMessages.code,
        value: discountFormMessages.percent,
        minSubtotal: discountFormMessages.minSubtotal,
        endsAt: discountFormMessages.endBeforeStart,
        totalLimit: discountFormMessages.totalLimit,
        perCustomerLimit: discountFormMessages.perCustomerLimit,
      },
    });
  });

  it("checks a fixed amount against its kind even when another field is wrong", () => {
    const parsed = parseDiscountForm(
      {
        code: "OK-CODE",
        kind: "fixed",
        value: "0",
        minSubtotal: "",
        startsAt: "yesterday",
        endsAt: "",
        totalLimit: "",
        perCustomerLimit: "",
      },
      "UTC",
    );
    expect(parsed).toEqual({
      ok: false,
      errors: { value: discountFormMessages.amount, startsAt: discountFormMessages.startsAt },
    });
  });

  it("gives the row's values when all is well", () => {
    const parsed = parseDiscountForm(
      {
        code: "ok-code",
        kind: "fixed",
        value: "5",
        minSubtotal: "",
        startsAt: "2026-06-01",
        endsAt: "",
        totalLimit: "",
        perCustomerLimit: "",
      },
      "America/New_York",
    );
    expect(parsed.ok && parsed.data).toMatchObject({
      code: "OK-CODE",
      amountCents: 500,
      startsAt: new Date("2026-06-01T04:00:00Z"),
      endsAt: null,
    });
  });
});
