import { describe, expect, it } from "vitest";
import {
  addDays,
  axisTop,
  dayLabel,
  niceCeiling,
  overviewHref,
  parseSalesWindow,
  type SalesRow,
  salesSeries,
  shopDay,
  windowDays,
  windowLowerBound,
} from "./sales-series";

describe("the sales window from the address", () => {
  it.each([
    ["7", 7],
    ["30", 30],
    ["90", 90],
    [null, 30],
    ["", 30],
    ["14", 30],
    ["7.0", 30],
    [" 7", 30],
    ["1e1", 30],
    ["-7", 30],
    ["365", 30],
  ])("days=%s -> %i", (value, days) => {
    expect(parseSalesWindow(value)).toBe(days);
  });

  it.each([
    [7, "/admin?tab=overview&days=7"],
    [30, "/admin?tab=overview"],
    [90, "/admin?tab=overview&days=90"],
  ] as const)("%i days -> %s", (days, href) => {
    expect(overviewHref(days)).toBe(href);
    expect(parseSalesWindow(new URL(href, "http://x").searchParams.get("days"))).toBe(days);
  });
});

describe("days in the shop's time zone", () => {
  it.each([
    // 23:30 UTC is still the evening before in New York (UTC−5 in winter, −4 in summer).
    ["2026-11-26T23:30:00Z", "UTC", "2026-11-26"],
    ["2026-11-26T23:30:00Z", "America/New_York", "2026-11-26"],
    ["2026-11-27T03:30:00Z", "America/New_York", "2026-11-26"],
    ["2026-11-27T05:00:00Z", "America/New_York", "2026-11-27"],
    ["2026-07-01T03:59:00Z", "America/New_York", "2026-06-30"],
    ["2026-07-01T04:00:00Z", "America/New_York", "2026-07-01"],
    ["2026-11-26T10:30:00Z", "Pacific/Kiritimati", "2026-11-27"],
    ["2026-03-08T06:59:59Z", "America/New_York", "2026-03-08"],
  ])("%s in %s is %s", (instant, zone, day) => {
    expect(shopDay(new Date(instant), zone)).toBe(day);
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-11-26", -89)).toBe("2026-08-29");
  });

  it.each([7, 30, 90])("a %i-day window ends today, oldest first, every day once", (days) => {
    const list = windowDays("2026-11-26", days);
    expect(list).toHaveLength(days);
    expect(list.at(-1)).toBe("2026-11-26");
    expect(list[0]).toBe(addDays("2026-11-26", -(days - 1)));
    expect(new Set(list).size).toBe(days);
    expect([...list].sort()).toEqual(list);
  });

  it("the coarse lower bound lies before the first day began in every zone", () => {
    const bound = windowLowerBound("2026-11-26", 7);
    // The window's first day, 2026-11-20, begins at 10:00 UTC on the 19th in UTC+14.
    expect(bound.getTime()).toBeLessThan(Date.parse("2026-11-19T10:00:00Z"));
    expect(shopDay(bound, "Pacific/Kiritimati") < "2026-11-20").toBe(true);
  });
});

describe("the series", () => {
  const row = (day: string, orders: number, revenueCents: number, sandbox = false): SalesRow => ({
    day,
    orders,
    revenueCents,
    sandbox,
  });

  it("has a zero for every day without orders", () => {
    const series = salesSeries([row("2026-11-24", 2, 5000)], "2026-11-26", 7);
    expect(series.days).toHaveLength(7);
    expect(series.days.map((d) => d.orders)).toEqual([0, 0, 0, 0, 2, 0, 0]);
    expect(series.days.map((d) => d.revenueCents)).toEqual([0, 0, 0, 0, 5000, 0, 0]);
    expect(series).toMatchObject({ totalOrders: 2, totalRevenueCents: 5000, sandboxOrders: 0 });
  });

  it("is all zeros with no orders at all", () => {
    const series = salesSeries([], "2026-11-26", 30);
    expect(series.days).toHaveLength(30);
    expect(series.days.every((d) => d.orders === 0 && d.revenueCents === 0)).toBe(true);
    expect(series.totalOrders).toBe(0);
  });

  it("leaves sandbox orders out of the series and counts them apart", () => {
    const series = salesSeries(
      [row("2026-11-25", 1, 2500), row("2026-11-25", 3, 9900, true), row("2026-11-26", 1, 100, true)],
      "2026-11-26",
      7,
    );
    expect(series.days.at(-2)).toEqual({ day: "2026-11-25", orders: 1, revenueCents: 2500 });
    expect(series.days.at(-1)).toEqual({ day: "2026-11-26", orders: 0, revenueCents: 0 });
    expect(series).toMatchObject({ totalOrders: 1, totalRevenueCents: 2500, sandboxOrders: 4 });
  });

  it.each([
    [7, 1],
    [30, 2],
    [90, 3],
  ])("a %i-day window keeps only its own days (%i of the rows)", (days, kept) => {
    const rows = [
      row("2026-11-20", 1, 100),
      row("2026-10-28", 1, 100),
      row("2026-08-29", 1, 100),
      row("2026-08-28", 1, 100),
    ];
    expect(salesSeries(rows, "2026-11-26", days).totalOrders).toBe(kept);
  });

  it("adds up rows of the same day (a repeated row never drops one)", () => {
    const series = salesSeries([row("2026-11-26", 1, 100), row("2026-11-26", 2, 200)], "2026-11-26", 7);
    expect(series.days.at(-1)).toEqual({ day: "2026-11-26", orders: 3, revenueCents: 300 });
  });
});

describe("the axis and labels", () => {
  it.each([
    [0, 1],
    [-5, 1],
    [Number.NaN, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [10, 10],
    [11, 20],
    [2499, 5000],
    [123456, 200000],
  ])("niceCeiling(%d) = %d", (max, top) => {
    expect(niceCeiling(max)).toBe(top);
  });

  it.each([
    [0, 100, 200],
    [1, 100, 200],
    [16460, 100, 20000],
    [50001, 100, 100000],
    [0, 1, 2],
    [6, 1, 10],
    [3, 1, 5],
  ])("axisTop(%d, %d) = %d", (max, unit, top) => {
    expect(axisTop(max, unit)).toBe(top);
  });

  it("names days without a time zone shift", () => {
    expect(dayLabel("2026-11-26")).toBe("Nov 26");
    expect(dayLabel("2026-11-26", true)).toBe("Thu, Nov 26");
    expect(dayLabel("2027-01-01")).toBe("Jan 1");
  });
});
