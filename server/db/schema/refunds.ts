import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { RefundActor, RefundKind, RefundLine, RefundStatus } from "../../../domain/refunds";
import { stamp } from "./columns";
import { orders } from "./orders";

/**
 * Refunds of orders: a cancellation's (everything not refunded yet), a partial cancellation's (some
 * pieces of an order not shipped yet, migration 0013) or a return's (some pieces of a shipped one).
 * Only server/orders/refunds.ts writes them (docs/decisions/033-refunds-returns-and-customer-cancel.md,
 * 039-returns-only-after-shipping.md).
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** 1, 2, 3… per order: names the idempotency key. */
    sequence: integer("sequence").notNull(),
    kind: text("kind").$type<RefundKind>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    lines: jsonb("lines").$type<RefundLine[]>().notNull(),
    restocked: boolean("restocked").notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    /** `refund-<orderId>-<sequence>`: sent to the provider, so a retry is never a second refund. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    providerRefundId: text("provider_refund_id"),
    /** The provider's reason when it refused. */
    failureReason: text("failure_reason"),
    actor: text("actor").$type<RefundActor>().notNull(),
    actorUserId: text("actor_user_id"),
    note: text("note").notNull().default(""),
    createdAt: stamp("created_at").notNull().defaultNow(),
    completedAt: stamp("completed_at"),
  },
  (t) => [
    check("order_refunds_kind_known", sql`${t.kind} in ('cancellation', 'partial_cancellation', 'return')`),
    check("order_refunds_status_known", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check("order_refunds_actor_known", sql`${t.actor} in ('admin', 'customer')`),
    check("order_refunds_amount_nonnegative", sql`${t.amountCents} >= 0`),
    uniqueIndex("order_refunds_order_sequence").on(t.orderId, t.sequence),
    uniqueIndex("order_refunds_one_pending_per_order").on(t.orderId).where(sql`${t.status} = 'pending'`),
  ],
);
