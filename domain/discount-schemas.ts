import {
  DISCOUNT_KINDS,
  discountFormMessages,
  discountMessages,
  isCodeText,
  MAX_DISCOUNT_CENTS,
  MAX_USAGE_LIMIT,
  normaliseCode,
} from "./discounts";
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
    .refine(
      (value) =>
        value === null ||
        (!Number.isNaN(value.getTime()) && value.getFullYear() >= 2000 && value.getFullYear() <= 9999),
      message,
    );

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
      .refine(
        (cents) => Number.isSafeInteger(cents) && cents >= 0 && cents <= MAX_DISCOUNT_CENTS,
        discountFormMessages.minSubtotal,
      ),
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
      if (!(percent >= 1 && percent <= 100))
        ctx.addIssue({ code: "custom", message: discountFormMessages.percent, path: ["value"] });
    } else {
      amountCents = dollarsToCents(form.value);
      if (!(amountCents > 0 && amountCents <= MAX_DISCOUNT_CENTS))
        ctx.addIssue({ code: "custom", message: discountFormMessages.amount, path: ["value"] });
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

/** The optional code in a quote or payment-start body: normalised; empty means none. */
export const discountCodeFieldSchema = z
  .string()
  .max(200, discountMessages.unknown)
  .nullish()
  .transform((value) => (value ? normaliseCode(value) : null) || null);
