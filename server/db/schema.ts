import { sql } from "drizzle-orm";
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export interface ProductColor {
  name: string;
  hex: string;
}

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
  },
  (t) => [
    check("products_price_nonnegative", sql`${t.priceCents} >= 0`),
    check("products_stock_nonnegative", sql`${t.stockCount} >= 0`),
    check("products_at_most_5_images", sql`coalesce(array_length(${t.imageUrls}, 1), 0) <= 5`),
    index("products_newest_idx").on(t.createdAt.desc(), t.id.desc()),
    index("products_price_idx").on(t.priceCents, t.createdAt.desc(), t.id.desc()),
    index("products_category_idx").on(t.category),
    index("products_search_idx").using("gin", t.search),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    text: text("text").notNull(),
    rating: smallint("rating").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    index("reviews_product_newest_idx").on(t.productId, t.createdAt.desc()),
  ],
);
