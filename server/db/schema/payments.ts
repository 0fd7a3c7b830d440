import { integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { stamp } from "./columns";

export interface SandboxRefund {
  key: string;
  id: string;
  amountCents: number;
}

/**
 * The built-in sandbox provider's own book of payments (it stands in for PayPal's and Stripe's
 * servers when no keys are set), kept in the database so a restart or a second instance sees it.
 */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text("id").primaryKey(),
    kind: text("kind").$type<"wallet" | "card">().notNull(),
    checkoutId: uuid("checkout_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** wallet: CREATED, APPROVED, COMPLETED, VOIDED; card: open, complete, expired. */
    status: text("status").notNull(),
    captureId: text("capture_id"),
    /** Set when the payment is refunded in full. */
    refundedAt: stamp("refunded_at"),
    /** Each refund made, keyed by the caller's idempotency key (a repeat answers the first). */
    refunds: jsonb("refunds").$type<SandboxRefund[]>().notNull().default([]),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  // Like a provider's idempotency key: one wallet order and one card session per checkout, even when asked twice at once.
  (t) => [uniqueIndex("sandbox_payments_one_per_checkout").on(t.checkoutId, t.kind)],
);
