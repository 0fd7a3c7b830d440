import { formatMoney } from "./money";

/**
 * What cancelling an order does, in the words the administrator reads before confirming
 * (decision record 013): the order's pieces go back into stock, the customer is e-mailed, and
 * no money moves: the store cannot refund yet, so the administrator refunds in the provider's
 * own dashboard.
 */

export interface CancellableOrder {
  number: string;
  totalCents: number;
  paymentMethod: "paypal" | "stripe";
  paymentId: string;
  items: readonly { quantity: number }[];
}

const PROVIDERS = { paypal: "PayPal", stripe: "Stripe" } as const;
const PAID_WITH = { paypal: "PayPal", stripe: "card (Stripe)" } as const;

export function piecesIn(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export function cancellationNotice(order: CancellableOrder) {
  const amount = formatMoney(order.totalCents);
  const pieces = piecesIn(order.items);
  return {
    title: `Cancel order #${order.number}?`,
    amount: `${amount}, paid with ${PAID_WITH[order.paymentMethod]}`,
    payment: `No refund is made: the store cannot refund payments yet. The customer's ${amount} stays paid until you refund it yourself in your ${PROVIDERS[order.paymentMethod]} account (payment ${order.paymentId}).`,
    stock: `${pieces === 1 ? "The 1 piece goes" : `The ${pieces} pieces go`} back into stock.`,
    customer: "The customer is emailed that the order is cancelled. This cannot be undone.",
    confirm: "Cancel order",
    keep: "Keep order",
  };
}
