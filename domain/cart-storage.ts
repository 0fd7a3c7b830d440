import { addLine, type CartLine } from "./cart";
import { MAX_IMAGES_PER_PRODUCT } from "./catalog";
import { type LineChoiceInput, readLineChoice } from "./line-choice";

/**
 * The cart kept in this browser's localStorage (app/lib/cart.ts), read with the line choice's
 * own rules (domain/line-choice.ts) and no schema library, because every page shows the cart's
 * count (docs/decisions/025-what-the-browser-loads-when.md). The server checks every line again
 * when it prices the cart.
 */

const TITLE_MAX = 500;
const PRICE_MAX_CENTS = 1_000_000_000;
const IMAGE_URL_MAX = 2048;
const DESCRIPTION_MAX = 10_000;

const isShortText = (value: unknown, max: number): value is string => typeof value === "string" && value.length <= max;

/** One stored line: the line choice's fields and the copy shown in the cart; null when anything is off. */
function readStoredLine(value: unknown): CartLine | null {
  const choice = readLineChoice(value);
  if (!choice) return null;
  const { title, priceCents, imageUrls, description } = value as Record<string, unknown>;
  if (!isShortText(title, TITLE_MAX)) return null;
  if (typeof priceCents !== "number" || !Number.isInteger(priceCents) || priceCents < 0 || priceCents > PRICE_MAX_CENTS)
    return null;
  if (
    !Array.isArray(imageUrls) ||
    imageUrls.length > MAX_IMAGES_PER_PRODUCT ||
    !imageUrls.every((url) => isShortText(url, IMAGE_URL_MAX))
  ) {
    return null;
  }
  if (description !== undefined && !isShortText(description, DESCRIPTION_MAX)) return null;
  const line: CartLine = { ...choice, title, priceCents, imageUrls: [...imageUrls] };
  if (description !== undefined) line.description = description;
  return line;
}

/**
 * The cart kept in localStorage, read defensively: anything that is not our JSON array
 * (corrupt, edited by hand, written by another app) is an empty cart; a bad line is dropped;
 * repeated lines are merged; at most MAX_CART_LINES are kept.
 */
export function parseStoredCart(raw: string | null | undefined): CartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  let lines: CartLine[] = [];
  for (const item of value) {
    const line = readStoredLine(item);
    if (!line) continue;
    try {
      lines = addLine(lines, line);
    } catch {
      break;
    }
  }
  return lines;
}

/** The request lines of a stored cart: what the server needs, nothing it must not trust. */
export function toRequestLines(lines: readonly CartLine[]): LineChoiceInput[] {
  return lines.map(({ productId, selectedSize, color, quantity }) => ({ productId, selectedSize, color, quantity }));
}
