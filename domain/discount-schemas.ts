import {
  DISCOUNT_KINDS,
  discountFormMessages,
  discountMessages,
  isCodeText,
  MAX_DISCOUNT_CENTS,
  MAX_USAGE_LIMIT,
  normaliseCode,
} from "./discounts";
import { DEFAULT_TIME_ZONE, endOfDayIn, startOfDayIn } from "./dates";
import { type FieldErrors, type Parsed, parseFields } from "./forms";
import { z } from "./zod";

/**
 * The discount codes' schemas (docs/decisions/034-discount-codes.md): the administrator's form and
 * the code field of a quote or payment start. Kept apart from domain/discounts.ts so that the
 * shopper's cart and product pages, which use its rules, do not download zod.
 */

const text = (message: string) => z.string({ error: message }).trim();
/** "12.50" or "12" dollars to cents; anything else is not a number. */
const dollarsToCents = (value: string) =>
  /^\d{1,7}(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : Number.NaN;
const optionalLimit = (message: string) =>
  text(message)
    .transform((value) => (value === "" ? null : /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN))
    .refine((value) => value === null || (value >= 1 && value <= MAX_USAGE_LIMIT), message);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date field, read in the shop's zone (domain/dates.ts): a day ("2026-03-01", the form's date
 * picker) starts at that day's midnight there; for the end, the whole day counts (the code ends when
 * the next day begins). A full date-time with its offset is taken as is.
 */
function readDate(value: string, zone: string, end: boolean): Date | null {
  if (value === "") return null;
  if (!DATE_ONLY.test(value)) return new Date(value);
  return (end ? endOfDayIn(value, zone) : startOfDayIn(value, zone)) ?? new Date(Number.NaN);
}
const validDate = (value: Date | null) =>
  value === null || (!Number.isNaN(value.getTime()) && value.getFullYear() >= 2000 && value.getFullYear() <= 9999);
const date = (message: string, zone: string, end = false) =>
  text(message)
    .transform((value) => readDate(value, zone, end))
    .refine(validDate, message);

/** The value for its kind: a whole percentage 1–100, or more than $0 up to the maximum. */
function readValue(
  kind: string,
  value: string,
): { percent: number | null; amountCents: number | null; error?: string } {
  if (kind === "percent") {
    const percent = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
    return {
      percent,
      amountCents: null,
      error: percent >= 1 && percent <= 100 ? undefined : discountFormMessages.percent,
    };
  }
  const amountCents = dollarsToCents(value);
  return {
    percent: null,
    amountCents,
    error: amountCents > 0 && amountCents <= MAX_DISCOUNT_CENTS ? undefined : discountFormMessages.amount,
  };
}

/** An end at or before the start (an empty start is now). */
const endsTooEarly = (startsAt: Date | null, endsAt: Date | null, now = new Date()) =>
  Boolean(endsAt && endsAt.getTime() <= (startsAt ?? now).getTime());

/**
 * The administrator's form, as posted (all text): a percentage 1–100 or an amount in dollars,
 * the minimum subtotal in dollars, dates (days in the shop's zone, or ISO instants), optional
 * limits. Gives the row's values.
 */
export function discountFormSchemaIn(zone: string) {
  return z
    .object({
      code: text(discountFormMessages.code).transform(normaliseCode).refine(isCodeText, discountFormMessages.code),
      kind: z.enum(DISCOUNT_KINDS, { error: discountFormMessages.kind }),
      value: text(discountFormMessages.percent),
      minSubtotal: text(discountFormMessages.minSubtotal)
        .transform((value) => (value === "" ? 0 : dollarsToCents(value)))
        .refine(
          (cents) => Number.isSafeInteger(cents) && cents >= 0 && cents <= MAX_DISCOUNT_CENTS,
          discountFormMessages.minSubtotal,
        ),
      startsAt: date(discountFormMessages.startsAt, zone),
      endsAt: date(discountFormMessages.endsAt, zone, true),
      totalLimit: optionalLimit(discountFormMessages.totalLimit),
      perCustomerLimit: optionalLimit(discountFormMessages.perCustomerLimit),
      active: z.boolean().default(true),
    })
    .transform((form, ctx) => {
      const { percent, amountCents, error } = readValue(form.kind, form.value);
      if (error) ctx.addIssue({ code: "custom", message: error, path: ["value"] });
      const startsAt = form.startsAt ?? new Date();
      if (endsTooEarly(startsAt, form.endsAt)) {
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
}

/** The form read in UTC (the default shop zone). */
export const discountFormSchema = discountFormSchemaIn(DEFAULT_TIME_ZONE);
export type DiscountForm = z.output<typeof discountFormSchema>;

/**
 * The form with every problem at once: the schema stops before its cross-field checks (the value
 * for its kind, the end after the start) when a field is wrong, so those run here on the raw
 * fields too, and the owner sees all the errors of one post together.
 */
export function parseDiscountForm(fields: Record<string, unknown>, zone: string): Parsed<DiscountForm> {
  const parsed = parseFields(discountFormSchemaIn(zone), fields);
  if (parsed.ok) return parsed;
  const errors: FieldErrors = { ...parsed.errors };
  const raw = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string).trim() : "");
  if (!errors.value && (DISCOUNT_KINDS as readonly string[]).includes(raw("kind"))) {
    const { error } = readValue(raw("kind"), raw("value"));
    if (error) errors.value = error;
  }
  if (!errors.endsAt && !errors.startsAt) {
    const startsAt = readDate(raw("startsAt"), zone, false);
    const endsAt = readDate(raw("endsAt"), zone, true);
    if (validDate(startsAt) && validDate(endsAt) && endsTooEarly(startsAt, endsAt))
      errors.endsAt = discountFormMessages.endBeforeStart;
  }
  return { ok: false, errors };
}

/** The optional code in a quote or payment-start body: normalised; empty means none. */
export const discountCodeFieldSchema = z
  .string()
  .max(200, discountMessages.unknown)
  .nullish()
  .transform((value) => (value ? normaliseCode(value) : null) || null);
