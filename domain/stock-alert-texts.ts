/**
 * The words of "Notify me" (docs/product.md "Stock alerts", docs/wording.md), in a module with no
 * imports: the flash catalogue (app/lib/flash.ts) and the product page take them without the rules.
 */

/** A shopper may have this many requests waiting at once. */
export const MAX_WAITING_ALERTS = 50;

export const stockAlertTexts = {
  button: "Notify me",
  login: "Login to get stock alerts",
  waiting: "We will email you when it is back in stock.",
  created: "We will email you when it is back in stock.",
  cancelled: "Stock alert cancelled.",
  loginRequired: "Please log in to get stock alerts.",
  unverified: "Please verify your email to get stock alerts.",
  inStock: "This size and color is in stock: add it to your cart.",
  notOffered: "This product does not come in that size or color.",
  limit: `You have ${MAX_WAITING_ALERTS} stock alerts waiting, the most we keep. Cancel one on your profile to ask for another.`,
  failure: "Could not set the stock alert. Please try again.",
  tooMany: "Too many stock alert changes. Please try again in a few minutes.",
  unsubscribeTitle: "Stop stock alerts",
  unsubscribeAsk: "Cancel every stock alert you have waiting? You will get no more back-in-stock emails for them.",
  unsubscribeButton: "Stop my stock alerts",
  unsubscribed: "Your waiting stock alerts are cancelled. You will get no more back-in-stock emails for them.",
  badLink: "This link is not valid. You can cancel stock alerts on your profile.",
} as const;

/** The Overview's words for the shoppers waiting for a variant. */
export function waitingWords(waiting: number): string {
  return waiting === 1 ? "1 waiting" : `${waiting} waiting`;
}
