import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { stamp } from "./columns";
import { discountCodes } from "./discounts";
import { orders } from "./orders";

/** One row per order that used a code: the per-customer limit counts these. */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discountId: uuid("discount_id")
      .notNull()
      .references(() => discountCodes.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [index("discount_redemptions_code_user_idx").on(t.discountId, t.userId)],
);
