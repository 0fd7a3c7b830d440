import {
  type Category,
  CATEGORIES,
  categoryFromSlug,
  categorySlug,
  MAX_PAGE_LIMIT,
  MAX_SEARCH_LENGTH,
  PAGE_SIZE,
  type Size,
  SIZES,
  type Sort,
  SORTS,
} from "./catalog";

/** What the home grid shows, parsed from the address bar. Any bad value falls back to a default. */
export interface ListingQuery {
  limit: number;
  category?: Category;
  q?: string;
  sort: Sort;
  /** Only products with this size in stock. */
  size?: Size;
  /** Only products in this colour (its name folded to lower case: "navy", "white/green"). */
  color?: string;
  /** A price range in whole dollars, each end included (`min`, `max` in the address). */
  minDollars?: number;
  maxDollars?: number;
}

/** The price ranges the filters offer, in whole dollars (docs/product.md, "Search and filters"). */
export const PRICE_RANGES: readonly { min?: number; max?: number; label: string }[] = [
  { max: 50, label: priceRangeLabel(undefined, 50) },
  { min: 50, max: 100, label: priceRangeLabel(50, 100) },
  { min: 100, max: 200, label: priceRangeLabel(100, 200) },
  { min: 200, label: priceRangeLabel(200, undefined) },
];
export const MAX_PRICE_DOLLARS = 1_000_000;

/** A price range as the filters write it: from `min` (included) to under `max` dollars. */
export function priceRangeLabel(min: number | undefined, max: number | undefined): string {
  if (min != null && max != null) return `$${min} – $${max}`;
  if (max != null) return `Under $${max}`;
  return `$${min ?? 0} and over`;
}
export const MAX_COLOR_LENGTH = 40;

/** A whole number of dollars from the address bar, or nothing ("abc", "-5", "1e99" are nothing). */
export function parseDollars(raw: string | null | undefined): number | undefined {
  if (raw == null || !/^\d{1,7}$/.test(raw.trim())) return undefined;
  const n = Number(raw.trim());
  return n <= MAX_PRICE_DOLLARS ? n : undefined;
}

/** A colour name as the filter compares it: folded to lower case, spaces tidied; nothing when unusable. */
export function normalizeColor(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const c = raw
    .replace(/\p{Cc}/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
  return c && c.length <= MAX_COLOR_LENGTH ? c : undefined;
}

/** Whether any filter or search narrows the grid (the brief's newest-first grid is the one without). */
export function isFiltered(query: ListingQuery): boolean {
  return Boolean(
    query.q || query.category || query.size || query.color || query.minDollars != null || query.maxDollars != null,
  );
}

/**
 * The number of products to show: a multiple of the page size between one page and
 * MAX_PAGE_LIMIT. "abc", "-5", "1e9" or "100000" never reach the database as such.
 */
export function clampLimit(raw: string | null | undefined): number {
  const n = raw == null || raw.trim() === "" ? Number.NaN : Number(raw);
  if (!Number.isFinite(n) || n < PAGE_SIZE) return PAGE_SIZE;
  const pages = Math.ceil(Math.floor(n) / PAGE_SIZE);
  return Math.min(pages * PAGE_SIZE, MAX_PAGE_LIMIT);
}

export function normalizeSearch(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  // Control characters (a NUL byte among them, which PostgreSQL refuses in text) are spaces.
  const q = raw
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH)
    .trim();
  return q === "" ? undefined : q;
}

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const sortParam = params.get("sort");
  const category = categoryFromSlug(params.get("category"));
  return {
    limit: clampLimit(params.get("limit")),
    // Pants is only offered on the edit screen; the shop's filter keeps to the six shop categories.
    category: category && (CATEGORIES as readonly string[]).includes(category) ? category : undefined,
    q: normalizeSearch(params.get("q")),
    sort: (SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as Sort) : "newest",
    size: SIZES.find((s) => s === params.get("size")?.toUpperCase()),
    color: normalizeColor(params.get("color")),
    ...priceRange(parseDollars(params.get("min")), parseDollars(params.get("max"))),
  };
}

/** A range whose ends are the wrong way round is read the right way round. */
function priceRange(min: number | undefined, max: number | undefined): Pick<ListingQuery, "minDollars" | "maxDollars"> {
  if (min != null && max != null && min > max) return { minDollars: max, maxDollars: min };
  return { minDollars: min, maxDollars: max };
}

/**
 * What a navigation from one listing to another does to the grid: "more" when only the number
 * shown grows (Load more: the cards on show stay, the next ones are added), "new" when the
 * category, search or sort changes, or fewer are asked for (the grid is replaced, and dims while
 * it loads: docs/product.md §11).
 */
export function listingChange(current: ListingQuery, next: ListingQuery): "more" | "new" {
  const same =
    current.category === next.category &&
    current.q === next.q &&
    current.sort === next.sort &&
    current.size === next.size &&
    current.color === next.color &&
    current.minDollars === next.minDollars &&
    current.maxDollars === next.maxDollars;
  return same && next.limit > current.limit ? "more" : "new";
}

/** The canonical query string for a listing; defaults are left out so URLs stay short. */
export function listingSearch(query: Partial<ListingQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", categorySlug(query.category));
  if (query.size) params.set("size", query.size);
  if (query.color) params.set("color", query.color);
  if (query.minDollars != null) params.set("min", String(query.minDollars));
  if (query.maxDollars != null) params.set("max", String(query.maxDollars));
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.limit && query.limit > PAGE_SIZE) params.set("limit", String(query.limit));
  const s = params.toString();
  return s ? `?${s}` : "";
}
