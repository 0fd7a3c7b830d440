/** Cart rules the product page needs before anything is written (docs/product.md §4 and §5). */
import { type LineChoiceInput, MAX_QUANTITY, MIN_QUANTITY } from "./line-choice";

/** A line's quantity bounds are part of the line choice (domain/line-choice.ts). */
export { MAX_QUANTITY, MIN_QUANTITY };

/**
 * A quantity as typed by the shopper: a whole number from 1 to 99. Anything that is not a
 * number, or is below 1, becomes 1 (docs/product.md §4); decimals are cut to whole pieces and
 * anything above the cap becomes the cap.
 */
export function parseQuantity(raw: unknown): number {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return MIN_QUANTITY;
  const n = Math.trunc(Number(text));
  if (!Number.isFinite(n) || n < MIN_QUANTITY) return MIN_QUANTITY;
  return Math.min(n, MAX_QUANTITY);
}

/** The product page's choice so far: the line's size, and a colour still to match by name. */
export interface CartChoice extends Pick<LineChoiceInput, "selectedSize"> {
  sizes: readonly string[];
  colors: readonly { name: string }[];
  selectedColor: string | null;
}

export type CartChoiceProblem = "selectSize" | "selectColor";

/**
 * What is still missing before this product can go into the cart, size first (docs/product.md §5).
 * A choice the product does not offer counts as no choice, so a stale or forged value never passes.
 */
export function missingChoice(choice: CartChoice): CartChoiceProblem | null {
  if (choice.sizes.length > 0 && (!choice.selectedSize || !choice.sizes.includes(choice.selectedSize)))
    return "selectSize";
  if (
    choice.colors.length > 0 &&
    (!choice.selectedColor || !choice.colors.some((color) => color.name === choice.selectedColor))
  ) {
    return "selectColor";
  }
  return null;
}
