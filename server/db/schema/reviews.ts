import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import type { FitAnswer } from "../../../domain/fit";

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
    /** Set when the author last edited the review; null for a review never edited. */
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }),
    /** The optional fit answer (domain/fit.ts); null for none, and for every review 0.4.0 writes. */
    fit: text("fit").$type<FitAnswer>(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_fit_answer", sql`${t.fit} in ('runs_small', 'true_to_size', 'runs_large')`),
    index("reviews_product_newest_idx").on(t.productId, t.createdAt.desc()),
    // One review per shopper and product: a second opinion edits the first.
    uniqueIndex("reviews_one_per_author_idx").on(t.productId, t.userId),
  ],
);
