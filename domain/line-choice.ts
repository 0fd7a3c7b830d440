import { SIZES, type Size } from "./catalog";
import { isUuid } from "./ids";

/**
 * The rules of a line choice (product, size, colour, quantity), without a schema library: the
 * server's schema (`lineChoiceSchema`, domain/checkout-line.ts) is built on these checks, and
 * the browser reads its stored cart with them (domain/cart-storage.ts) without downloading zod
 * (docs/decisions/025-what-the-browser-loads-when.md).
 */

export const MIN_QUANTITY = 1;
/** No shop sells 1,000 dresses in one line; a cap keeps typos and abuse out of the cart. */
export const MAX_QUANTITY = 99;
export const COLOR_MAX = 40;

/** How a refused line choice is worded (the cart's request schema adds its list's own). */
export const lineChoiceMessages = {
  productId: "Product id must be a valid product id",
  quantity: `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}`,
  size: `Size must be one of ${SIZES.join(", ")}`,
  color: `Color must be text of at most ${COLOR_MAX} characters`,
} as const;

/**
 * What a shopper chooses, before validation: the browser's stored cart, an order's line and a
 * checkout's identity all carry these four fields, declared here only. `selectedSize` is the
 * one size field: the product page writes it and the cart and checkout read it
 * (docs/product.md §3 has two readings; this is ours).
 */
export interface LineChoiceInput {
  productId: string;
  selectedSize: string | null;
  color: string | null;
  quantity: number;
}

/** A line's quantity: a whole number (never text) from MIN_QUANTITY to MAX_QUANTITY. */
export function isLineQuantity(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= MIN_QUANTITY && value <= MAX_QUANTITY;
}

/** One of the store's sizes, spelled exactly. */
export function isSize(value: unknown): value is Size {
  return typeof value === "string" && (SIZES as readonly string[]).includes(value);
}

/** A colour name short enough to keep: at most COLOR_MAX characters once trimmed. */
export function isColorText(color: string): boolean {
  return color.trim().length <= COLOR_MAX;
}

/** The colour as a line keeps it: trimmed, and none for nothing or only spaces. */
export function lineColor(color: string | null | undefined): string | null {
  return color?.trim() || null;
}

/**
 * A line choice checked by these rules, with its size and colour normalised as the schema
 * does (missing is null, the colour trimmed); anything else of the value is left out. Null
 * when a rule refuses it.
 */
export function readLineChoice(value: unknown): (LineChoiceInput & { selectedSize: Size | null }) | null {
  if (typeof value !== "object" || value === null) return null;
  const { productId, selectedSize, color, quantity } = value as Record<string, unknown>;
  if (!isUuid(productId) || !isLineQuantity(quantity)) return null;
  if (selectedSize != null && !isSize(selectedSize)) return null;
  if (color != null && (typeof color !== "string" || !isColorText(color))) return null;
  return {
    productId,
    selectedSize: selectedSize ?? null,
    color: lineColor(color as string | null | undefined),
    quantity,
  };
}
