import { z } from "zod";
import type { CartTotals } from "./cart";
import { type CartRequestLine, type CartRequestLineInput, cartRequestLineSchema } from "./cart-schemas";

/**
 * The checkout line, once (docs/decisions/018-checkout-line-contract.md). A line changes shape
 * as it travels — chosen in the browser, priced by the server, stored on the checkout, copied
 * to the order — and each shape is declared here, one on top of the other:
 *
 *   LineChoice  (product, size, colour, quantity: what the browser may say)
 *   PricedLine  (+ title, pictures, unit price and line total, from the database)
 *   Totals      (subtotal, tax, shipping, total: `total` is always the grand total)
 *   AddressSnapshot (an address as it was when the payment started)
 */

/** What a shopper chooses: the only line fields the server reads from a browser. */
export const lineChoiceSchema = cartRequestLineSchema;
export type LineChoice = CartRequestLine;
/** A choice before validation, as the browser builds it from its stored cart. */
export type LineChoiceInput = CartRequestLineInput;

/** A choice priced by the server: what a checkout stores and an order copies. */
export const pricedLineSchema = z.object({
  productId: z.string(),
  title: z.string(),
  imageUrls: z.array(z.string()),
  selectedSize: z.string().nullable(),
  color: z.string().nullable(),
  quantity: z.number().int().positive(),
  unitPriceCents: z.number().int().nonnegative(),
  lineTotalCents: z.number().int().nonnegative(),
});
export type PricedLine = z.output<typeof pricedLineSchema>;

const cents = z.number().int().nonnegative();

/** A checkout's or an order's money: `totalCents` is subtotal + tax + shipping, nothing else. */
export const totalsSchema = z.object({ subtotalCents: cents, taxCents: cents, shippingCents: cents, totalCents: cents });
export type Totals = CartTotals;

/** The grand total of a subtotal, tax and shipping. */
export function grandTotal(amounts: Pick<Totals, "subtotalCents" | "taxCents" | "shippingCents">): number {
  return amounts.subtotalCents + amounts.taxCents + amounts.shippingCents;
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

/** The priced lines and totals a page shows: the server's numbers, which win over the browser's. */
export interface PricedLines extends Totals {
  lines: PricedLine[];
}

/**
 * What the providers are told about a checkout. Built from the checkout row alone, so asking
 * again (a retry, the reconciliation pass) sends the very same request and the provider's
 * idempotency keys replay the first answer instead of charging twice.
 */
export interface PaymentRequest extends Totals {
  checkoutId: string;
  lines: PricedLine[];
  currency: "USD";
  shippingAddress: AddressSnapshot;
  customerEmail: string;
  createdAt: Date;
}
