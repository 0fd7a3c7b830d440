import { SHIPPING_CENTS, taxFor } from "./cart";
import { formatMoney } from "./money";
import { z } from "./zod";

/**
 * Discount codes (docs/decisions/034-discount-codes.md): what a code is worth, when it applies,
 * and the administrator's form. Pure, so the server prices and the pages explain with one rule.
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

export type DiscountRefusal = "unknown" | "inactive" | "not_started" | "expired" | "below_minimum" | "used_up" | "customer_limit";

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
  below_minimum: (minSubtotalCents: number) => `This discount code needs a subtotal of at least ${dollars(minSubtotalCents)}.`,
  used_up: "This discount code has been used up.",
  customer_limit: "You have already used this discount code.",
  usedUpRefunded: "Sorry, the last use of your discount code went to another order while you were paying. Your payment has been refunded.",
  usedUpNotCharged: "Sorry, the last use of your discount code went to another order while you were paying. Your PayPal payment was not taken.",
} as const;

/** The sentence for a refusal. */
export function discountRefusalMessage(reason: DiscountRefusal, rule?: Pick<DiscountRule, "minSubtotalCents">): string {
  return reason === "below_minimum" ? discountMessages.below_minimum(rule?.minSubtotalCents ?? 0) : discountMessages[reason];
}

/** What the code takes off this subtotal: a percentage rounded half up to the cent, a fixed amount capped at the subtotal. */
export function discountAmount(rule: Pick<DiscountRule, "kind" | "percent" | "amountCents">, subtotalCents: number): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents <= 0) return 0;
  if (rule.kind === "percent") return Math.min(subtotalCents, Math.floor((subtotalCents * (rule.percent ?? 0) + 50) / 100));
  return Math.min(subtotalCents, rule.amountCents ?? 0);
}

/** Totals with a discount: tax is 10 % of (subtotal − discount), shipping unchanged (docs/product.md §9). */
export function discountedTotals(subtotalCents: number, discountCents: number, shippingCents: number = subtotalCents > 0 ? SHIPPING_CENTS : 0) {
  const discount = Math.max(0, Math.min(discountCents, subtotalCents));
  const taxCents = taxFor(subtotalCents - discount);
  return { subtotalCents, discountCents: discount, taxCents, shippingCents, totalCents: subtotalCents - discount + taxCents + shippingCents };
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
  endBeforeStart: "The end date must be after the start date",
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

const text = (message: string) => z.string({ error: message }).trim();
/** "12.50" or "12" dollars to cents; anything else is not a number. */
const dollarsToCents = (value: string) => (/^\d{1,7}(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : Number.NaN);
const optionalLimit = (message: string) =>
  text(message)
    .transform((value) => (value === "" ? null : /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN))
    .refine((value) => value === null || (value >= 1 && value <= MAX_USAGE_LIMIT), message);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/**
 * A date field: a day ("2026-03-01", the form's date picker) is that day from midnight UTC; for the
 * end, the whole day counts (the code ends at the next midnight). A full date-time is taken as is.
 */
const date = (message: string, end = false) =>
  text(message)
    .transform((value) => {
      if (value === "") return null;
      if (!DATE_ONLY.test(value)) return new Date(value);
      const day = new Date(`${value}T00:00:00Z`);
      return end ? new Date(day.getTime() + DAY_MS) : day;
    })
    .refine((value) => value === null || (!Number.isNaN(value.getTime()) && value.getFullYear() >= 2000 && value.getFullYear() <= 9999), message);

/**
 * The administrator's form, as posted (all text): a percentage 1–100 or an amount in dollars,
 * the minimum subtotal in dollars, dates (ISO or the date-time field's value, read as UTC), optional
 * limits. Gives the row's values.
 */
export const discountFormSchema = z
  .object({
    code: text(discountFormMessages.code).transform(normaliseCode).refine(isCodeText, discountFormMessages.code),
    kind: z.enum(DISCOUNT_KINDS, { error: discountFormMessages.kind }),
    value: text(discountFormMessages.percent),
    minSubtotal: text(discountFormMessages.minSubtotal)
      .transform((value) => (value === "" ? 0 : dollarsToCents(value)))
      .refine((cents) => Number.isSafeInteger(cents) && cents >= 0 && cents <= MAX_DISCOUNT_CENTS, discountFormMessages.minSubtotal),
    startsAt: date(discountFormMessages.startsAt),
    endsAt: date(discountFormMessages.endsAt, true),
    totalLimit: optionalLimit(discountFormMessages.totalLimit),
    perCustomerLimit: optionalLimit(discountFormMessages.perCustomerLimit),
    active: z.boolean().default(true),
  })
  .transform((form, ctx) => {
    let percent: number | null = null;
    let amountCents: number | null = null;
    if (form.kind === "percent") {
      percent = /^\d{1,3}$/.test(form.value) ? Number(form.value) : Number.NaN;
      if (!(percent >= 1 && percent <= 100)) ctx.addIssue({ code: "custom", message: discountFormMessages.percent, path: ["value"] });
    } else {
      amountCents = dollarsToCents(form.value);
      if (!(amountCents > 0 && amountCents <= MAX_DISCOUNT_CENTS)) ctx.addIssue({ code: "custom", message: discountFormMessages.amount, path: ["value"] });
    }
    const startsAt = form.startsAt ?? new Date();
    if (form.endsAt && form.endsAt.getTime() <= startsAt.getTime()) {
      ctx.addIssue({ code: "custom", message: discountFormMessages.endBeforeStart, path: ["endsAt"] });
    }
    return {
      code: form.code,
      kind: form.kind,
      percent,
      amountCents,
      minSubtotalCents: form.minSubtotal,
      startsAt,
      endsAt: form.endsAt,
      totalLimit: form.totalLimit,
      perCustomerLimit: form.perCustomerLimit,
      active: form.active,
    };
  });
export type DiscountForm = z.output<typeof discountFormSchema>;

/** A stored start or end as the form's date field shows it: the day, UTC; an end is shown as its last whole day. */
export function dateFieldValue(iso: string | null, end = false): string {
  if (!iso) return "";
  const at = new Date(iso).getTime() - (end ? 1 : 0);
  return new Date(at).toISOString().slice(0, 10);
}

/** The optional code in a quote or payment-start body: normalised; empty means none. */
export const discountCodeFieldSchema = z
  .string()
  .max(200, discountMessages.unknown)
  .nullish()
  .transform((value) => (value ? normaliseCode(value) : null) || null);

/** The administrator's view of a code (the Discounts tab). */
export interface DiscountView extends Omit<DiscountRule, "startsAt" | "endsAt"> {
  id: string;
  startsAt: string;
  endsAt: string | null;
  createdAt: string;
}
