import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { LineChoiceInput } from "../../../domain/line-choice";
import { users } from "./accounts";
import { stamp } from "./columns";

/**
 * Each signed-in shopper's cart as the server keeps it (docs/decisions/050-server-cart.md): the
 * choices only (product, size, colour, quantity), never a price; one row per shopper. `version`
 * grows with every write, so a browser knows whether another device changed it. Written by
 * server/cart/saved-carts.ts alone.
 */
export const savedCarts = pgTable("saved_carts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lines: jsonb("lines").$type<LineChoiceInput[]>().notNull().default([]),
  version: integer("version").notNull().default(0),
  /** The last visitor's "Add to cart" carried through the login and added (domain/pending-add.ts): never twice. */
  lastAddToken: text("last_add_token"),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});
