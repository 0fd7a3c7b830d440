import type { LineChoiceInput, LineProblem } from "./checkout-line";
import { messages } from "./messages";

/**
 * Texts of the payment path that docs/product.md §8 does not have (sold out while paying,
 * refunds, unknown payments). The texts of docs/product.md §8 stay in messages.ts and are used from there.
 */
export const paymentMessages = {
  signInRequired: messages.checkout.notLoggedIn,
  selectShipping: messages.checkout.selectShipping,
  selectBilling: "Please select a billing address",
  addressNotFound: "Address not found",
  unavailable: "Some items in your cart are not available as chosen. Please review your cart.",
  soldOutNotCharged: "Sorry, an item in your order sold out while you were paying. Your PayPal payment was not taken.",
  soldOutRefunded: "Sorry, an item in your order sold out while you were paying. Your payment has been refunded.",
  amountMismatchRefunded: "The payment did not match your order total, so it has been refunded. Please try again.",
  refunded: "This payment was refunded.",
  walletOrderNotFound: "PayPal order not found",
  paidElsewhere: "This PayPal payment was not made to this store, so it was not recorded.",
  paypalRefused: "PayPal could not start this payment. Please try again, or pay by card.",
  sessionNotFound: "Payment session not found",
  sessionExpired: "This payment session has expired. Please start again from your cart.",
  sessionNotPaid: "This payment has not been completed.",
  alreadyPaid: "This payment has already been made, so it cannot be cancelled. Your order is placed.",
  cartAlreadyPaid: "This cart has just been paid. You can find the order in My Orders.",
  paymentInProgress: "A payment for this cart is being processed. Please wait a moment before trying again.",
  supersededRefunded: "This payment was for a checkout you had already started again, so it has been refunded.",
  duplicateRefunded: "This order was already paid, so this second payment has been refunded.",
  checkoutReplaced: "This checkout was started again elsewhere. Please use the newest one.",
  tooManyStarts: "Too many payment attempts. Please wait a minute and try again.",
  orderIdRequired: "A PayPal order id is required",
  providerUnavailable: (provider: "PayPal" | "Stripe") =>
    `${provider} is not answering right now. Please try again in a moment.`,
  webhookInvalid: "Invalid webhook signature",
} as const;

/**
 * How an order paid through the built-in sandbox is marked wherever it is shown (admin cards,
 * the Overview, My Orders, e-mails): nobody should mistake it for money received.
 */
export const sandboxOrderMessages = {
  badge: "Sandbox",
  payment: "Sandbox payment: no real money was taken.",
  emailLine: "This order was paid in the sandbox of this store: no real money was taken.",
  subjectSuffix: " (sandbox, no real money)",
  revenueApart: (amount: string, orders: number) =>
    `Sandbox orders are not counted: ${amount} over ${orders} ${orders === 1 ? "order" : "orders"}, no real money.`,
  ordersIncluding: (orders: number) => `Including ${orders} sandbox ${orders === 1 ? "order" : "orders"}.`,
} as const;

/** One sentence per cart line the server refused, for the checkout page. */
export function lineProblemMessage(
  line: Pick<LineChoiceInput, "selectedSize" | "color"> & { title: string; stockCount: number; problem: LineProblem },
): string {
  const title = line.title || "An item in your cart";
  switch (line.problem) {
    case "not_found":
      return "An item in your cart is no longer available.";
    case "out_of_stock":
      return `${title} is out of stock.`;
    case "insufficient_stock":
      return `Only ${line.stockCount} of ${title} left in stock.`;
    case "invalid_size":
      return line.selectedSize
        ? `${title} is not available in size ${line.selectedSize}.`
        : `Please choose a size for ${title}.`;
    case "invalid_color":
      return line.color ? `${title} is not available in ${line.color}.` : `Please choose a color for ${title}.`;
  }
}
