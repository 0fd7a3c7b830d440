import { type AnyColumn, and, desc, eq, type SQL, sql } from "drizzle-orm";
import { CATEGORIES, type Category, categorySlug, SIZES, type Size } from "../../domain/catalog";
import { isUuid } from "../../domain/ids";
import { type ListingQuery, PRICE_RANGES } from "../../domain/listing";
import { searchWords } from "../../domain/search";
import type { Database } from "../db/client";
import { type ProductColor, products } from "../db/schema";
import type { ListingFacets, ProductDetail, ProductPage, ProductSummary, SearchSuggestions } from "../../domain/views";
import { planSearch, type SearchPlan, searchMatch, searchScore } from "./search";
import { createSearchSynonymsService } from "./search-synonyms";
import { inGridOrder, readVariants } from "./variant-stock";

/** The most colours the filters list (the most common first). */
const MAX_COLOR_FACETS = 24;
const SUGGESTED_PRODUCTS = 6;
const SUGGESTED_CATEGORIES = 3;

// Written out in full: inside a select list drizzle leaves columns unqualified, and an
// unqualified "id" in the subquery would mean reviews.id.
const ratingAverage = sql<number>`coalesce((select avg(r.rating)::float8 from reviews r where r.product_id = "products"."id"), 0)`;
const reviewCount = sql<number>`(select count(*)::int from reviews r where r.product_id = "products"."id")`;

const summaryColumns = {
  id: products.id,
  title: products.title,
  priceCents: products.priceCents,
  category: products.category,
  sizes: products.sizes,
  colors: products.colors,
  imageUrls: products.imageUrls,
  stockCount: products.stockCount,
  createdAt: products.createdAt,
  ratingAverage,
  reviewCount,
};

interface SummaryRow {
  id: string;
  title: string;
  priceCents: number;
  category: string;
  sizes: string[];
  colors: ProductColor[];
  imageUrls: string[];
  stockCount: number;
  createdAt: Date;
  ratingAverage: number;
  reviewCount: number;
}

function toSummary(row: SummaryRow): ProductSummary {
  return {
    ...row,
    category: row.category as Category,
    sizes: row.sizes as Size[],
    // Aggregates come back as strings from some drivers.
    ratingAverage: Number(row.ratingAverage),
    reviewCount: Number(row.reviewCount),
    createdAt: row.createdAt.toISOString(),
  };
}

type SortColumns = { createdAt: AnyColumn; id: AnyColumn; priceCents: AnyColumn };

function orderFor(sort: ListingQuery["sort"], columns: SortColumns = products): SQL[] {
  // id breaks ties so that paging is stable even when products share a timestamp or a price.
  const newest = [sql`${columns.createdAt} desc nulls last`, sql`${columns.id} desc nulls last`];
  switch (sort) {
    case "price-asc":
      return [sql`${columns.priceCents} asc`, ...newest];
    case "price-desc":
      return [sql`${columns.priceCents} desc nulls last`, ...newest];
    default:
      return newest;
  }
}

/** The dimensions a facet count leaves out (its own). */
type Dimension = "category" | "size" | "color" | "price";

/** The grid's conditions: the search, then every filter but `omit`. */
function listingConditions(query: ListingQuery, plan: SearchPlan | null | undefined, omit?: Dimension): SQL[] {
  const filters: SQL[] = [];
  // A search with no letters or digits matches nothing rather than everything.
  if (query.q) filters.push(plan ? searchMatch(plan) : sql`false`);
  if (query.category && omit !== "category") filters.push(eq(products.category, query.category));
  if (query.size && omit !== "size")
    filters.push(
      sql`exists (select 1 from product_variants v where v.product_id = ${products.id} and v.size = ${query.size} and v.stock > 0)`,
    );
  if (query.color && omit !== "color")
    filters.push(
      sql`exists (select 1 from jsonb_array_elements(${products.colors}) c where lower(c->>'name') = ${query.color})`,
    );
  if (omit !== "price") {
    if (query.minDollars != null) filters.push(sql`${products.priceCents} >= ${query.minDollars * 100}`);
    if (query.maxDollars != null) filters.push(sql`${products.priceCents} < ${query.maxDollars * 100}`);
  }
  return filters;
}

const whereOf = (filters: SQL[]) => (filters.length ? and(...filters) : undefined);

export function createCatalogService(db: Database) {
  const synonyms = createSearchSynonymsService({ db });
  const planOf = async (query: ListingQuery) =>
    query.q ? ((await planSearch(db, query.q, await synonyms.groups())) ?? null) : undefined;

  return {
    async listProducts(query: ListingQuery): Promise<ProductPage> {
      const plan = await planOf(query);
      const where = whereOf(listingConditions(query, plan));
      // With a search, "newest" is by relevance first (newest first among equals); without one
      // the grid is the brief's newest first. Price sorts stay price sorts.
      const score = plan && query.sort === "newest" ? searchScore(plan) : sql`0`;
      // The page is chosen first (by an index on the sort order), and the review figures are
      // worked out for its rows only, not for every product the filter matches.
      const { ratingAverage: _a, reviewCount: _c, ...plainColumns } = summaryColumns;
      const page = db
        .select({ ...plainColumns, score: sql<number>`${score}`.as("score") })
        .from(products)
        .where(where)
        .orderBy(...(plan && query.sort === "newest" ? [sql`${score} desc`] : []), ...orderFor(query.sort))
        .limit(query.limit)
        .as("page");
      const { score: _s, ...pageColumns } = page._.selectedFields;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            ...pageColumns,
            ratingAverage: sql<number>`coalesce((select avg(r.rating)::float8 from reviews r where r.product_id = "page"."id"), 0)`,
            reviewCount: sql<number>`(select count(*)::int from reviews r where r.product_id = "page"."id")`,
          })
          .from(page)
          .orderBy(sql`"page"."score" desc`, ...orderFor(query.sort, page)),
        db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
      ]);
      return { items: rows.map(toSummary), total: Number(total), hasMore: Number(total) > rows.length };
    },

    /** The filters' counts for the grid `query` shows (ListingFacets): four grouped reads, side by side. */
    async listingFacets(query: ListingQuery): Promise<ListingFacets> {
      const plan = await planOf(query);
      const without = (omit: Dimension) => whereOf(listingConditions(query, plan, omit));
      const [categories, sizes, colors, [prices]] = await Promise.all([
        db
          .select({ value: products.category, count: sql<number>`count(*)::int` })
          .from(products)
          .where(without("category"))
          .groupBy(products.category),
        db
          .select({ value: sql<string>`v.size`, count: sql<number>`count(distinct ${products.id})::int` })
          .from(products)
          .innerJoin(sql`product_variants v`, sql`v.product_id = ${products.id} and v.stock > 0 and v.size is not null`)
          .where(without("size"))
          .groupBy(sql`v.size`),
        db
          .select({
            value: sql<string>`lower(c->>'name')`,
            label: sql<string>`min(c->>'name')`,
            count: sql<number>`count(distinct ${products.id})::int`,
          })
          .from(products)
          .innerJoin(sql`jsonb_array_elements(${products.colors}) c`, sql`true`)
          .where(without("color"))
          .groupBy(sql`lower(c->>'name')`)
          .orderBy(sql`count(distinct ${products.id}) desc`, sql`lower(c->>'name')`)
          .limit(MAX_COLOR_FACETS),
        db
          .select({
            counts: sql<number[]>`array[${sql.join(
              PRICE_RANGES.map(
                (r) =>
                  sql`count(*) filter (where ${products.priceCents} >= ${(r.min ?? 0) * 100}${r.max != null ? sql` and ${products.priceCents} < ${r.max * 100}` : sql``})::int`,
              ),
              sql`, `,
            )}]`,
          })
          .from(products)
          .where(without("price")),
      ]);
      const order =
        <T extends string>(list: readonly T[]) =>
        (a: { value: string }, b: { value: string }) =>
          list.indexOf(a.value as T) - list.indexOf(b.value as T);
      return {
        categories: categories
          .map((c) => ({ value: c.value, count: Number(c.count) }))
          .filter((c) => (CATEGORIES as readonly string[]).includes(c.value))
          .sort(order(CATEGORIES)),
        sizes: sizes
          .map((c) => ({ value: c.value, count: Number(c.count) }))
          .filter((c) => (SIZES as readonly string[]).includes(c.value))
          .sort(order(SIZES)),
        colors: colors.map((c) => ({ value: c.value, label: c.label, count: Number(c.count) })),
        prices: (prices?.counts ?? []).map(Number),
      };
    },

    /** Products and categories for the search box's suggestions (GET /api/search/suggest). */
    async suggest(q: string): Promise<SearchSuggestions> {
      const query: ListingQuery = { q, sort: "newest", limit: SUGGESTED_PRODUCTS };
      const plan = await planOf(query);
      const words = searchWords(q);
      const categories = CATEGORIES.filter((c) => {
        const names = searchWords(c);
        return words.some((w) => names.some((n) => n.startsWith(w)));
      }).map((name) => ({ name, slug: categorySlug(name) }));
      if (!plan) return { products: [], categories };
      const rows = await db
        .select({ id: products.id, title: products.title, category: products.category })
        .from(products)
        .where(searchMatch(plan))
        .orderBy(sql`${searchScore(plan)} desc`, ...orderFor("newest"))
        .limit(SUGGESTED_PRODUCTS);
      return { products: rows, categories: categories.slice(0, SUGGESTED_CATEGORIES) };
    },

    async getProduct(id: string): Promise<ProductDetail | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ ...summaryColumns, description: products.description, updatedAt: products.updatedAt })
        .from(products)
        .where(eq(products.id, id));
      if (!row) return undefined;
      const variants = (await readVariants(db, [id])).get(id) ?? [];
      return {
        ...toSummary(row),
        description: row.description,
        updatedAt: row.updatedAt.toISOString(),
        variants: inGridOrder(
          variants,
          row.sizes,
          row.colors.map((c) => c.name),
        ),
      };
    },

    async sitemapEntries(): Promise<{ id: string; updatedAt: Date }[]> {
      return db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .orderBy(desc(products.updatedAt))
        .limit(50_000);
    },

    async countProducts(): Promise<number> {
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
      return Number(n);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
