import { formatMoney } from "./money";
import { remainingQuantities } from "./refunds";

/**
 * What cancelling an order does, in the words the person reads before confirming (decision
 * records 013 and 033): the money not refunded yet goes back through the provider that took it,
 * the pieces not returned yet go back into stock, the customer is e-mailed.
 */

export interface CancellableOrder {
  number: string;
  totalCents: number;
  paymentMethod: "paypal" | "stripe";
  paymentId: string;
  sandbox?: boolean;
  items: readonly { title: string; priceCents: number; quantity: number }[];
  /** Refunds made already (returns): their money and pieces are not refunded twice. */
  refunds?: readonly { amountCents: number; lines: readonly { index: number; quantity: number }[] }[];
}

const PROVIDERS = { paypal: "PayPal", stripe: "Stripe" } as const;
const PAID_WITH = { paypal: "PayPal", stripe: "card (Stripe)" } as const;
const BACK_TO = { paypal: "their PayPal account", stripe: "their card" } as const;

export function piecesIn(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export function cancellationNotice(order: CancellableOrder) {
  const refunds = order.refunds ?? [];
  const refunded = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  const left = formatMoney(Math.max(0, order.totalCents - refunded));
  const pieces = remainingQuantities(order.items, refunds).reduce((sum, n) => sum + n, 0);
  const through = order.sandbox ? "the sandbox (no real money)" : PROVIDERS[order.paymentMethod];
  return {
    title: `Cancel order #${order.number}?`,
    amount: `${formatMoney(order.totalCents)}, paid with ${PAID_WITH[order.paymentMethod]}`,
    payment: `${left} is refunded to ${BACK_TO[order.paymentMethod]} through ${through}, payment ${order.paymentId}${
      refunded > 0 ? `; ${formatMoney(refunded)} was refunded earlier` : ""
    }.`,
    stock:
      pieces === 0
        ? "No pieces go back into stock: they were all returned already."
        : `${pieces === 1 ? "The 1 piece goes" : `The ${pieces} pieces go`} back into stock.`,
    customer: "The customer is emailed that the order is cancelled and refunded. This cannot be undone.",
    confirm: "Cancel and refund",
    keep: "Keep order",
  };
}

/** The customer's own cancel, in their words (My Orders). */
export function customerCancellationNotice(order: CancellableOrder) {
  const refunded = (order.refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);
  return {
    title: `Cancel order #${order.number}?`,
    body: `We will refund ${formatMoney(Math.max(0, order.totalCents - refunded))} to your ${order.paymentMethod === "paypal" ? "PayPal account" : "card"}. Refunds usually show within 5 to 10 business days. This cannot be undone.`,
    confirm: "Cancel order",
    keep: "Keep order",
  };
}

/**
 * The form field the cancel dialog's confirm button sends with `to=cancelled`. The route refuses a
 * cancellation without it: the Cancelled button submits its form before the page's scripts run
 * (progressive enhancement), and a cancellation refunds money and cannot be undone, so it is made
 * only from the dialog that says so.
 */
export const CANCEL_CONFIRMATION = { name: "confirmed", value: "cancel" } as const;

export const cancelConfirmationMessage =
  "Cancelling refunds the payment and cannot be undone: confirm it in the dialog that opens from Cancelled.";
