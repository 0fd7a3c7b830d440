/**
 * "Notify me" for a sold-out size and colour (docs/decisions/061-stock-alerts.md, docs/product.md
 * "Stock alerts"): who may ask, how many requests may wait, which address the e-mail links to.
 * The server (server/catalog/stock-alerts.ts) is the authority; the product page shows the
 * button by the same rule.
 */
import { isColorText, isSize, lineColor } from "./line-choice";
import { type VariantChoice, variantChoices, variantKey } from "./variants";

/** A shopper may have this many requests waiting at once. */
export const MAX_WAITING_ALERTS = 50;

/** Spent requests are kept this long (the profile no longer shows them), then housekeeping deletes them. */
export const SPENT_ALERT_RETENTION_DAYS = 30;

export const stockAlertTexts = {
  button: "Notify me",
  waiting: "We will email you when it is back in stock.",
  created: "We will email you when it is back in stock.",
  cancelled: "Stock alert cancelled.",
  loginRequired: "Please log in to get stock alerts.",
  unverified: "Please verify your email to get stock alerts.",
  inStock: "This size and color is in stock: add it to your cart.",
  notOffered: "This product does not come in that size or color.",
  limit: `You have ${MAX_WAITING_ALERTS} stock alerts waiting, the most we keep. Cancel one on your profile to ask for another.`,
  failure: "Could not set the stock alert. Please try again.",
  unsubscribed: "Your stock alerts are cancelled. We will not email you about them again.",
} as const;

export type AlertRefusal = "unverified" | "notOffered" | "inStock" | "limit";

export interface AlertRequestFacts {
  emailVerified: boolean;
  /** The product offers this size and colour (one of its variant choices). */
  offered: boolean;
  /** Pieces of the combination now. */
  stock: number;
  /** The shopper's requests waiting now, all products. */
  waiting: number;
  /** The shopper waits for this combination already. */
  alreadyWaiting: boolean;
}

/**
 * What a "Notify me" gets: a new request ("create"), nothing new because it waits already
 * ("exists": pressing twice is harmless), or a refusal. The order of the checks is the order of
 * the messages a shopper would want: an unverified address first (nothing could be sent), then a
 * choice the product does not have, then a combination that can be bought now, then the limit.
 */
export function decideAlertRequest(facts: AlertRequestFacts): "create" | "exists" | AlertRefusal {
  if (!facts.emailVerified) return "unverified";
  if (!facts.offered) return "notOffered";
  if (facts.stock > 0) return "inStock";
  if (facts.alreadyWaiting) return "exists";
  if (facts.waiting >= MAX_WAITING_ALERTS) return "limit";
  return "create";
}

/** Whether the product page offers "Notify me": a whole choice (every dimension chosen) with nothing left. */
export function canAskForAlert(complete: boolean, stock: number): boolean {
  return complete && stock <= 0;
}

/** A size or colour as the table keeps it: '' for a dimension the product does not have. */
export const storedPart = (part: string | null): string => part ?? "";
export const choicePart = (stored: string): string | null => (stored === "" ? null : stored);

/** Whether `choice` is one of the product's combinations. */
export function offersChoice(sizes: readonly string[], colors: readonly string[], choice: VariantChoice): boolean {
  const key = variantKey(choice);
  return variantChoices(sizes, colors).some((offered) => variantKey(offered) === key);
}

/** The product page with the size and colour chosen: the link of the restock e-mail and the way back from the login. */
export function productChoicePath(productId: string, choice: VariantChoice): string {
  const query = new URLSearchParams();
  if (choice.size) query.set("size", choice.size);
  if (choice.color) query.set("color", choice.color);
  const search = query.toString();
  return `/product/${encodeURIComponent(productId)}${search ? `?${search}` : ""}`;
}

/**
 * The choice a product page's address carries (?size=M&color=Black), kept only when the product
 * offers it: the page starts with it chosen. Anything else is left unchosen.
 */
export function choiceFromQuery(
  sizes: readonly string[],
  colors: readonly string[],
  query: URLSearchParams,
): { size: string | null; color: string | null } {
  const size = query.get("size");
  const color = lineColor(query.get("color"));
  return {
    size: size !== null && isSize(size) && sizes.includes(size) ? size : null,
    color: color !== null && isColorText(color) && colors.includes(color) ? color : null,
  };
}

/** The Overview's words for the shoppers waiting for a variant. */
export function waitingWords(waiting: number): string {
  return waiting === 1 ? "1 waiting" : `${waiting} waiting`;
}
