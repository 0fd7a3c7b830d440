/**
 * "Notify me" for a sold-out size and colour (docs/decisions/061-stock-alerts.md, docs/product.md
 * "Stock alerts"): who may ask, how many requests may wait, which address the e-mail links to.
 * The server (server/catalog/stock-alerts.ts) is the authority; the product page shows the
 * button by the same rule.
 */
import { isColorText, isSize, lineColor } from "./line-choice";
import { MAX_WAITING_ALERTS } from "./stock-alert-texts";
import { type VariantChoice, variantChoices, variantKey } from "./variants";

export { MAX_WAITING_ALERTS, stockAlertTexts, waitingWords } from "./stock-alert-texts";

/** Spent requests are kept this long (the profile no longer shows them), then housekeeping deletes them. */
export const SPENT_ALERT_RETENTION_DAYS = 30;

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
