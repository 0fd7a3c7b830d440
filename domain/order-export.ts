import { type LineChoiceInput, grandTotal } from "./checkout-line";
import { centsToDecimalString } from "./money";
import { spreadsheetSafeRecord } from "./spreadsheet-cell";

/**
 * `npm run store -- export-orders FILE.csv` (docs/command-line.md): one CSV row per order, amounts
 * in dollars with two decimals (as the payment providers are sent them), dates in UTC ISO 8601.
 */

export const ORDER_EXPORT_COLUMNS = [
  "id",
  "date",
  "customer email",
  "customer name",
  "status",
  "items",
  "subtotal",
  "tax",
  "shipping",
  "total",
  "payment method",
  "payment id",
  "sandbox",
  // Discount codes (docs/decisions/034-discount-codes.md): added last, so existing columns keep their place.
  "discount code",
  "discount",
  // Refunds (docs/decisions/033-refunds-returns-and-customer-cancel.md): what went back, so the
  // total less this column is what the shop kept.
  "refunded",
] as const;

export interface ExportedOrder {
  id: string;
  createdAt: Date;
  userEmail: string;
  userName: string;
  status: string;
  items: (LineChoiceInput & { title: string; priceCents: number })[];
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  /** 0 and null without a code. */
  discountCents?: number;
  discountCode?: string | null;
  /** Refunds that succeeded, in cents; 0 without any. */
  refundedCents?: number;
  paymentMethod: string;
  paymentId: string;
  sandbox: boolean;
}

/** "2 × Linen Dress (M, Sand) @ 89.50": quantity, title, the choices made, the unit price. */
export function exportedItem(item: ExportedOrder["items"][number]): string {
  const choices = [item.selectedSize, item.color].filter(Boolean).join(", ");
  return `${item.quantity} × ${item.title}${choices ? ` (${choices})` : ""} @ ${centsToDecimalString(item.priceCents)}`;
}

/**
 * The order's cells, in ORDER_EXPORT_COLUMNS' order; a cell a spreadsheet would read as a formula
 * (a customer's name or a title that begins with `=`, say) starts with an apostrophe.
 */
export function orderExportRecord(order: ExportedOrder): string[] {
  return spreadsheetSafeRecord([
    order.id,
    order.createdAt.toISOString(),
    order.userEmail,
    order.userName,
    order.status,
    order.items.map(exportedItem).join("; "),
    centsToDecimalString(order.subtotalCents),
    centsToDecimalString(order.taxCents),
    centsToDecimalString(order.shippingCents),
    centsToDecimalString(grandTotal(order)),
    order.paymentMethod,
    order.paymentId,
    order.sandbox ? "yes" : "no",
    order.discountCode ?? "",
    centsToDecimalString(order.discountCents ?? 0),
    centsToDecimalString(order.refundedCents ?? 0),
  ]);
}
