/**
 * How the page reacts to a payment's outcome, the same for both buttons and for the card's
 * confirmation page: one vocabulary (`PAYMENT_OUTCOMES` in domain/payment-contract.ts), one
 * reaction. Paid goes to the order; anything else is a sentence: the server's, else the
 * caller's, else the outcome's own.
 */
import type { PaymentOutcome, PaymentResult } from "../../../domain/payment-contract";
import { paymentMessages } from "../../../domain/payment-messages";

export type NoticeOutcome = Exclude<PaymentOutcome, "paid">;

/** Each outcome that is not an order, when the server gave no sentence of its own. */
const OUTCOME_TEXTS: Record<NoticeOutcome, string> = {
  pending: paymentMessages.sessionNotPaid,
  refused: paymentMessages.sessionNotPaid,
  expired: paymentMessages.sessionExpired,
  refunded: paymentMessages.refunded,
};

export type OutcomeReaction =
  | { kind: "paid"; orderId: string | null }
  /** `info` while the provider may still decide; `error` when this payment is over without an order. */
  | { kind: "notice"; outcome: NoticeOutcome; tone: "info" | "error"; text: string };

export function reactionTo(result: PaymentResult, generic?: string): OutcomeReaction {
  if (result.outcome === "paid") return { kind: "paid", orderId: result.orderId ?? null };
  return {
    kind: "notice",
    outcome: result.outcome,
    tone: result.outcome === "pending" ? "info" : "error",
    text: result.message ?? generic ?? OUTCOME_TEXTS[result.outcome],
  };
}

/** The confirmation page's heading: the brief's for a paid order (docs/product.md), one plain title otherwise. */
export function outcomeTitle(outcome: PaymentOutcome): string {
  return outcome === "paid" ? "Payment Successful!" : "Payment not completed";
}

/** Where the wallet's paid order is shown in full: My Orders, with that order on top. */
export function placedOrderPath(orderId: string | null): string {
  return orderId ? `/orders?placed=${encodeURIComponent(orderId)}` : "/orders";
}
