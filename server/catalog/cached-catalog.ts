import type { ListingQuery } from "../../domain/listing";
import type { ListingFacets, ProductDetail, ProductPage, SearchSuggestions } from "../../domain/views";
import { createNoticeCache, type NoticeSource } from "../events/notice-cache";
import type { CatalogService } from "./service";

/**
 * Bounds of the catalogue data cache: entries (a product list page is a few kilobytes, a
 * product a few hundred bytes, so 1,000 entries stay within a few megabytes) and their age.
 */
export const CATALOG_CACHE_LIMITS = { maxEntries: 1000, ttlMs: 60_000 } as const;

/** The cache key of a product list: every field of the parsed query, in a fixed order. */
export function listingKey(query: ListingQuery): string {
  return JSON.stringify([
    "list",
    query.category ?? null,
    query.q ?? null,
    query.sort,
    query.limit,
    query.size ?? null,
    query.color ?? null,
    query.minDollars ?? null,
    query.maxDollars ?? null,
  ]);
}

export function productKey(id: string): string {
  return JSON.stringify(["product", id]);
}

/**
 * The catalogue with its lists and products kept in memory (docs/decisions/024-visitor-page-cache.md):
 * they are the same for every visitor and shopper, and every write of a product or a review
 * sends a notice that empties the cache. A product that is not there is not kept. What it
 * returns is shared between requests: callers must not change it.
 */
export function createCachedCatalog(catalog: CatalogService, notices: NoticeSource, limits = CATALOG_CACHE_LIMITS) {
  const cache = createNoticeCache<ProductPage | ProductDetail | ListingFacets | SearchSuggestions | undefined>({
    notices,
    ...limits,
  });
  return {
    ...catalog,
    listProducts: (query: ListingQuery) =>
      cache.remember(listingKey(query), () => catalog.listProducts(query)) as Promise<ProductPage>,
    // The counts do not depend on the sort or the number shown.
    listingFacets: (query: ListingQuery) =>
      cache.remember(listingKey({ ...query, sort: "newest", limit: 0 }).replace('"list"', '"facets"'), () =>
        catalog.listingFacets(query),
      ) as Promise<ListingFacets>,
    suggest: (q: string) =>
      cache.remember(JSON.stringify(["suggest", q.toLowerCase()]), () =>
        catalog.suggest(q),
      ) as Promise<SearchSuggestions>,
    getProduct: (id: string) =>
      cache.remember(productKey(id), () => catalog.getProduct(id)) as Promise<ProductDetail | undefined>,
    /** Entries and size now (tests, diagnostics). */
    cacheStats: cache.stats,
  };
}
