/**
 * How many pieces of the chosen size and colour the product page lets the shopper add
 * (docs/product.md §2, product page): what is left of that combination, less what this
 * browser's cart already holds of it, within a line's cap. The page's figure is a courtesy;
 * the cart's and the checkout's checks against the server stay the authority (§4).
 */
import { MAX_QUANTITY, MIN_QUANTITY } from "./cart-rules";
import { type VariantChoice, variantLabel } from "./variants";

export type ChoiceStock =
  /** Size or colour still to choose: any quantity up to a line's cap, checked once the choice is complete. */
  | { state: "open"; max: number }
  /** Some can be added: up to `max` more. */
  | { state: "available"; max: number; left: number; inCart: number }
  /** Nothing left of this combination. */
  | { state: "out-of-stock"; max: 0; left: 0; inCart: number }
  /** Everything left (or a whole line's cap) is in the cart already. */
  | { state: "all-in-cart"; max: 0; left: number; inCart: number };

const wholeAtLeastZero = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0);

/** The state of the shopper's choice, given the combination's stock and the cart's quantity of it. */
export function choiceStock(input: { complete: boolean; stock: number; inCart: number }): ChoiceStock {
  if (!input.complete) return { state: "open", max: MAX_QUANTITY };
  const left = wholeAtLeastZero(input.stock);
  const inCart = wholeAtLeastZero(input.inCart);
  if (left === 0) return { state: "out-of-stock", max: 0, left: 0, inCart };
  const max = Math.min(left, MAX_QUANTITY) - inCart;
  if (max <= 0) return { state: "all-in-cart", max: 0, left, inCart };
  return { state: "available", max, left, inCart };
}

/** The quantity shown and added: the shopper's figure, never above what may be added (and never below 1). */
export function fitQuantity(quantity: number, max: number): number {
  return Math.max(MIN_QUANTITY, Math.min(quantity, max));
}

/** The pieces of one combination a cart holds (one line per product, size and colour; summed all the same). */
export function quantityInCart(
  lines: readonly { productId: string; selectedSize: string | null; color: string | null; quantity: number }[],
  productId: string,
  choice: VariantChoice,
): number {
  return lines
    .filter((line) => line.productId === productId && line.selectedSize === choice.size && line.color === choice.color)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** What the page says under the choice when nothing more can be added; null when something can. */
export function choiceStockNote(stock: ChoiceStock, choice: VariantChoice, justSoldOut: boolean): string | null {
  if (stock.state === "out-of-stock") {
    const name = variantLabel(choice);
    return justSoldOut ? `${name} has just sold out` : `${name} is out of stock`;
  }
  if (stock.state === "all-in-cart") {
    return stock.inCart >= MAX_QUANTITY
      ? `Your cart holds ${MAX_QUANTITY} already, the most one line takes`
      : stock.left === 1
        ? "The last one is in your cart"
        : `All ${stock.left} left are in your cart`;
  }
  if (stock.state === "available" && stock.inCart > 0) return `${stock.inCart} already in your cart`;
  return null;
}
