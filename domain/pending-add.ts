/**
 * A visitor's "Add to cart" waiting for the login (docs/product.md §4 "Cart"): the product page
 * sends the visitor to /login with a way back that carries the choice, and the product page adds
 * it once the shopper is signed in. The `add` token makes it happen once: a reload, Back or the
 * same link again finds the token already used (decision 050).
 */
import { isUuid } from "./ids";
import { isColorText, isSize, lineColor, MAX_QUANTITY, MIN_QUANTITY } from "./line-choice";

export interface PendingAdd {
  productId: string;
  selectedSize: string | null;
  color: string | null;
  quantity: number;
  /** Random, from the page that asked; at most one use. */
  token: string;
}

const TOKEN = /^[A-Za-z0-9_-]{8,64}$/;

/** The product page's address that adds `choice` once its visitor has signed in. */
export function pendingAddPath(choice: Omit<PendingAdd, "token">, token: string): string {
  const query = new URLSearchParams();
  if (choice.selectedSize) query.set("size", choice.selectedSize);
  if (choice.color) query.set("color", choice.color);
  query.set("quantity", String(choice.quantity));
  query.set("add", token);
  return `/product/${encodeURIComponent(choice.productId)}?${query}`;
}

/**
 * The pending add of a product page's address, or null when it has none or anything in it is
 * off (a size the store does not sell, a quantity that is not a whole number, a bad token).
 * A quantity above the cap is capped; whether the product offers the size and colour, and has
 * them in stock, is the server's check.
 */
export function readPendingAdd(productId: string, query: URLSearchParams): PendingAdd | null {
  const token = query.get("add");
  if (token === null || !TOKEN.test(token) || !isUuid(productId)) return null;
  const size = query.get("size");
  const color = query.get("color");
  const quantityText = query.get("quantity") ?? "1";
  if (size !== null && !isSize(size)) return null;
  if (color !== null && !isColorText(color)) return null;
  if (!/^\d{1,6}$/.test(quantityText)) return null;
  const quantity = Number(quantityText);
  if (quantity < MIN_QUANTITY) return null;
  return {
    productId,
    selectedSize: size,
    color: lineColor(color),
    quantity: Math.min(quantity, MAX_QUANTITY),
    token,
  };
}

/** The product page's address without the pending add, where the shopper lands once it is done. */
export function withoutPendingAdd(pathname: string, query: URLSearchParams): string {
  const rest = new URLSearchParams(query);
  rest.delete("add");
  const search = rest.toString();
  return search ? `${pathname}?${search}` : pathname;
}
