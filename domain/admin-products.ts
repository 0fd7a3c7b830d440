import { type Category, categoryFromSlug } from "./catalog";
import { isUuid } from "./ids";
import { normalizeSearch } from "./listing";

/**
 * The Products tab's address (docs/product.md, "Admin: products"): a search in titles, a category
 * (its slug, as the shop's filter writes it), a page, and the product just saved (highlight), whose
 * row is shown, marked and focused. Anything odd falls back to "no filter": it never reaches the
 * database as such.
 */
export interface AdminProductQuery {
  q?: string;
  category?: Category;
  page: number;
  /** Whether the page was asked for (else the highlighted product's page is shown). */
  pageGiven: boolean;
  highlight?: string;
}

export function parseAdminProductQuery(params: URLSearchParams): AdminProductQuery {
  const n = Number(params.get("page"));
  const pageGiven = Number.isSafeInteger(n) && n > 0;
  const highlight = params.get("highlight") ?? "";
  return {
    // Control characters (a NUL byte PostgreSQL refuses in text) are no part of a title.
    q: normalizeSearch(params.get("q")?.replace(/\p{Cc}/gu, " ")),
    category: categoryFromSlug(params.get("category")),
    page: pageGiven ? n : 1,
    pageGiven,
    highlight: isUuid(highlight) ? highlight.toLowerCase() : undefined,
  };
}

/** A search as a LIKE pattern that matches the text anywhere, with LIKE's own characters taken literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Where the owner lands after saving a product: its row in the Products tab, marked and focused. */
export function savedProductPath(id: string, notice: "product-added" | "product-updated"): string {
  return `/admin?tab=products&q=&highlight=${encodeURIComponent(id)}&notice=${notice}#product-${encodeURIComponent(id)}`;
}

/** The DOM id of a product's row (the table) or card (phones): the address's #fragment names the row. */
export const productRowId = (id: string) => `product-${id}`;
export const productCardId = (id: string) => `product-card-${id}`;
