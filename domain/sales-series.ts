import { SHOP_TIME_ZONE } from "./dates";

/**
 * The Overview's sales chart (docs/decisions/053-owner-overview.md): revenue and orders per day
 * over the last 7, 30 or 90 days, days counted in the shop's time zone (domain/dates.ts). The
 * database groups the orders by day and by sandbox in one query; the days without orders are
 * filled in here as zeros, and the sandbox's pretend orders are kept apart from the series.
 */

export const SALES_WINDOWS = [7, 30, 90] as const;
export type SalesWindow = (typeof SALES_WINDOWS)[number];
export const DEFAULT_SALES_WINDOW: SalesWindow = 30;

/** ?days=7|30|90; anything else is the default 30. */
export function parseSalesWindow(value: string | null | undefined): SalesWindow {
  const n = Number(value);
  return (SALES_WINDOWS as readonly number[]).includes(n) && /^\d+$/.test(value ?? "")
    ? (n as SalesWindow)
    : DEFAULT_SALES_WINDOW;
}

/** The Overview's address with a window: only what differs from the default is written. */
export function overviewHref(days: SalesWindow): string {
  return days === DEFAULT_SALES_WINDOW ? "/admin?tab=overview" : `/admin?tab=overview&days=${days}`;
}

const DAY_MS = 86_400_000;

/** The calendar day ("2026-11-26") an instant falls on in a time zone. */
export function shopDay(instant: Date, timeZone: string = SHOP_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** A day `offset` days from `day` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The window's days, oldest first, ending with `today`. */
export function windowDays(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
}

/**
 * An instant safely before the window's first day began anywhere (time zones run from −12 to
 * +14 hours): the query's coarse bound on created_at, so it reads only the window's orders.
 */
export function windowLowerBound(today: string, days: number): Date {
  return new Date(Date.parse(`${addDays(today, -days + 1)}T00:00:00Z`) - DAY_MS);
}

/** One row of the query: a day in the shop's zone, sandbox or not, its orders and revenue. */
export interface SalesRow {
  day: string;
  sandbox: boolean;
  orders: number;
  revenueCents: number;
}

export interface DaySales {
  day: string;
  orders: number;
  revenueCents: number;
}

export interface SalesSeries {
  days: DaySales[];
  totalOrders: number;
  totalRevenueCents: number;
  /** Sandbox orders in the window: not in the series (no money moved), said in a note. */
  sandboxOrders: number;
}

/** Every day of the window, zero where there were no orders; sandbox rows and days outside the window left out. */
export function salesSeries(rows: readonly SalesRow[], today: string, days: number): SalesSeries {
  const byDay = new Map(windowDays(today, days).map((day) => [day, { day, orders: 0, revenueCents: 0 }]));
  let sandboxOrders = 0;
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    if (row.sandbox) {
      sandboxOrders += row.orders;
      continue;
    }
    entry.orders += row.orders;
    entry.revenueCents += row.revenueCents;
  }
  const series = [...byDay.values()];
  return {
    days: series,
    totalOrders: series.reduce((sum, d) => sum + d.orders, 0),
    totalRevenueCents: series.reduce((sum, d) => sum + d.revenueCents, 0),
    sandboxOrders,
  };
}

/** A round top for an axis (1, 2 or 5 times a power of ten) at or above `max`; 1 when there is nothing. */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * The top of a chart's axis in whole `unit`s (100 cents: whole dollars; 1: whole orders), at least
 * 2 units, so that its half is a whole unit too and an empty chart does not read "$0.01".
 */
export function axisTop(max: number, unit: number): number {
  return Math.max(2, niceCeiling(max / unit)) * unit;
}

const LABEL = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const LONG_LABEL = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Nov 26" (or "Thu, Nov 26" with the weekday) for a calendar day. */
export function dayLabel(day: string, withWeekday = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  return (withWeekday ? LONG_LABEL : LABEL).format(date);
}
