import type { CheckoutStatus } from "./checkout-status";
import type { PaymentOutcome } from "./payment-contract";

/**
 * What a payment provider says about one payment, the same words for every provider
 * (docs/decisions/046-one-payment-provider-interface.md):
 * - `open`: payable, nothing taken yet (created, approved, a hosted page not paid);
 * - `pending`: money on its way, the provider has not decided (a PENDING capture, a processing payment);
 * - `paid`: the money is taken;
 * - `failed`: over without money (voided, declined, an asynchronous payment that failed);
 * - `expired`: lapsed unpaid.
 */
export const OBSERVED_STATES = ["open", "pending", "paid", "failed", "expired"] as const;
export type ObservedState = (typeof OBSERVED_STATES)[number];

/** A provider's normalized answer about a payment (server/payments/provider.ts builds it). */
export interface PaymentObservation {
  /** The provider's reference of the payment (its order or session id). */
  ref: string;
  state: ObservedState;
  /** The provider's own word for it (COMPLETED, PENDING, open, complete, ...). */
  providerStatus: string;
  /** The checkout the payment names (PayPal's custom_id, Stripe's client_reference_id); null when it names none. */
  checkoutId: string | null;
  amountCents: number | null;
  /** Upper case, like "USD". */
  currency: string | null;
  /** What a refund names (PayPal's capture, Stripe's PaymentIntent); null before money is taken. */
  paymentRef: string | null;
  /** Whether the money goes to the store's own account (PayPal's payee check, decision 040). */
  toStore: boolean;
}

/** The checkout as the step read it. */
export interface CheckoutFacts {
  id: string;
  status: CheckoutStatus;
  totalCents: number;
  currency: string;
}

/** Why money that was taken goes back. */
export type RefundReason = "superseded" | "amount_mismatch";

/**
 * What to do with a checkout given what its provider says:
 * - `done`: the checkout is final already (its order exists, or its money went back); change nothing;
 * - `record`: make the order (the fulfilment may still lose a race for the last pieces or a code's last use);
 * - `refund`: give all the money back and mark the checkout refunded;
 * - `wait`: nothing decided yet; the checkout stays as it is (and keeps any stock hold);
 * - `close`: the checkout is over without money: expired or failed (a hold goes back).
 */
export type PaymentDecision =
  | { action: "done"; outcome: "paid" | "refunded" }
  | { action: "record" }
  | { action: "refund"; reason: RefundReason }
  | { action: "wait" }
  | {
      action: "close";
      as: "expired" | "failed";
      outcome: Extract<PaymentOutcome, "refused" | "expired">;
      code: string;
    };

/** The observation pays exactly this checkout: named by it, its amount, its currency. */
export function paysCheckout(observation: PaymentObservation, checkout: CheckoutFacts): boolean {
  return (
    observation.checkoutId === checkout.id &&
    observation.amountCents === checkout.totalCents &&
    observation.currency === checkout.currency
  );
}

/**
 * The one decision table of a payment confirmation, whichever provider and button (the table in
 * decision 046). `observation` null: the provider does not know the payment.
 */
export function decidePayment(observation: PaymentObservation | null, checkout: CheckoutFacts): PaymentDecision {
  if (checkout.status === "completed") return { action: "done", outcome: "paid" };
  if (checkout.status === "refunded") return { action: "done", outcome: "refunded" };
  if (!observation) return { action: "close", as: "expired", outcome: "expired", code: "unknown_to_provider" };
  // Money that is not the store's is none of its business: nothing is recorded, nothing refunded.
  if (!observation.toStore) return { action: "close", as: "failed", outcome: "refused", code: "wrong_payee" };
  switch (observation.state) {
    case "paid":
      if (!paysCheckout(observation, checkout)) return { action: "refund", reason: "amount_mismatch" };
      // A newer checkout of the same cart replaced this one: its money goes back rather than make a second order.
      return checkout.status === "superseded" ? { action: "refund", reason: "superseded" } : { action: "record" };
    case "pending":
    case "open":
      return { action: "wait" };
    case "failed":
      return { action: "close", as: "failed", outcome: "refused", code: "payment_failed" };
    case "expired":
      return { action: "close", as: "expired", outcome: "expired", code: "expired" };
  }
}
