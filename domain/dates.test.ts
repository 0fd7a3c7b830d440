import { describe, expect, it } from "vitest";
import { formatShopDate, SHOP_TIME_ZONE } from "./dates";

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

  it("is UTC until the shop names another zone", () => {
    expect(SHOP_TIME_ZONE).toBe("UTC");
  });
});
