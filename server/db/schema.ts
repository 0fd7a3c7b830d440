import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { type COUNTRIES, DEFAULT_COUNTRY } from "../../domain/address-rules";
import type { OrderStatus } from "../../domain/order-status";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export interface ProductColor {
  name: string;
  hex: string;
  /** One of the product's imageUrls showing this colour; absent or null when none does. */
  image?: string | null;
}

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    category: text("category").notNull(),
    sizes: text("sizes").array().notNull().default(sql`'{}'::text[]`),
    colors: jsonb("colors").$type<ProductColor[]>().notNull().default(sql`'[]'::jsonb`),
    imageUrls: text("image_urls").array().notNull().default(sql`'{}'::text[]`),
    stockCount: integer("stock_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    check("products_price_nonnegative", sql`${t.priceCents} >= 0`),
    check("products_stock_nonnegative", sql`${t.stockCount} >= 0`),
    check("products_at_most_5_images", sql`coalesce(array_length(${t.imageUrls}, 1), 0) <= 5`),
    // A colour's picture is one of the product's own images (so removing that image must clear it).
    check(
      "products_color_images_known",
      sql`not jsonb_path_exists(${t.colors}, '$[*].image ? (@ != null && (@.type() != "string" || !(@ == $images[*])))', jsonb_build_object('images', to_jsonb(${t.imageUrls})))`,
    ),
    index("products_newest_idx").on(t.createdAt.desc(), t.id.desc()),
    index("products_price_idx").on(t.priceCents, t.createdAt.desc(), t.id.desc()),
    index("products_category_idx").on(t.category),
    index("products_search_idx").using("gin", t.search),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    text: text("text").notNull(),
    rating: smallint("rating").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Set when the author last edited the review; null for a review never edited. */
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    index("reviews_product_newest_idx").on(t.productId, t.createdAt.desc()),
    // One review per shopper and product: a second opinion edits the first.
    uniqueIndex("reviews_one_per_author_idx").on(t.productId, t.userId),
  ],
);

// ---- Accounts (better-auth's models: user, session, account, verification, rateLimit) ----
// The property names are better-auth's field names (its Drizzle adapter looks columns up by them);
// the SQL names follow this schema's snake_case.

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  phone: text("phone"),
  createdAt: stamp("created_at").notNull().defaultNow(),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: stamp("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: stamp("access_token_expires_at"),
    refreshTokenExpiresAt: stamp("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("accounts_user_idx").on(t.userId),
    // One local account per identity at a provider, whatever happens concurrently.
    uniqueIndex("accounts_provider_account_idx").on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: stamp("expires_at").notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** better-auth's per-address rate limiter; lastRequest is epoch milliseconds. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Fixed-window counters for limits better-auth cannot key itself (sign-in attempts per account). */
export const authThrottles = pgTable("auth_throttles", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: stamp("window_started_at").notNull(),
});

export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    country: text("country").$type<(typeof COUNTRIES)[number]>().notNull().default(DEFAULT_COUNTRY),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("addresses_country_known", sql`${t.country} in ('United States', 'Canada', 'United Kingdom')`),
    // The database, not only the UI, guarantees "at most one default per user" (docs/product.md §4).
    uniqueIndex("addresses_one_default_per_user").on(t.userId).where(sql`${t.isDefault}`),
    index("addresses_user_idx").on(t.userId, t.createdAt, t.id),
  ],
);

// ---- Mail ----

/** Every e-mail goes through here; the mail worker sends due rows and retries failures. */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attempts: integer("attempts").notNull().default(0),
    /** Null once the message is sent or given up on. */
    nextAttemptAt: stamp("next_attempt_at").defaultNow(),
    sentAt: stamp("sent_at"),
    lastError: text("last_error"),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`)],
);

// ---- Checkouts and orders ----

export type PaymentMethod = "paypal" | "stripe";
/**
 * pending: open, the provider may bring the money; completed: the order exists; failed,
 * expired: over without money; refunded: the money went back; superseded: replaced by a newer
 * checkout of the same cart, so money that still arrives for it goes back instead of becoming
 * a second order.
 */
export type CheckoutStatus = "pending" | "completed" | "failed" | "refunded" | "expired" | "superseded";

/** A cart line as priced by the server when the payment started; the order copies it. */
export interface CheckoutLine {
  productId: string;
  title: string;
  imageUrls: string[];
  selectedSize: string | null;
  color: string | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** An address as it was when the payment started: later edits of the address book do not rewrite orders. */
export interface AddressSnapshot {
  name: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string;
}

/** An order line (docs/product.md §3), with the unit price as charged. */
export interface OrderItem {
  productId: string;
  title: string;
  imageUrls: string[];
  selectedSize: string | null;
  color: string | null;
  quantity: number;
  priceCents: number;
}

export interface StatusHistoryEntry {
  status: OrderStatus;
  timestamp: string;
  note: string;
}

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
    check("checkouts_status_known", sql`${t.status} in ('pending', 'completed', 'failed', 'refunded', 'expired', 'superseded')`),
    check(
      "checkouts_total_adds_up",
      sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.shippingCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} + ${t.taxCents} + ${t.shippingCents}`,
    ),
    uniqueIndex("checkouts_provider_ref_idx").on(t.provider, t.providerRef),
    index("checkouts_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // Two starts of one cart at the same moment cannot both open a checkout: the second finds the first.
    uniqueIndex("checkouts_one_open_per_cart").on(t.userId, t.cartKey).where(sql`${t.status} = 'pending'`),
  ],
);

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
    /** The subtotal (the original brief named it total); tax and shipping are stored beside it. */
    totalCents: integer("total_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    shippingAddress: jsonb("shipping_address").$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb("billing_address").$type<AddressSnapshot>().notNull(),
    paymentMethod: text("payment_method").$type<PaymentMethod>().notNull(),
    /** The provider's id of the payment; unique, so a replayed capture or webhook finds the order it made. */
    paymentId: text("payment_id").notNull().unique(),
    /** Paid through the built-in sandbox: no money moved. Set once, when the order is made. */
    sandbox: boolean("sandbox").notNull().default(false),
    status: text("status").$type<OrderStatus>().notNull().default("placed"),
    statusHistory: jsonb("status_history").$type<StatusHistoryEntry[]>().notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("orders_payment_method_known", sql`${t.paymentMethod} in ('paypal', 'stripe')`),
    check(
      "orders_status_known",
      sql`${t.status} in ('placed', 'confirmed', 'processing', 'shipped', 'out_for_delivery', 'delivered', 'cancelled')`,
    ),
    check("orders_amounts_nonnegative", sql`${t.totalCents} >= 0 and ${t.taxCents} >= 0 and ${t.shippingCents} >= 0`),
    index("orders_user_newest_idx").on(t.userId, t.createdAt.desc()),
    // The administrator's list pages by keyset (created_at, id), over all orders or one status.
    index("orders_newest_idx").on(t.createdAt.desc(), t.id.desc()),
    index("orders_status_newest_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

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
    refundedAt: stamp("refunded_at"),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  // Like a provider's idempotency key: one wallet order and one card session per checkout, even when asked twice at once.
  (t) => [uniqueIndex("sandbox_payments_one_per_checkout").on(t.checkoutId, t.kind)],
);
