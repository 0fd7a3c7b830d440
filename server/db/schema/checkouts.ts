import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { stamp } from "./columns";
import { discountCodes } from "./discounts";
import type { AddressSnapshot, PricedLine } from "../../../domain/checkout-line";
import type { CheckoutStatus } from "../../../domain/checkout-status";
import type { PaymentMethod } from "../../../domain/views";

/** Column types declared with the views in domain/views.ts. */
export type { AddressSnapshot, PaymentMethod };

export type { CheckoutStatus };

/** A cart line as priced by the server when the payment started; the order copies it (domain/checkout-line.ts). */
export type CheckoutLine = PricedLine;

/**
 * A payment in progress: what the server priced and where the money should go, written before
 * the provider is asked, so a payment the provider completes can always be matched to an order
 * (by the webhook, the success page, the capture or the reconciliation pass).
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider").$type<PaymentMethod>().notNull(),
    /** PayPal order id or Stripe Checkout Session id; null until the provider answered. */
    providerRef: text("provider_ref"),
    lines: jsonb("lines").$type<CheckoutLine[]>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The discount code's id, its code and what it took off the subtotal (docs/decisions/034-discount-codes.md). */
    discountId: uuid("discount_id").references((): AnyPgColumn => discountCodes.id),
    discountCode: text("discount_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    shippingAddress: jsonb("shipping_address").$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb("billing_address").$type<AddressSnapshot>().notNull(),
    status: text("status").$type<CheckoutStatus>().notNull().default("pending"),
    /** Set while a PayPal capture holds the stock it is about to sell (so a sold-out order is never captured). */
    stockReservedAt: stamp("stock_reserved_at"),
    /** PayPal capture id or Stripe PaymentIntent id: what a refund names. */
    paymentRef: text("payment_ref"),
    failureReason: text("failure_reason"),
    /** Hash of the cart (domain/checkout-identity.ts): at most one open checkout per shopper and cart. */
    cartKey: text("cart_key"),
    /** Hash of the cart, method, addresses and amount: a second start of the same offer reuses this checkout. */
    offerKey: text("offer_key"),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("checkouts_provider_known", sql`${t.provider} in ('paypal', 'stripe')`),
    check(
      "checkouts_status_known",
      sql`${t.status} in ('pending', 'completed', 'failed', 'refunded', 'expired', 'superseded')`,
    ),
    check(
      "checkouts_total_adds_up",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents} and ${t.taxCents} >= 0 and ${t.shippingCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.taxCents} + ${t.shippingCents}`,
    ),
    uniqueIndex("checkouts_provider_ref_idx").on(t.provider, t.providerRef),
    index("checkouts_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // Two starts of one cart at the same moment cannot both open a checkout: the second finds the first.
    uniqueIndex("checkouts_one_open_per_cart").on(t.userId, t.cartKey).where(sql`${t.status} = 'pending'`),
  ],
);
