import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { RefundLine } from "../../../domain/refunds";
import type { ReturnReason, ReturnRequestStatus } from "../../../domain/returns";
import { stamp } from "./columns";
import { orders } from "./orders";
import { orderRefunds } from "./refunds";

/**
 * Returns shoppers ask for (migration 0016, docs/decisions/052-return-requests.md): pieces of a
 * delivered order with a reason; the administrator approves (the refund of server/orders/refunds.ts)
 * or declines with a note. Only server/orders/returns.ts writes them.
 */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** The shopper who asked (the order's owner). */
    userId: text("user_id").notNull(),
    lines: jsonb("lines").$type<RefundLine[]>().notNull(),
    reason: text("reason").$type<ReturnReason>().notNull(),
    details: text("details").notNull().default(""),
    status: text("status").$type<ReturnRequestStatus>().notNull().default("requested"),
    /** The administrator's note when declining; shown to the shopper. */
    decisionNote: text("decision_note").notNull().default(""),
    decidedBy: text("decided_by"),
    decidedAt: stamp("decided_at"),
    /** Succeeded refunds of the order when it was approved: the next one is this request's (a compare-and-set). */
    refundsSeen: integer("refunds_seen"),
    /** Whether the approval puts the pieces back in stock (the administrator's choice). */
    restock: boolean("restock"),
    refundId: uuid("refund_id").references(() => orderRefunds.id),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("return_requests_status_known", sql`${t.status} in ('requested', 'approved', 'declined', 'refunded')`),
    check(
      "return_requests_reason_known",
      sql`${t.reason} in ('wrong_size', 'not_as_expected', 'damaged', 'changed_mind', 'other')`,
    ),
    index("return_requests_order").on(t.orderId),
    // One open request per order (decision 052): a replayed or concurrent request cannot make a second.
    uniqueIndex("return_requests_one_open_per_order")
      .on(t.orderId)
      .where(sql`${t.status} in ('requested', 'approved')`),
  ],
);
