import type { AddressSnapshot, LineChoiceInput } from "./checkout-line";

/**
 * What makes two checkouts "the same cart" and "the same offer", so that a second start of a
 * payment (a double submit, a retry, a second tab) finds the checkout that is already open
 * instead of opening another one that could be paid as well.
 *
 * - The cart: the pieces, whatever order the lines come in and however they are split
 *   (two lines of the same piece are one line of the sum).
 * - The offer: the cart, plus how it is paid, where it goes, what is charged. The same offer
 *   reuses the open checkout (same PayPal order, same Stripe session); another offer for the
 *   same cart replaces it.
 *
 * Both are canonical strings; the server stores a hash of them.
 */

/** A line as the identity reads it: the shopper's choice alone. */
export type IdentityLine = LineChoiceInput;

/** An address as the identity reads it: the snapshot stored on the checkout. */
export type IdentityAddress = AddressSnapshot;

/** The cart as a canonical string: pieces per (product, size, colour), sorted. */
export function cartIdentity(lines: readonly IdentityLine[]): string {
  const pieces = new Map<string, number>();
  for (const line of lines) {
    const key = JSON.stringify([line.productId, line.selectedSize ?? null, line.color ?? null]);
    pieces.set(key, (pieces.get(key) ?? 0) + line.quantity);
  }
  const sorted = [...pieces].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(sorted.map(([key, quantity]) => [...JSON.parse(key), quantity]));
}

const address = (a: IdentityAddress) => [a.name, a.street, a.city, a.state, a.zipCode, a.country, a.phone];

/** The offer as a canonical string: the cart, the method, both addresses and the amount. */
export function offerIdentity(offer: {
  provider: string;
  lines: readonly IdentityLine[];
  shippingAddress: IdentityAddress;
  billingAddress: IdentityAddress;
  totalCents: number;
  currency: string;
  /** The discount code applied, if any: the same cart with another code is another offer. */
  discountCode?: string | null;
}): string {
  return JSON.stringify([
    offer.provider,
    cartIdentity(offer.lines),
    address(offer.shippingAddress),
    address(offer.billingAddress),
    offer.totalCents,
    offer.currency,
    // Only with a code, so the offers of every checkout opened before codes existed keep their key.
    ...(offer.discountCode ? [offer.discountCode] : []),
  ]);
}
