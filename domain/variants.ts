import type { Size } from "./catalog";

/**
 * Stock per variant (docs/decisions/032-stock-per-variant.md). A variant is one combination of
 * a product's sizes and colours; a product with only sizes (or only colours) leaves the other
 * null, a product with neither has one variant (null, null). Lines name a variant by the size
 * and colour they carry.
 */

/** 'Only N left' is shown, and the products table marks "Low stock", at or below this many pieces. */
export const LOW_STOCK_THRESHOLD = 3;
export const SKU_MAX = 40;

export interface VariantStock {
  size: Size | null;
  color: string | null;
  stock: number;
  sku: string | null;
}

/** Which variant: a size and a colour, either null. */
export interface VariantChoice {
  size: string | null;
  color: string | null;
}

/** A stable text key of a variant, for maps and form cells. */
export function variantKey(choice: VariantChoice): string {
  return JSON.stringify([choice.size, choice.color]);
}

/**
 * Every combination of a product's sizes and colours, sizes first, in their given order (the
 * catalogue's XS…XXL for sizes, the product's order for colours); repeated names count once.
 */
export function variantChoices<S extends string>(
  sizes: readonly S[],
  colors: readonly string[],
): { size: S | null; color: string | null }[] {
  const sizeList: (S | null)[] = sizes.length ? [...new Set(sizes)] : [null];
  const colorList: (string | null)[] = colors.length ? [...new Set(colors)] : [null];
  return sizeList.flatMap((size) => colorList.map((color) => ({ size, color })));
}

/**
 * The migration rule: `total` pieces spread over the product's variants in order, each getting
 * floor(total / k) and the first total mod k one more, so the sum is `total` exactly.
 */
export function spreadStock<S extends string>(
  total: number,
  sizes: readonly S[],
  colors: readonly string[],
): { size: S | null; color: string | null; stock: number }[] {
  const choices = variantChoices(sizes, colors);
  const each = Math.floor(total / choices.length);
  const extra = total % choices.length;
  return choices.map((choice, i) => ({ ...choice, stock: each + (i < extra ? 1 : 0) }));
}

/** The stock of one combination; a combination the product has no variant for has none. */
export function stockOfChoice(variants: readonly (VariantChoice & { stock: number })[], choice: VariantChoice): number {
  const key = variantKey(choice);
  return variants.find((variant) => variantKey(variant) === key)?.stock ?? 0;
}

/** Sum of the variants' stock: the product's `stockCount`. */
export function totalStock(variants: readonly { stock: number }[]): number {
  return variants.reduce((sum, variant) => sum + variant.stock, 0);
}

/**
 * The sizes the shopper cannot pick: with a colour chosen, those sold out in that colour;
 * with none (or a product without colours), those sold out in every colour.
 */
export function soldOutSizes<S extends string>(
  variants: readonly (VariantChoice & { stock: number })[],
  sizes: readonly S[],
  colors: readonly string[],
  chosenColor: string | null,
): S[] {
  const inColors =
    chosenColor !== null && colors.includes(chosenColor) ? [chosenColor] : colors.length ? colors : [null];
  return sizes.filter((size) => inColors.every((color) => stockOfChoice(variants, { size, color }) <= 0));
}

/** The colours the shopper cannot pick: sold out in the chosen size, or in every size when none is chosen. */
export function soldOutColors(
  variants: readonly (VariantChoice & { stock: number })[],
  sizes: readonly string[],
  colors: readonly string[],
  chosenSize: string | null,
): string[] {
  const inSizes = chosenSize !== null && sizes.includes(chosenSize) ? [chosenSize] : sizes.length ? sizes : [null];
  return colors.filter((color) => inSizes.every((size) => stockOfChoice(variants, { size, color }) <= 0));
}

/** 'Only 2 left' for a chosen combination that is running out; nothing otherwise. */
export function lowStockMessage(stock: number): string | null {
  return stock >= 1 && stock <= LOW_STOCK_THRESHOLD ? `Only ${stock} left` : null;
}

/** The products table's mark: "Out of Stock" when nothing is left, "Low stock" when some variant is at or below the threshold. */
export function stockMark(total: number, lowestStock: number): "Out of Stock" | "Low stock" | "In Stock" {
  if (total <= 0) return "Out of Stock";
  return lowestStock <= LOW_STOCK_THRESHOLD ? "Low stock" : "In Stock";
}

/** A variant's name for people: "M, Cognac", "M", "Cognac", or "One size" for a product with neither. */
export function variantLabel(choice: VariantChoice): string {
  return [choice.size, choice.color].filter((part) => part !== null).join(", ") || "One size";
}

/** A cell whose stock changed while the administrator had the form open, and they changed it too. */
export interface StockConflict {
  choice: VariantChoice;
  /** What the form showed when it was loaded. */
  seen: number;
  /** The stock now, after the sales, returns or other saves since then. */
  now: number;
}

/**
 * The stock grid saved over what happened since the form was loaded (decision 035). `seen` holds,
 * by variantKey, the stock each cell showed when the form was loaded; `current` is the stock now.
 * A cell the administrator left as it was keeps the stock now (sales since are not undone); a
 * cell they changed takes their figure if nobody else changed it meanwhile (or changed it to the
 * same figure), and is a conflict if somebody did. A cell with no `seen` figure (new size or colour, or a caller without one, such as
 * the CSV import) takes the figure given.
 */
export function rebaseStockEdit<V extends VariantChoice & { stock: number }>(
  submitted: readonly V[],
  seen: Readonly<Record<string, number>>,
  current: readonly (VariantChoice & { stock: number })[],
): { variants: V[] } | { conflicts: StockConflict[] } {
  const now = new Map(current.map((variant) => [variantKey(variant), variant.stock]));
  const conflicts: StockConflict[] = [];
  const variants = submitted.map((variant) => {
    const key = variantKey(variant);
    const before = seen[key];
    const stockNow = now.get(key);
    if (before === undefined || stockNow === undefined || stockNow === before || variant.stock === stockNow)
      return variant;
    if (variant.stock === before) return { ...variant, stock: stockNow };
    conflicts.push({ choice: { size: variant.size, color: variant.color }, seen: before, now: stockNow });
    return variant;
  });
  return conflicts.length ? { conflicts } : { variants };
}
