import { SHIPPING_CENTS, taxFor } from "./cart";
import { DEFAULT_TIME_ZONE, dayIn, lastDayBefore } from "./dates";
import { formatMoney } from "./money";

/**
 * Discount codes (docs/decisions/034-discount-codes.md): what a code is worth, when it applies,
 * and the administrator's form's texts. Pure, so the server prices and the pages explain with one
 * rule. No zod here: the cart in the browser imports this module (the schemas are in
 * domain/discount-schemas.ts, which only the server and the admin form load).
 */

export const DISCOUNT_KINDS = ["percent", "fixed"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const CODE_MIN_LENGTH = 3;
export const CODE_MAX_LENGTH = 32;
/** A fixed amount or a minimum subtotal above $100,000 is a typing mistake, not a discount. */
export const MAX_DISCOUNT_CENTS = 10_000_000;
/** A usage limit above a million is no limit worth counting. */
export const MAX_USAGE_LIMIT = 1_000_000;

const CODE_PATTERN = /^[A-Z0-9_-]+$/;

/** A code as stored and compared: spaces removed, upper-case (" save 15 " is SAVE15). */
export function normaliseCode(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/** Is this (normalised) text a code the store could have issued? */
export function isCodeText(code: string): boolean {
  return code.length >= CODE_MIN_LENGTH && code.length <= CODE_MAX_LENGTH && CODE_PATTERN.test(code);
}

/** A code as the rules read it (a stored row has these fields). */
export interface DiscountRule {
  code: string;
  kind: DiscountKind;
  /** 1–100 for a percentage code; null for a fixed one. */
  percent: number | null;
  /** > 0 for a fixed code; null for a percentage one. */
  amountCents: number | null;
  minSubtotalCents: number;
  startsAt: Date;
  endsAt: Date | null;
  totalLimit: number | null;
  perCustomerLimit: number | null;
  active: boolean;
  usedCount: number;
}

export type DiscountRefusal =
  | "unknown"
  | "inactive"
  | "not_started"
  | "expired"
  | "below_minimum"
  | "used_up"
  | "customer_limit";

/** Whether a code applies now, for this subtotal and this customer's past uses; null when it does. */
export function discountRefusal(
  rule: DiscountRule,
  at: { now: Date; subtotalCents: number; customerUses: number },
): Exclude<DiscountRefusal, "unknown"> | null {
  if (!rule.active) return "inactive";
  if (at.now.getTime() < rule.startsAt.getTime()) return "not_started";
  if (rule.endsAt && at.now.getTime() >= rule.endsAt.getTime()) return "expired";
  if (rule.totalLimit !== null && rule.usedCount >= rule.totalLimit) return "used_up";
  if (rule.perCustomerLimit !== null && at.customerUses >= rule.perCustomerLimit) return "customer_limit";
  if (at.subtotalCents < rule.minSubtotalCents) return "below_minimum";
  return null;
}

const dollars = formatMoney;

/** One sentence per reason a code does not apply, for the cart and the checkout page. */
export const discountMessages = {
  unknown: "This discount code is not valid.",
  inactive: "This discount code is no longer available.",
  not_started: "This discount code is not active yet.",
  expired: "This discount code has expired.",
  below_minimum: (minSubtotalCents: number) =>
    `This discount code needs a subtotal of at least ${dollars(minSubtotalCents)}.`,
  used_up: "This discount code has been used up.",
  customer_limit: "You have already used this discount code.",
  usedUpRefunded:
    "Sorry, the last use of your discount code went to another order while you were paying. Your payment has been refunded.",
  usedUpNotCharged:
    "Sorry, the last use of your discount code went to another order while you were paying. Your PayPal payment was not taken.",
} as const;

/** The sentence for a refusal. */
export function discountRefusalMessage(reason: DiscountRefusal, rule?: Pick<DiscountRule, "minSubtotalCents">): string {
  return reason === "below_minimum"
    ? discountMessages.below_minimum(rule?.minSubtotalCents ?? 0)
    : discountMessages[reason];
}

/** What the code takes off this subtotal: a percentage rounded half up to the cent, a fixed amount capped at the subtotal. */
export function discountAmount(
  rule: Pick<DiscountRule, "kind" | "percent" | "amountCents">,
  subtotalCents: number,
): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents <= 0) return 0;
  if (rule.kind === "percent")
    return Math.min(subtotalCents, Math.floor((subtotalCents * (rule.percent ?? 0) + 50) / 100));
  return Math.min(subtotalCents, rule.amountCents ?? 0);
}

/** Totals with a discount: tax is 10 % of (subtotal − discount), shipping unchanged (docs/product.md §9). */
export function discountedTotals(
  subtotalCents: number,
  discountCents: number,
  shippingCents: number = subtotalCents > 0 ? SHIPPING_CENTS : 0,
) {
  const discount = Math.max(0, Math.min(discountCents, subtotalCents));
  const taxCents = taxFor(subtotalCents - discount);
  return {
    subtotalCents,
    discountCents: discount,
    taxCents,
    shippingCents,
    totalCents: subtotalCents - discount + taxCents + shippingCents,
  };
}

/** How a code reads in a list ("15 % off", "$5.00 off"). */
export function discountValueLabel(rule: Pick<DiscountRule, "kind" | "percent" | "amountCents">): string {
  return rule.kind === "percent" ? `${rule.percent} % off` : `${dollars(rule.amountCents ?? 0)} off`;
}

/** The summary line's label: "Discount (SAVE15)". */
export function discountLineLabel(code: string | null | undefined): string {
  return code ? `Discount (${code})` : "Discount";
}

/** The amount as the summary line shows it: "−$15.00" (a minus sign, not a hyphen). */
export function discountAmountLabel(cents: number): string {
  return `−${dollars(cents)}`;
}

export const discountFormMessages = {
  code: `A code is ${CODE_MIN_LENGTH} to ${CODE_MAX_LENGTH} letters, digits, - or _`,
  kind: "Choose a percentage or a fixed amount",
  percent: "The percentage must be a whole number from 1 to 100",
  amount: "The amount must be more than $0 and at most $100,000",
  minSubtotal: "The minimum subtotal must be $0 or more, at most $100,000",
  startsAt: "Enter a valid start date",
  endsAt: "Enter a valid end date",
  endBeforeStart: "The end date must be on or after the start date",
  totalLimit: `The total limit must be a whole number from 1 to ${MAX_USAGE_LIMIT.toLocaleString("en-US")}, or empty`,
  perCustomerLimit: `The limit per customer must be a whole number from 1 to ${MAX_USAGE_LIMIT.toLocaleString("en-US")}, or empty`,
  codeTaken: "Another discount code already has this code",
  limitBelowUses: "The total limit cannot be below the uses already made",
} as const;

/** The Discounts tab's toasts. */
export const discountAdminMessages = {
  created: (code: string) => `Discount code ${code} created`,
  updated: (code: string) => `Discount code ${code} updated`,
  activated: (code: string) => `Discount code ${code} is active again`,
  deactivated: (code: string) => `Discount code ${code} deactivated`,
  saveFailed: "Failed to save the discount code",
  toggleFailed: "Failed to change the discount code",
} as const;

/**
 * A stored start or end as the form's date field shows it: the day in the shop's zone; an end
 * (exclusive: the next day's beginning) is shown as the last day it covers.
 */
export function dateFieldValue(iso: string | null, end = false, zone: string = DEFAULT_TIME_ZONE): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return end ? lastDayBefore(at, zone) : dayIn(at, zone);
}

/** What a code is at a moment, for the Discounts tab (the checkout's refusals say the same in the shopper's words). */
export const DISCOUNT_STATES = ["deactivated", "scheduled", "active", "expired", "used_up"] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

export const discountStateLabels: Record<DiscountState, string> = {
  deactivated: "Deactivated",
  scheduled: "Scheduled",
  active: "Active",
  expired: "Expired",
  used_up: "Used up",
};

/**
 * The state of a code at `now`, in the order the checkout refuses it (discountRefusal): switched
 * off by the owner; not started (startsAt is its first instant); ended (endsAt is exclusive: the
 * instant the day after the end date begins); used up (uses reached the total limit); else active.
 * An ended code that was also used up reads Expired: no new limit would bring it back.
 */
export function discountState(
  rule: Pick<DiscountRule, "active" | "startsAt" | "endsAt" | "totalLimit" | "usedCount">,
  now: Date,
): DiscountState {
  if (!rule.active) return "deactivated";
  if (now.getTime() < rule.startsAt.getTime()) return "scheduled";
  if (rule.endsAt && now.getTime() >= rule.endsAt.getTime()) return "expired";
  if (rule.totalLimit !== null && rule.usedCount >= rule.totalLimit) return "used_up";
  return "active";
}

/** The administrator's view of a code (the Discounts tab). */
export interface DiscountView extends Omit<DiscountRule, "startsAt" | "endsAt"> {
  id: string;
  startsAt: string;
  endsAt: string | null;
  createdAt: string;
}
