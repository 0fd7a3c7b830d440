import { type AnyColumn, and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Category, Size } from "../../domain/catalog";
import { isUuid } from "../../domain/ids";
import { type ListingQuery, toPrefixTsQuery } from "../../domain/listing";
import type { Database } from "../db/client";
import { type ProductColor, products } from "../db/schema";
import type { ProductDetail, ProductPage, ProductSummary } from "../../domain/views";
import { inGridOrder, readVariants } from "./variant-stock";

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

export function createCatalogService(db: Database) {
  return {
    async listProducts(query: ListingQuery): Promise<ProductPage> {
      const filters: SQL[] = [];
      if (query.category) filters.push(eq(products.category, query.category));
      if (query.q) {
        const tsQuery = toPrefixTsQuery(query.q);
        // A search with no letters or digits matches nothing rather than everything.
        filters.push(tsQuery ? sql`${products.search} @@ to_tsquery('english', ${tsQuery})` : sql`false`);
      }
      const where = filters.length ? and(...filters) : undefined;
      // The page is chosen first (by an index on the sort order), and the review figures are
      // worked out for its rows only, not for every product the filter matches.
      const { ratingAverage: _a, reviewCount: _c, ...plainColumns } = summaryColumns;
      const page = db
        .select(plainColumns)
        .from(products)
        .where(where)
        .orderBy(...orderFor(query.sort))
        .limit(query.limit)
        .as("page");
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            ...page._.selectedFields,
            ratingAverage: sql<number>`coalesce((select avg(r.rating)::float8 from reviews r where r.product_id = "page"."id"), 0)`,
            reviewCount: sql<number>`(select count(*)::int from reviews r where r.product_id = "page"."id")`,
          })
          .from(page)
          .orderBy(...orderFor(query.sort, page)),
        db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
      ]);
      return { items: rows.map(toSummary), total: Number(total), hasMore: Number(total) > rows.length };
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
