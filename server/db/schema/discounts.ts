import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { DiscountKind } from "../../../domain/discounts";
import { stamp } from "./columns";

export type { DiscountKind };

/**
 * Discount codes (docs/decisions/034-discount-codes.md). Written by the administrator
 * (server/discounts/admin-discounts.ts) and, for `used_count`, by the fulfilment transaction
 * (server/discounts/redemptions.ts). A code is never deleted: orders name it.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored normalised (no spaces, upper-case): the unique index compares what shoppers type. */
    code: text("code").notNull().unique(),
    kind: text("kind").$type<DiscountKind>().notNull(),
    percent: integer("percent"),
    amountCents: integer("amount_cents"),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    startsAt: stamp("starts_at").notNull().defaultNow(),
    endsAt: stamp("ends_at"),
    totalLimit: integer("total_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    active: boolean("active").notNull().default(true),
    usedCount: integer("used_count").notNull().default(0),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "discount_codes_value_fits_kind",
      sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 100 and ${t.amountCents} is null) or (${t.kind} = 'fixed' and ${t.amountCents} > 0 and ${t.percent} is null)`,
    ),
    check("discount_codes_min_subtotal_nonnegative", sql`${t.minSubtotalCents} >= 0`),
    check("discount_codes_ends_after_start", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check(
      "discount_codes_limits_positive",
      sql`(${t.totalLimit} is null or ${t.totalLimit} >= 1) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1)`,
    ),
    check(
      "discount_codes_uses_within_limit",
      sql`${t.usedCount} >= 0 and (${t.totalLimit} is null or ${t.usedCount} <= ${t.totalLimit})`,
    ),
  ],
);
