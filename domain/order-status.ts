/** The order state machine of docs/product.md §4: who may follow whom, as data the server enforces and the UI shows. */

export const ORDER_STATUSES = [
  "placed",
  "confirmed",
  "processing",
  "shipped",
  "out_for_delivery",
  "delivered",
  "cancelled",
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every order made by a payment starts here (docs/product.md §4). */
export const INITIAL_ORDER_STATUS: OrderStatus = "placed";
export const INITIAL_ORDER_NOTE = "Order placed successfully";

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["confirmed", "processing", "cancelled"],
  confirmed: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["out_for_delivery", "delivered"],
  out_for_delivery: ["delivered"],
  delivered: [],
  cancelled: [],
};

/** The dashboard's "pending orders" (docs/product.md §4). */
export const PENDING_STATUSES: readonly OrderStatus[] = ["placed", "confirmed", "processing"];

/**
 * The order has left the shop (docs/decisions/039-returns-only-after-shipping.md): from Shipped
 * the table only moves forward (out for delivery, delivered), never back to a status before it.
 */
export const SHIPPED_STATUSES: readonly OrderStatus[] = ["shipped", "out_for_delivery", "delivered"];

export function hasShipped(status: OrderStatus): boolean {
  return SHIPPED_STATUSES.includes(status);
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function allowedNextStatuses(status: OrderStatus): readonly OrderStatus[] {
  return NEXT[status];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** A final order shows 'No further actions available' and accepts no change. */
export function isFinal(status: OrderStatus): boolean {
  return NEXT[status].length === 0;
}

export function isPending(status: OrderStatus): boolean {
  return PENDING_STATUSES.includes(status);
}

/** The history note a status change gets when the administrator gives none (docs/product.md §4). */
export function defaultStatusNote(status: OrderStatus): string {
  return `Order ${status}`;
}
