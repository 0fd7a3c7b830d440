import { z } from "./zod";
import { SIZES } from "./catalog";
import { isUuid } from "./ids";
import { isColorText, isLineQuantity, type LineChoiceInput, lineChoiceMessages, lineColor } from "./line-choice";

/**
 * The checkout line, once (docs/decisions/018-checkout-line-contract.md). A line changes shape
 * as it travels — chosen in the browser, priced by the server, stored on the checkout, copied
 * to the order — and each shape is declared here, one on top of the other:
 *
 *   LineChoice  (product, size, colour, quantity: what the browser may say)
 *   PricedLine  (+ title, pictures, unit price and line total, from the database)
 *   QuotedLine  (+ stock and whether it can be bought as asked: the cart page's answer)
 *   Totals      (subtotal, tax, shipping, total: `total` is always the grand total)
 *   AddressSnapshot (an address as it was when the payment started)
 *
 * This module imports nothing of the cart, so the cart, its rules and its schemas can all
 * build on it without an import cycle.
 */

export { COLOR_MAX, type LineChoiceInput, lineChoiceMessages, MAX_QUANTITY, MIN_QUANTITY } from "./line-choice";

/**
 * One line as the browser sends it to be priced or paid: which product, which size and colour,
 * how many. Anything else (a price, a total, a currency) is dropped here, so no code after this
 * point can be tempted to read it. The only line fields the server reads from a browser.
 */
export const lineChoiceSchema = z.object({
  productId: z.string({ error: lineChoiceMessages.productId }).refine(isUuid, lineChoiceMessages.productId),
  selectedSize: z
    .enum(SIZES, { error: lineChoiceMessages.size })
    .nullish()
    .transform((size) => size ?? null),
  color: z
    .string({ error: lineChoiceMessages.color })
    .nullish()
    .refine((color) => color == null || isColorText(color), lineChoiceMessages.color)
    .transform(lineColor),
  quantity: z.number({ error: lineChoiceMessages.quantity }).refine(isLineQuantity, lineChoiceMessages.quantity),
});
/** A validated choice: its size is one of the store's sizes. */
export type LineChoice = z.output<typeof lineChoiceSchema>;

/** A choice priced by the server: what a checkout stores and an order copies. */
export const pricedLineSchema = lineChoiceSchema.extend({
  title: z.string(),
  imageUrls: z.array(z.string()),
  unitPriceCents: z.number().int().nonnegative(),
  lineTotalCents: z.number().int().nonnegative(),
});
export type PricedLine = z.output<typeof pricedLineSchema>;

/** An order's line: the priced line as charged, its unit price under the order's name for it. */
export interface OrderItem extends LineChoiceInput {
  title: string;
  imageUrls: string[];
  priceCents: number;
}

/** What a checkout keeps of a line: exactly the priced line's fields (a quote's stock figures stay out). */
export function pricedLineOf(line: PricedLine): PricedLine {
  const { productId, title, imageUrls, selectedSize, color, quantity, unitPriceCents, lineTotalCents } = line;
  return { productId, title, imageUrls, selectedSize, color, quantity, unitPriceCents, lineTotalCents };
}

/** The order's copy of a checkout's line. */
export function orderItemOf(line: PricedLine): OrderItem {
  const { productId, title, imageUrls, selectedSize, color, quantity, unitPriceCents } = line;
  return { productId, title, imageUrls, selectedSize, color, quantity, priceCents: unitPriceCents };
}

const cents = z.number().int().nonnegative();

/**
 * A checkout's or an order's money: `totalCents` is subtotal − discount + tax + shipping, nothing
 * else. The discount (a code's, docs/decisions/034-discount-codes.md) is 0 or absent without a code.
 */
export const totalsSchema = z.object({
  subtotalCents: cents,
  discountCents: cents.optional(),
  taxCents: cents,
  shippingCents: cents,
  totalCents: cents,
});
export type Totals = z.output<typeof totalsSchema>;

/** The grand total of a subtotal, its discount, tax and shipping. */
export function grandTotal(
  amounts: Pick<Totals, "subtotalCents" | "discountCents" | "taxCents" | "shippingCents">,
): number {
  return amounts.subtotalCents - (amounts.discountCents ?? 0) + amounts.taxCents + amounts.shippingCents;
}

/** An address as it was when the payment started: later edits of the address book do not rewrite orders. */
export const addressSnapshotSchema = z.object({
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  phone: z.string(),
});
export type AddressSnapshot = z.output<typeof addressSnapshotSchema>;

/** The snapshot of an address-book entry: its postal fields only (no id, no default mark). */
export function addressSnapshot(address: AddressSnapshot): AddressSnapshot {
  const { name, street, city, state, zipCode, country, phone } = address;
  return { name, street, city, state, zipCode, country, phone };
}

/** Why a line cannot be bought as asked. */
export type LineProblem = "not_found" | "out_of_stock" | "insufficient_stock" | "invalid_size" | "invalid_color";

/**
 * A quoted line: the priced line (title empty and price 0 when the product is gone, pictures
 * with the chosen colour's own first) plus what the cart page needs to say whether it can be
 * bought. server/cart/pricing.ts makes them.
 */
export interface QuotedLine extends PricedLine {
  stockCount: number;
  problem: LineProblem | null;
}

/** The answer to a cart: every line quoted, and the totals of the lines that can be bought. */
export interface Quote extends Totals {
  lines: QuotedLine[];
  /** Every line can be bought as asked; the totals then cover the whole cart. */
  ok: boolean;
  /** The discount code applied to the totals (normalised), when one was asked for and applies. */
  discountCode?: string | null;
  /** Why the code asked for does not apply (the totals then carry no discount). */
  discountMessage?: string | null;
}

/** The priced lines and totals a page shows: the server's numbers, which win over the browser's. */
export interface PricedLines extends Totals {
  lines: PricedLine[];
  /** The discount code the totals include, if any. */
  discountCode?: string | null;
}

/**
 * What the providers are told about a checkout. Built from the checkout row alone, so asking
 * again (a retry, the reconciliation pass) sends the very same request and the provider's
 * idempotency keys replay the first answer instead of charging twice.
 */
export interface PaymentRequest extends Totals {
  checkoutId: string;
  /** The discount code the total includes, if any (docs/decisions/034-discount-codes.md). */
  discountCode?: string | null;
  lines: PricedLine[];
  currency: "USD";
  shippingAddress: AddressSnapshot;
  customerEmail: string;
  createdAt: Date;
}
