import { describe, expect, it } from "vitest";
import {
  dayIn,
  endOfDayIn,
  formatDay,
  formatShopDate,
  isTimeZone,
  lastDayBefore,
  SHOP_TIME_ZONE,
  startOfDayIn,
} from "./dates";

describe("formatShopDate: the shop's time zone, whatever the reader's", () => {
  it.each([
    ["2026-03-01T15:42:00.000Z", true, "Mar 1, 2026, 3:42 PM UTC"],
    ["2026-03-01T00:05:00.000Z", true, "Mar 1, 2026, 12:05 AM UTC"],
    ["2026-12-31T23:59:00.000Z", true, "Dec 31, 2026, 11:59 PM UTC"],
    // The shop's date, not the reader's: 23:30 UTC is still the 31st.
    ["2026-12-31T23:30:00.000Z", false, "Dec 31, 2026"],
    ["2026-03-01T15:42:00+02:00", true, "Mar 1, 2026, 1:42 PM UTC"],
    ["not a date", true, ""],
    ["", false, ""],
  ])("%s (time: %s) → %j", (iso, withTime, text) => {
    expect(formatShopDate(iso, withTime)).toBe(text);
  });

  it.each([
    ["2026-07-01T03:30:00.000Z", "America/New_York", true, "Jun 30, 2026, 11:30 PM EDT"],
    ["2026-07-01T03:30:00.000Z", "America/New_York", false, "Jun 30, 2026"],
    ["2026-01-15T12:00:00.000Z", "America/New_York", true, "Jan 15, 2026, 7:00 AM EST"],
    ["2026-06-30T23:30:00.000Z", "Europe/London", false, "Jul 1, 2026"],
    ["2026-06-30T23:30:00.000Z", "Europe/London", true, "Jul 1, 2026, 12:30 AM GMT+1"],
    ["2026-06-30T23:30:00.000Z", "UTC", true, "Jun 30, 2026, 11:30 PM UTC"],
  ])("%s in %s (time: %s) → %j", (iso, zone, withTime, text) => {
    expect(formatShopDate(iso, withTime, zone)).toBe(text);
  });

  it("is UTC until the shop names another zone", () => {
    expect(SHOP_TIME_ZONE).toBe("UTC");
  });
});

describe("isTimeZone: an IANA zone the runtime knows", () => {
  it.each([
    ["UTC", true],
    ["Europe/London", true],
    ["America/New_York", true],
    ["Asia/Kolkata", true],
    ["Mars/Olympus", false],
    ["", false],
    [" UTC", false],
    ["EST5EDT; drop table", false],
  ])("%j → %s", (zone, ok) => {
    expect(isTimeZone(zone)).toBe(ok);
  });
});

describe("a day in the shop's zone and UTC instants", () => {
  it.each([
    // zone, day, its first instant, its end (the next day's first instant)
    ["UTC", "2026-06-30", "2026-06-30T00:00:00.000Z", "2026-07-01T00:00:00.000Z"],
    ["America/New_York", "2026-06-30", "2026-06-30T04:00:00.000Z", "2026-07-01T04:00:00.000Z"],
    ["America/New_York", "2026-01-15", "2026-01-15T05:00:00.000Z", "2026-01-16T05:00:00.000Z"],
    // Clocks go forward on 8 Mar 2026 at 2:00 (a 23-hour day) and back on 1 Nov 2026 (25 hours).
    ["America/New_York", "2026-03-08", "2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z"],
    ["America/New_York", "2026-11-01", "2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z"],
    // London: forward on 29 Mar 2026 at 1:00 GMT, back on 25 Oct 2026 at 2:00 BST.
    ["Europe/London", "2026-03-29", "2026-03-29T00:00:00.000Z", "2026-03-29T23:00:00.000Z"],
    ["Europe/London", "2026-10-25", "2026-10-24T23:00:00.000Z", "2026-10-26T00:00:00.000Z"],
    ["Europe/London", "2026-06-30", "2026-06-29T23:00:00.000Z", "2026-06-30T23:00:00.000Z"],
    ["Asia/Kolkata", "2026-06-30", "2026-06-29T18:30:00.000Z", "2026-06-30T18:30:00.000Z"],
    ["Pacific/Kiritimati", "2026-12-31", "2026-12-30T10:00:00.000Z", "2026-12-31T10:00:00.000Z"],
    // Leap day.
    ["UTC", "2028-02-29", "2028-02-29T00:00:00.000Z", "2028-03-01T00:00:00.000Z"],
  ])("%s %s: from %s until %s", (zone, day, start, end) => {
    expect(startOfDayIn(day, zone)?.toISOString()).toBe(start);
    expect(endOfDayIn(day, zone)?.toISOString()).toBe(end);
    // Back again: the first instant is that day, and so is the last millisecond before the end.
    expect(dayIn(new Date(start), zone)).toBe(day);
    expect(lastDayBefore(new Date(end), zone)).toBe(day);
    expect(dayIn(new Date(end), zone)).not.toBe(day);
    expect(dayIn(new Date(new Date(start).getTime() - 1), zone)).not.toBe(day);
  });

  it.each(["2026-02-30", "2026-13-01", "30/06/2026", "", "2026-6-30"])("%j is not a day", (day) => {
    expect(startOfDayIn(day, "UTC")).toBeNull();
    expect(endOfDayIn(day, "Europe/London")).toBeNull();
    expect(formatDay(day)).toBe("");
  });

  it("formats a day as itself, whatever the zone", () => {
    expect(formatDay("2026-06-30")).toBe("Jun 30, 2026");
  });
});
