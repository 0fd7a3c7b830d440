/** Catalogue constants of docs/product.md §9. */

export const CATEGORIES = ["Dress", "2-piece", "Children Collection", "Jackets", "Shoes", "Accessories"] as const;
/** The edit screen additionally offers Pants (docs/product.md §9). */
export const EDIT_CATEGORIES = [...CATEGORIES, "Pants"] as const;
export type Category = (typeof EDIT_CATEGORIES)[number];

export const SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export type Size = (typeof SIZES)[number];

export const PAGE_SIZE = 12;
export const MAX_PAGE_LIMIT = 96;
export const MAX_IMAGES_PER_PRODUCT = 5;
export const MAX_SEARCH_LENGTH = 100;

export const SORTS = ["newest", "price-asc", "price-desc"] as const;
export type Sort = (typeof SORTS)[number];

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && (EDIT_CATEGORIES as readonly string[]).includes(value);
}

/** Sizes in the catalogue's canonical order, unknown values dropped, duplicates removed. */
export function normalizeSizes(values: readonly unknown[]): Size[] {
  return SIZES.filter((size) => values.includes(size));
}

export function stockLabel(stockCount: number): "In Stock" | "Out of Stock" {
  return stockCount > 0 ? "In Stock" : "Out of Stock";
}

/** URL slug for a category, so filters read well in the address bar. */
export function categorySlug(category: Category): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function categoryFromSlug(slug: string | null | undefined): Category | undefined {
  if (!slug) return undefined;
  return EDIT_CATEGORIES.find((c) => categorySlug(c) === slug.toLowerCase());
}
