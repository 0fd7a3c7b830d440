/**
 * A checkout's state machine, beside the order's (domain/order-status.ts): who may follow whom.
 * server/checkouts/checkouts.ts, the only writer of the checkouts table, applies a move by
 * compare-and-set on the states this table allows before it
 * (docs/decisions/019-checkout-writer-and-provider-modes.md).
 */

export const CHECKOUT_STATUSES = ["pending", "completed", "failed", "refunded", "expired", "superseded"] as const;

export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

const NEXT: Record<CheckoutStatus, readonly CheckoutStatus[]> = {
  // Open: paid (completed), refused or never reached (failed), closed at the provider (expired),
  // replaced by a newer checkout of the same cart (superseded), or its money given back (refunded).
  pending: ["completed", "failed", "expired", "superseded", "refunded"],
  // Money that arrives late for a failed or expired checkout still becomes an order, or goes back.
  failed: ["completed", "refunded"],
  expired: ["completed", "refunded"],
  // A replaced checkout never becomes an order: money that still arrives for it goes back.
  superseded: ["refunded"],
  completed: [],
  refunded: [],
};

export function canMoveCheckout(from: CheckoutStatus, to: CheckoutStatus): boolean {
  return NEXT[from].includes(to);
}

/** The states a checkout may be in to move to `to`: the compare-and-set's condition. */
export function checkoutStatusesBefore(to: CheckoutStatus): CheckoutStatus[] {
  return CHECKOUT_STATUSES.filter((from) => NEXT[from].includes(to));
}

/** A completed or refunded checkout accepts no move. */
export function isFinalCheckout(status: CheckoutStatus): boolean {
  return NEXT[status].length === 0;
}
