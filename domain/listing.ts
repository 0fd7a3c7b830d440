import {
  type Category,
  CATEGORIES,
  categoryFromSlug,
  categorySlug,
  MAX_PAGE_LIMIT,
  MAX_SEARCH_LENGTH,
  PAGE_SIZE,
  type Sort,
  SORTS,
} from "./catalog";

/** What the home grid shows, parsed from the address bar. Any bad value falls back to a default. */
export interface ListingQuery {
  limit: number;
  category?: Category;
  q?: string;
  sort: Sort;
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
  const q = raw.replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH);
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
  };
}

/**
 * What a navigation from one listing to another does to the grid: "more" when only the number
 * shown grows (Load more: the cards on show stay, the next ones are added), "new" when the
 * category, search or sort changes, or fewer are asked for (the grid is replaced, and dims while
 * it loads: docs/product.md §11).
 */
export function listingChange(current: ListingQuery, next: ListingQuery): "more" | "new" {
  const same = current.category === next.category && current.q === next.q && current.sort === next.sort;
  return same && next.limit > current.limit ? "more" : "new";
}

/** The canonical query string for a listing; defaults are left out so URLs stay short. */
export function listingSearch(query: Partial<ListingQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", categorySlug(query.category));
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.limit && query.limit > PAGE_SIZE) params.set("limit", String(query.limit));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * Words of a search turned into a prefix full-text query ("flor dres" -> "flor:* & dres:*").
 * Only letters and digits survive, so nothing the shopper types can change the query's syntax.
 */
export function toPrefixTsQuery(q: string): string | undefined {
  const words = q
    .normalize("NFKC")
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  if (!words || words.length === 0) return undefined;
  return words
    .slice(0, 8)
    .map((w) => `${w}:*`)
    .join(" & ");
}
