import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { tsvector } from "./columns";
import type { ProductColor } from "../../../domain/views";

/** Column types declared with the views in domain/views.ts. */
export type { ProductColor };

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    category: text("category").notNull(),
    sizes: text("sizes").array().notNull().default(sql`'{}'::text[]`),
    colors: jsonb("colors").$type<ProductColor[]>().notNull().default(sql`'[]'::jsonb`),
    imageUrls: text("image_urls").array().notNull().default(sql`'{}'::text[]`),
    stockCount: integer("stock_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    /**
     * The same document unaccented (migration 0018, decision 059): what the forgiving search reads.
     * `search` stays for 0.4.0, which may run beside this version on the same database.
     */
    searchDocument: tsvector("search_document").generatedAlwaysAs(
      sql`store_search_document(title, category, description)`,
    ),
  },
  (t) => [
    check("products_price_nonnegative", sql`${t.priceCents} >= 0`),
    check("products_stock_nonnegative", sql`${t.stockCount} >= 0`),
    check("products_at_most_5_images", sql`coalesce(array_length(${t.imageUrls}, 1), 0) <= 5`),
    // A colour's picture is one of the product's own images (so removing that image must clear it).
    check(
      "products_color_images_known",
      sql`not jsonb_path_exists(${t.colors}, '$[*].image ? (@ != null && (@.type() != "string" || !(@ == $images[*])))', jsonb_build_object('images', to_jsonb(${t.imageUrls})))`,
    ),
    index("products_newest_idx").on(t.createdAt.desc(), t.id.desc()),
    index("products_price_idx").on(t.priceCents, t.createdAt.desc(), t.id.desc()),
    // Dearest first, newest first among equal prices: a backward scan of the index above would give oldest first.
    index("products_price_desc_idx").on(t.priceCents.desc(), t.createdAt.desc(), t.id.desc()),
    index("products_category_idx").on(t.category),
    index("products_search_idx").using("gin", t.search),
    index("products_search_document_idx").using("gin", t.searchDocument),
  ],
);

/**
 * Stock per size and colour (docs/decisions/032-stock-per-variant.md): one row per combination
 * of the product's sizes and colours, null for a dimension the product does not have. The
 * product's stock_count is the sum of its rows, written in the same transaction.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size"),
    color: text("color"),
    stock: integer("stock").notNull().default(0),
    sku: text("sku").unique("product_variants_sku_unique"),
  },
  (t) => [
    check("product_variants_stock_nonnegative", sql`${t.stock} >= 0`),
    unique("product_variants_choice_unique").on(t.productId, t.size, t.color).nullsNotDistinct(),
  ],
);
