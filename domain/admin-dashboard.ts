import { ORDER_STATUSES, type OrderStatus } from "./order-status";

/** The dashboard's tabs (docs/product.md §2); the tab lives in the URL (?tab=orders) so reload and back keep it. */
export const ADMIN_TABS = ["overview", "products", "orders", "mail", "discounts", "size-guides", "search"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const ADMIN_TAB_LABELS: Record<AdminTab, string> = {
  overview: "Overview",
  products: "Products",
  orders: "Orders",
  mail: "Mail",
  discounts: "Discounts",
  "size-guides": "Size guides",
  // The search's synonyms (issue 27, decision 059).
  search: "Search",
};

export function parseAdminTab(value: string | null | undefined): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? "") ? (value as AdminTab) : "overview";
}

/**
 * The Orders tab's filter buttons: the original All, Placed, Processing, Shipped, Delivered, and
 * the statuses it leaves out (Confirmed, Out for delivery, Cancelled), so that every order is
 * under a filter of its own status; in the order an order goes through them.
 */
export const ORDER_FILTERS = ["all", ...ORDER_STATUSES] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export function parseOrderFilter(value: string | null | undefined): OrderFilter {
  return (ORDER_FILTERS as readonly string[]).includes(value ?? "") ? (value as OrderFilter) : "all";
}

const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed",
  confirmed: "Confirmed",
  processing: "Processing",
  shipped: "Shipped",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

export function statusLabel(status: OrderStatus): string {
  return STATUS_LABELS[status];
}

export function filterLabel(filter: OrderFilter): string {
  return filter === "all" ? "All" : STATUS_LABELS[filter];
}

/** The readable word that goes into the toast 'Order status updated to {status}'. */
export function statusWord(status: OrderStatus): string {
  return STATUS_LABELS[status].toLowerCase();
}

/**
 * Badge colours: distinct ones for delivered, shipped, processing and cancelled
 * (docs/product.md §2), readable ones for the rest. Each pair keeps text contrast above 4.5:1.
 */
const STATUS_TONES: Record<OrderStatus, string> = {
  placed: "bg-stone-100 text-stone-800 ring-stone-300",
  confirmed: "bg-sky-50 text-sky-900 ring-sky-200",
  processing: "bg-amber-50 text-amber-900 ring-amber-300",
  shipped: "bg-blue-50 text-blue-900 ring-blue-300",
  out_for_delivery: "bg-violet-50 text-violet-900 ring-violet-300",
  delivered: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  cancelled: "bg-red-50 text-red-900 ring-red-300",
};

export function statusTone(status: OrderStatus): string {
  return STATUS_TONES[status];
}

/** How many orders each filter button would show. */
export function filterCounts(countsByStatus: Partial<Record<OrderStatus, number>>): Record<OrderFilter, number> {
  const counts = { all: 0 } as Record<OrderFilter, number>;
  for (const status of ORDER_STATUSES) {
    counts[status] = countsByStatus[status] ?? 0;
    counts.all += counts[status];
  }
  return counts;
}

/**
 * A note the administrator typed, or the default 'Order {status}' with the status in
 * words ("Order out for delivery", not "Order out_for_delivery").
 */
export const STATUS_NOTE_MAX = 500;
export function historyNote(status: OrderStatus, typed: string | null | undefined): string {
  const note = (typed ?? "").replace(/\s+/g, " ").trim().slice(0, STATUS_NOTE_MAX);
  return note || `Order ${statusWord(status)}`;
}
