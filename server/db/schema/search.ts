import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { stamp } from "./columns";

/**
 * The catalogue's words, unaccented and lower-case (migration 0018, decision 059): a search
 * word that matches none of them is corrected to the nearest by trigram similarity. Written
 * only by the database: the trigger `products_search_words` adds the words of every product
 * written (by this version or by 0.4.0 beside it). A word whose products are gone stays: a
 * correction to it finds nothing, which is what the search would have found anyway.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gist", sql`${t.word} gist_trgm_ops`),
]);

/** Words the owner counts as one in a search ("tee" = "t-shirt"), edited in the admin's Search tab. */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    terms: text("terms").array().notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [check("search_synonyms_terms_count", sql`cardinality(${t.terms}) BETWEEN 2 AND 10`)],
);
