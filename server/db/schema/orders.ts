import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { OrderStatus } from "../../../domain/order-status";
import { users } from "./accounts";
import { type AddressSnapshot, checkouts, type PaymentMethod } from "./checkouts";
import { stamp } from "./columns";
import type { OrderItem, StatusHistoryEntry } from "../../../domain/views";

/** Column types declared with the views in domain/views.ts. */
export type { OrderItem, StatusHistoryEntry };

/** Orders (docs/product.md §3). Only the orders service writes them, after a verified payment. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkoutId: uuid("checkout_id")
      .notNull()
      .unique()
      .references(() => checkouts.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    userEmail: text("user_email").notNull(),
    userName: text("user_name").notNull(),
    items: jsonb("items").$type<OrderItem[]>().notNull(),
    /** The lines' sum before tax and shipping; what was charged is subtotal + tax + shipping. */
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    /** The discount code used and what it took off the subtotal (docs/decisions/034-discount-codes.md); charged = subtotal − discount + tax + shipping. */
    discountCode: text("discount_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingAddress: jsonb("shipping_address").$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb("billing_address").$type<AddressSnapshot>().notNull(),
    paymentMethod: text("payment_method").$type<PaymentMethod>().notNull(),
    /** The provider's id of the payment; unique, so a replayed capture or webhook finds the order it made. */
    paymentId: text("payment_id").notNull().unique(),
    /** Paid through the built-in sandbox: no money moved. Set once, when the order is made. */
    sandbox: boolean("sandbox").notNull().default(false),
    status: text("status").$type<OrderStatus>().notNull().default("placed"),
    statusHistory: jsonb("status_history").$type<StatusHistoryEntry[]>().notNull(),
    /** The shipment's carrier and tracking number (domain/tracking.ts), entered when the order is marked shipped; null without (decision 054). */
    trackingCarrier: text("tracking_carrier"),
    trackingNumber: text("tracking_number"),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("orders_payment_method_known", sql`${t.paymentMethod} in ('paypal', 'stripe')`),
    check(
      "orders_status_known",
      sql`${t.status} in ('placed', 'confirmed', 'processing', 'shipped', 'out_for_delivery', 'delivered', 'cancelled')`,
    ),
    check(
      "orders_amounts_nonnegative",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents} and ${t.taxCents} >= 0 and ${t.shippingCents} >= 0`,
    ),
    index("orders_user_newest_idx").on(t.userId, t.createdAt.desc()),
    // The administrator's list pages by keyset (created_at, id), over all orders or one status.
    index("orders_newest_idx").on(t.createdAt.desc(), t.id.desc()),
    index("orders_status_newest_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);
