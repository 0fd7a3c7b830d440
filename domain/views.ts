import type { FitAnswer } from "./fit";
import type { Country } from "./address-rules";
import type { Category, Size } from "./catalog";
import type { OrderStatus } from "./order-status";
import type { MailState } from "./outbox-mail";
import type { AddressSnapshot, OrderItem } from "./checkout-line";
import type { VariantStock } from "./variants";
import type { RefundKind, RefundLine } from "./refunds";
import type { ReturnReason, ReturnRequestStatus } from "./returns";
import type { TrackingView } from "./tracking";

/*
 * The shapes data leaves the server in: what loaders return and components render. The
 * services build them (server/<area>/service.ts) and the pages import them from here, so app/
 * never reaches into a service for a type (docs/architecture.md, "Layers").
 */

// ---- Catalog ----

export interface ProductColor {
  name: string;
  hex: string;
  /** One of the product's imageUrls showing this colour; absent or null when none does. */
  image?: string | null;
}

export interface ProductSummary {
  id: string;
  title: string;
  priceCents: number;
  category: Category;
  sizes: Size[];
  colors: ProductColor[];
  imageUrls: string[];
  stockCount: number;
  ratingAverage: number;
  reviewCount: number;
  createdAt: string;
}

export interface ProductDetail extends ProductSummary {
  description: string;
  updatedAt: string;
  /** Stock per size and colour, in the grid's order (docs/decisions/032-stock-per-variant.md). */
  variants: VariantStock[];
}

export interface ProductPage {
  items: ProductSummary[];
  total: number;
  hasMore: boolean;
}

/**
 * The home grid's filters with the number of products each would show (issue 27): each
 * dimension counted with every other filter and the search applied, its own left out.
 */
export interface ListingFacets {
  categories: { value: string; count: number }[];
  /** Sizes in stock. */
  sizes: { value: string; count: number }[];
  /** Colours by their folded name (the filter's value) and as the products write them. */
  colors: { value: string; label: string; count: number }[];
  /** One count per range of PRICE_RANGES (domain/listing.ts), in its order. */
  prices: number[];
}

/** A suggestion under the search box (GET /api/search/suggest). */
export interface SearchSuggestions {
  products: { id: string; title: string; category: string }[];
  categories: { name: string; slug: string }[];
}

export interface AdminProductRow {
  id: string;
  title: string;
  category: Category;
  priceCents: number;
  sizes: Size[];
  imageUrls: string[];
  stockCount: number;
  /** The smallest variant's stock: the products table's "Low stock" mark. */
  lowestStock: number;
  createdAt: string;
}

export interface AdminProductDetail extends AdminProductRow {
  description: string;
  colors: ProductColor[];
  updatedAt: string;
  /** The stock grid's cells, sizes then colours (docs/decisions/032-stock-per-variant.md). */
  variants: VariantStock[];
}

export interface AdminProductPage {
  items: AdminProductRow[];
  total: number;
  page: number;
  pageCount: number;
}

// ---- Accounts ----

export interface AddressView {
  id: string;
  name: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: Country;
  isDefault: boolean;
}

// ---- Orders ----

export type PaymentMethod = "paypal" | "stripe";

/** An address as it was when the payment started (domain/checkout-line.ts). */
export type { AddressSnapshot };

/**
 * An order line (docs/product.md §3): the shopper's choice (domain/checkout-line.ts) with the
 * title, pictures and unit price as charged. Stored as is in `orders.items`.
 */
export type { OrderItem };

export interface StatusHistoryEntry {
  status: OrderStatus;
  timestamp: string;
  note: string;
}

export interface OrderView {
  id: string;
  /** Last 8 characters of the id in capitals (docs/product.md §9). */
  number: string;
  userId: string;
  userEmail: string;
  userName: string;
  items: OrderItem[];
  /** The lines' sum before tax and shipping. */
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  /** What the discount code took off the subtotal (0 without one; docs/decisions/034-discount-codes.md). */
  discountCents: number;
  /** The discount code used, if any. */
  discountCode: string | null;
  /** What was charged: subtotal − discount + tax + shipping. */
  totalCents: number;
  shippingAddress: AddressSnapshot;
  billingAddress: AddressSnapshot;
  paymentMethod: PaymentMethod;
  paymentId: string;
  /** Paid through the built-in sandbox: no money moved. */
  sandbox: boolean;
  status: OrderStatus;
  statusHistory: StatusHistoryEntry[];
  createdAt: string;
  updatedAt: string;
  /** The refunds made (succeeded), oldest first (docs/decisions/033-refunds-returns-and-customer-cancel.md). */
  refunds: OrderRefundView[];
  /** Their sum: what was paid and given back. */
  refundedCents: number;
  /** A refund was asked of the provider and its outcome is not recorded yet (the next refund or cancel finishes it). */
  refundPending: boolean;
  /** The shopper's return requests, oldest first (docs/decisions/052-return-requests.md). */
  returnRequests: ReturnRequestView[];
  /** The shipment's carrier, number and tracking page, entered when the order was marked shipped (decision 054); null without. */
  tracking: TrackingView | null;
}

/** A return the shopper asked for: its pieces, reason, state and the administrator's answer. */
export interface ReturnRequestView {
  id: string;
  status: ReturnRequestStatus;
  lines: RefundLine[];
  reason: ReturnReason;
  details: string;
  /** The administrator's note when declining (the shopper reads it). */
  decisionNote: string;
  createdAt: string;
  decidedAt: string | null;
}

/** One refund of an order: a cancellation's (everything left) or a return's (some pieces). */
export interface OrderRefundView {
  id: string;
  kind: RefundKind;
  amountCents: number;
  /** Pieces refunded: the order's line index and how many. */
  lines: RefundLine[];
  /** The pieces went back into stock. */
  restocked: boolean;
  createdAt: string;
}

export interface AdminOrderPage {
  items: OrderView[];
  /** Orders matching the search, by status: the counts on the filter buttons. */
  countsByStatus: Partial<Record<OrderStatus, number>>;
  /** Orders matching the filter and the search. */
  total: number;
  /** How many of those are newer than the first order shown (0 on the first page). */
  position: number;
  /** The first order shown, when newer ones exist: the next-newer page starts before it. */
  newerThan: string | null;
  /** The last order shown, when older ones exist: the next-older page starts after it. */
  olderThan: string | null;
}

export interface OrdersOverview {
  /** Every order, sandbox ones included. */
  totalOrders: number;
  /** What customers paid (subtotal − discount + tax + shipping) over every real order that is not cancelled, in cents. */
  revenueCents: number;
  pendingOrders: number;
  /** Orders paid through the built-in sandbox: counted apart, their "revenue" is no money at all. */
  sandboxOrders: number;
  sandboxRevenueCents: number;
}

// ---- Mail (the administrator's Mail tab) ----

/** An e-mail that failed to send. Never its text: e-mails hold sign-in and reset links. */
export interface FailedMailView {
  id: string;
  to: string;
  subject: string;
  lastError: string;
  attempts: number;
  state: MailState;
  /** ISO time it was queued. */
  createdAt: string;
  /** ISO time of the worker's next try, while it still tries. */
  nextAttemptAt: string | null;
  canRetry: boolean;
}

export interface FailedMailPage {
  /** Newest first, at most MAIL_LIST_LIMIT (domain/outbox-mail.ts). */
  items: FailedMailView[];
  /** Every failed e-mail, shown or not. */
  total: number;
  /** Only the ones the worker gave up on (?tab=mail&state=given-up). */
  givenUpOnly?: boolean;
}

// ---- Reviews ----

/** A review as pages show it. The author's id stays on the server. */
export interface ReviewItem {
  id: string;
  /** The reviewer's first name or 'Customer' (domain/reviewer-name.ts): never an e-mail address. */
  userName: string;
  text: string;
  rating: number;
  createdAt: string;
  /** When the author last edited it; null if never. */
  updatedAt: string | null;
  /** The author has an order (not cancelled) with this product. */
  verifiedPurchase: boolean;
  /** Written by the person asking (false for visitors). */
  mine: boolean;
  /** The author's fit answer (domain/fit.ts), or null for none. */
  fit: FitAnswer | null;
}
