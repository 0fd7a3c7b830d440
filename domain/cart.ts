/**
 * The cart's rules (docs/product.md §3, §4 and §9): one line per product, size and colour, whole
 * quantities from 1 to 99, and the summary totals in integer cents. Pure, so the browser's
 * cart and the server's pricing run the very same code.
 */
import { MAX_QUANTITY, parseQuantity } from "./cart-rules";
import type { LineChoiceInput, QuotedLine, Totals } from "./checkout-line";

export { MAX_QUANTITY };

/** Versioned, so a later shape can ignore (or migrate) what an older release stored. */
export const CART_STORAGE_KEY = "cart:v1";
/** Keeps a stored cart, and a request made from it, small. */
export const MAX_CART_LINES = 50;

/** docs/product.md §9: tax is 10 % of the subtotal; shipping is a flat 0.10 dollars for a non-empty cart. */
export const TAX_PERCENT = 10;
export const SHIPPING_CENTS = 10;

/**
 * A line as the browser keeps it: the shopper's choice (domain/checkout-line.ts) and a copy of
 * the title, price and images for display; the server prices from the database.
 */
export interface CartLine extends LineChoiceInput {
  title: string;
  priceCents: number;
  imageUrls: string[];
  description?: string;
}

/** A line the server priced, as the browser keeps it: the catalogue's title, price and pictures. */
export function cartLineFromQuote(line: QuotedLine): CartLine {
  return {
    productId: line.productId,
    selectedSize: line.selectedSize,
    color: line.color,
    quantity: line.quantity,
    title: line.title,
    priceCents: line.unitPriceCents,
    imageUrls: line.imageUrls,
  };
}

/** Adding a line would go past MAX_CART_LINES. */
export class CartFullError extends Error {
  constructor() {
    super(`A cart holds at most ${MAX_CART_LINES} different items`);
    this.name = "CartFullError";
  }
}

/** Identifies a line: the same product in another size or colour is another line. */
export function lineKey(line: Pick<CartLine, "productId" | "selectedSize" | "color">): string {
  return JSON.stringify([line.productId, line.selectedSize ?? null, line.color ?? null]);
}

const sameLine = (a: Pick<CartLine, "productId" | "selectedSize" | "color">, b: typeof a) => lineKey(a) === lineKey(b);

/**
 * Adds a line; the same product, size and colour adds to the existing quantity (capped at
 * MAX_QUANTITY) and takes the newer title, price and pictures. Throws CartFullError when
 * a new line would not fit.
 */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const incoming: CartLine = {
    ...line,
    selectedSize: line.selectedSize ?? null,
    color: line.color ?? null,
    quantity: parseQuantity(line.quantity),
  };
  const index = lines.findIndex((existing) => sameLine(existing, incoming));
  if (index === -1) {
    if (lines.length >= MAX_CART_LINES) throw new CartFullError();
    return [...lines, incoming];
  }
  const merged = { ...incoming, quantity: Math.min(lines[index].quantity + incoming.quantity, MAX_QUANTITY) };
  return lines.map((existing, i) => (i === index ? merged : existing));
}

/** Sets one line's quantity: never below 1, a non-number becomes 1, at most MAX_QUANTITY (docs/product.md §4). */
export function setQuantity(lines: readonly CartLine[], key: string, quantity: unknown): CartLine[] {
  const q = parseQuantity(quantity);
  return lines.map((line) => (lineKey(line) === key ? { ...line, quantity: q } : line));
}

/**
 * Removes the lines of a product; when a size is given, only that size (docs/product.md §4),
 * and when a colour is given too, only that colour.
 */
export function removeLine(
  lines: readonly CartLine[],
  productId: string,
  size?: string | null,
  color?: string | null,
): CartLine[] {
  return lines.filter(
    (line) =>
      !(
        line.productId === productId &&
        (size === undefined || line.selectedSize === size) &&
        (color === undefined || line.color === color)
      ),
  );
}

/** The number on the cart badge: pieces, not lines. */
export function cartItemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The lines that count: those the server has not found unbuyable as they are (sold out, too
 * few left, a size or colour gone). The badge, the 'Subtotal (N items)' label and the totals
 * all count these, so they always agree; the others stay in the cart, marked, until removed.
 */
export function countedLines<L extends Pick<CartLine, "productId" | "selectedSize" | "color">>(
  lines: readonly L[],
  unavailable: ReadonlySet<string>,
): L[] {
  return unavailable.size === 0 ? [...lines] : lines.filter((line) => !unavailable.has(lineKey(line)));
}

/** The cart's totals are the checkout line's (domain/checkout-line.ts). */
export type CartTotals = Totals;

/** 10 % of the subtotal, half a cent and more rounded up. Integer arithmetic: no float drift. */
export function taxFor(subtotalCents: number): number {
  return Math.floor((subtotalCents * TAX_PERCENT + 50) / 100);
}

/**
 * The order summary of docs/product.md §9, in integer cents. The one function the cart page,
 * the checkout page and the payment server all use.
 */
export function cartTotals(lines: readonly { priceCents: number; quantity: number }[]): CartTotals {
  let subtotalCents = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.priceCents) || line.priceCents < 0) {
      throw new RangeError(`Invalid price in cents: ${line.priceCents}`);
    }
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`Invalid quantity: ${line.quantity}`);
    }
    subtotalCents += line.priceCents * line.quantity;
  }
  const taxCents = taxFor(subtotalCents);
  const shippingCents = lines.length > 0 ? SHIPPING_CENTS : 0;
  return { subtotalCents, taxCents, shippingCents, totalCents: subtotalCents + taxCents + shippingCents };
}
