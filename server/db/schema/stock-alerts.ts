import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { stamp } from "./columns";

/**
 * "Notify me" requests for a sold-out size and colour (docs/decisions/061-stock-alerts.md): one
 * row per shopper and combination while it waits; `notified_at` is set, in the transaction that
 * restocks the combination and queues the e-mail, when the request is spent. A product with no
 * sizes (or no colours) stores '' for that dimension, so one unique index covers every shape.
 * Written by server/catalog/stock-alerts.ts alone.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull().default(""),
    color: text("color").notNull().default(""),
    createdAt: stamp("created_at").notNull().defaultNow(),
    /** When the restock e-mail was queued: the request is spent. Null while it waits. */
    notifiedAt: stamp("notified_at"),
  },
  (t) => [
    // One waiting request per shopper and combination; a spent one does not stop a new request.
    uniqueIndex("stock_alerts_one_waiting")
      .on(t.userId, t.productId, t.size, t.color)
      .where(sql`${t.notifiedAt} is null`),
    // The restock's look-up: the waiting requests of one product.
    index("stock_alerts_waiting_product").on(t.productId).where(sql`${t.notifiedAt} is null`),
  ],
);
