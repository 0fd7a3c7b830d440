import { type OrderFilter, parseOrderFilter } from "./admin-dashboard";
import { isUuid } from "./ids";

/**
 * The administrator's order list as an address: filter, search and the page, so reload, back
 * and a shared link show the same list. Pages are keyset pages (decision record 014): a page
 * starts after (older than) or before (newer than) an order, so orders arriving meanwhile
 * never shift a page or show an order twice.
 */

export const ORDERS_PER_PAGE = 20;
export const ORDER_SEARCH_MAX = 100;

export type OrderCursor =
  | { kind: "newest" }
  | { kind: "oldest" }
  | { kind: "after"; id: string }
  | { kind: "before"; id: string };

/**
 * Lists the Overview's "To do" figures link to (?show=…), on top of the status filter and search:
 * orders to ship (confirmed or processing), orders with a return request waiting, orders with a
 * refund pending or failed. The server reads them from the tables; anything else shows all orders.
 */
export const ORDER_VIEWS = ["to-ship", "returns", "refunds"] as const;
export type OrderListView = (typeof ORDER_VIEWS)[number];

export const ORDER_VIEW_LABELS: Record<OrderListView, string> = {
  "to-ship": "Orders to ship (confirmed or processing)",
  returns: "Orders with a return request waiting",
  refunds: "Orders with a refund pending or failed",
};

export function parseOrderView(value: string | null | undefined): OrderListView | null {
  return (ORDER_VIEWS as readonly string[]).includes(value ?? "") ? (value as OrderListView) : null;
}

export interface OrderListQuery {
  filter: OrderFilter;
  /** One of the Overview's lists, or null for every order. */
  view: OrderListView | null;
  /** What the administrator typed, tidied; "" for no search. */
  search: string;
  cursor: OrderCursor;
}

/** Spaces collapsed, control characters dropped, at most ORDER_SEARCH_MAX characters. */
export function normaliseOrderSearch(raw: string | null | undefined): string {
  const printable = [...(raw ?? "")]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? " " : c))
    .join("");
  return printable.replace(/\s+/g, " ").trim().slice(0, ORDER_SEARCH_MAX).trim();
}

export function parseOrderListQuery(params: URLSearchParams): OrderListQuery {
  const filter = parseOrderFilter(params.get("status"));
  const search = normaliseOrderSearch(params.get("q"));
  const after = params.get("after");
  const before = params.get("before");
  let cursor: OrderCursor = { kind: "newest" };
  // A cursor that is not an order id is ignored: the list starts at the newest.
  if (isUuid(after)) cursor = { kind: "after", id: after.toLowerCase() };
  else if (isUuid(before)) cursor = { kind: "before", id: before.toLowerCase() };
  else if (params.get("page") === "oldest") cursor = { kind: "oldest" };
  return { filter, view: parseOrderView(params.get("show")), search, cursor };
}

/** The address of a list: only what differs from the default is written. */
export function orderListHref(query: {
  filter?: OrderFilter;
  view?: OrderListView | null;
  search?: string;
  cursor?: OrderCursor;
}): string {
  const params = new URLSearchParams({ tab: "orders" });
  if (query.view) params.set("show", query.view);
  if (query.filter && query.filter !== "all") params.set("status", query.filter);
  const search = normaliseOrderSearch(query.search);
  if (search) params.set("q", search);
  const cursor = query.cursor ?? { kind: "newest" };
  if (cursor.kind === "after" || cursor.kind === "before") params.set(cursor.kind, cursor.id);
  if (cursor.kind === "oldest") params.set("page", "oldest");
  return `/admin?${params}`;
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What a search looks for: the text in the customer's name or e-mail (any case), and, when it
 * can be one, a piece of the order number ("#3FA85F64", "3fa85f64" or "3FA8"), which is the
 * last 8 characters of the order's id.
 */
export function orderSearchTerms(search: string): { text: string; numberPart: string | null } {
  const text = normaliseOrderSearch(search);
  const number = text.replace(/^#/, "");
  return { text, numberPart: /^[0-9a-f]{1,8}$/i.test(number) ? number.toLowerCase() : null };
}

/** "Orders 21–40 of 10,000" (en dash, thousands separators); "" when nothing is shown. */
export function pageRangeLabel(position: number, shown: number, total: number): string {
  if (shown === 0) return "";
  const n = (value: number) => value.toLocaleString("en-US");
  return `Orders ${n(position + 1)}–${n(position + shown)} of ${n(total)}`;
}

/** The order the address opens in the detail view (`order=<id>`); null when absent or not an order id. */
export function parseOpenOrder(params: URLSearchParams): string | null {
  const id = params.get("order");
  return isUuid(id) ? id.toLowerCase() : null;
}

/** The detail view of one order, keeping the list's filter, search and page for the way back. */
export function orderDetailHref(
  orderId: string,
  query: { filter?: OrderFilter; view?: OrderListView | null; search?: string; cursor?: OrderCursor } = {},
): string {
  return `${orderListHref(query)}&order=${encodeURIComponent(orderId)}`;
}

/** How many pieces the order's lines hold. */
export function pieceCount(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export type PaymentState = "paid" | "refund_pending" | "partly_refunded" | "refunded";

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: "Paid",
  refund_pending: "Refund pending",
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
};

/** The money's state on the list: a refund being made first, then all or part of it given back. */
export function paymentState(order: {
  totalCents: number;
  refundedCents: number;
  refundPending: boolean;
}): PaymentState {
  if (order.refundPending) return "refund_pending";
  if (order.refundedCents > 0 && order.refundedCents >= order.totalCents) return "refunded";
  if (order.refundedCents > 0) return "partly_refunded";
  return "paid";
}
