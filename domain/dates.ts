/**
 * Dates as the store prints and reads them: in the shop's time zone (SHOP_TIME_ZONE, server/config.ts;
 * the pages get it from the root loader's public config), the same on the server and in every browser,
 * so a server-rendered page hydrates without a change (docs/product.md §9). The zone is named after the
 * time ("3:42 PM UTC", "9:15 AM EDT"), so nobody mistakes it for their own. Conversions between a day in
 * the shop's zone and UTC instants go through Intl only: no zone tables here (decision 055).
 */
export const DEFAULT_TIME_ZONE = "UTC";
/** @deprecated the zone is a setting now: read it from the config (useShopTimeZone in the pages). */
export const SHOP_TIME_ZONE = DEFAULT_TIME_ZONE;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string, kind: "dateTime" | "date" | "parts" | "name"): Intl.DateTimeFormat {
  const key = `${zone}|${kind}`;
  let found = formats.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      kind === "dateTime"
        ? { dateStyle: "medium", timeStyle: "short" }
        : kind === "date"
          ? { dateStyle: "medium" }
          : kind === "name"
            ? { timeZoneName: "short" }
            : {
                hourCycle: "h23",
                year: "numeric",
                month: "2-digit",
                day: "2-digit",
                hour: "2-digit",
                minute: "2-digit",
                second: "2-digit",
              };
    found = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });
    formats.set(key, found);
  }
  return found;
}

/** Is this an IANA time zone this runtime knows ("Europe/London", "UTC")? */
export function isTimeZone(name: string): boolean {
  if (!name || name.trim() !== name) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall clock at an instant, as if it were UTC (milliseconds dropped). */
function wallClock(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of format(zone, "parts").formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  return wallClock(instant, zone) - Math.floor(instant / 1000) * 1000;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-06-30" as a UTC midnight (the day's wall clock), or NaN for anything that is not a real day. */
function dayAsUtc(day: string): number {
  const match = DAY.exec(day);
  if (!match) return Number.NaN;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = Date.UTC(y, m - 1, d);
  const check = new Date(at);
  return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d ? at : Number.NaN;
}

/** The first instant whose wall clock in the zone is at or after this wall clock (a clock skipped by DST: its end). */
function instantOfWallClock(wall: number, zone: string): number {
  let guess = wall - offsetAt(wall, zone);
  // Twice: the offset at the guess may differ from the one at the wall clock read as UTC (a DST change between).
  guess = wall - offsetAt(guess, zone);
  guess = wall - offsetAt(guess, zone);
  // An earlier instant with the same wall clock (the repeated hour when clocks go back): the first one.
  const earlier = guess - 3_600_000;
  if (wallClock(earlier, zone) === wall) return earlier;
  return guess;
}

/** When a day begins in the zone: "2026-06-30" in America/New_York → 2026-06-30T04:00:00Z. null: not a day. */
export function startOfDayIn(day: string, zone: string): Date | null {
  const wall = dayAsUtc(day);
  if (Number.isNaN(wall)) return null;
  return new Date(instantOfWallClock(wall, zone));
}

/** When a day is over in the zone (the next day's beginning, exclusive): an end date counts the whole day. */
export function endOfDayIn(day: string, zone: string): Date | null {
  const wall = dayAsUtc(day);
  if (Number.isNaN(wall)) return null;
  return new Date(instantOfWallClock(wall + 86_400_000, zone));
}

/** The day ("2026-06-30") an instant falls on in the zone. */
export function dayIn(instant: Date, zone: string): string {
  return new Date(wallClock(instant.getTime(), zone)).toISOString().slice(0, 10);
}

/** The last day an exclusive end instant still covers ("2026-07-01T04:00Z" in New York → "2026-06-30"). */
export function lastDayBefore(end: Date, zone: string): string {
  return dayIn(new Date(end.getTime() - 1), zone);
}

/** The zone's short name at an instant ("UTC", "EDT", "GMT+1"). */
function zoneName(date: Date, zone: string): string {
  return (
    format(zone, "name")
      .formatToParts(date)
      .find((part) => part.type === "timeZoneName")?.value ?? zone
  );
}

/** "Mar 1, 2026, 3:42 PM UTC" (or "Mar 1, 2026" without the time); "" for something that is not a date. */
export function formatShopDate(iso: string, withTime = true, zone: string = DEFAULT_TIME_ZONE): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return "";
  // Some ICU versions put a narrow no-break space before AM/PM: one plain space everywhere.
  return withTime
    ? `${format(zone, "dateTime")
        .format(date)
        .replace(/\u202f/g, " ")} ${zoneName(date, zone)}`
    : format(zone, "date").format(date);
}

/** "Jun 30, 2026" for a day ("2026-06-30"), whatever the zone; "" for something that is not a day. */
export function formatDay(day: string): string {
  const at = dayAsUtc(day);
  return Number.isNaN(at) ? "" : format("UTC", "date").format(new Date(at));
}
