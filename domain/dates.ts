/**
 * Dates as the store prints them: in the shop's time zone, the same on the server and in every
 * browser, so a server-rendered page hydrates without a change (docs/product.md §9). The zone is
 * named after the time ("3:42 PM UTC"), so nobody mistakes it for their own.
 */
export const SHOP_TIME_ZONE = "UTC";

const FORMATS = {
  dateTime: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: SHOP_TIME_ZONE }),
  date: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: SHOP_TIME_ZONE }),
};

/** "Mar 1, 2026, 3:42 PM UTC" (or "Mar 1, 2026" without the time); "" for something that is not a date. */
export function formatShopDate(iso: string, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  // Some ICU versions put a narrow no-break space before AM/PM: one plain space everywhere.
  return withTime
    ? `${FORMATS.dateTime.format(date).replace(/\u202f/g, " ")} ${SHOP_TIME_ZONE}`
    : FORMATS.date.format(date);
}
