import { formatMoney } from "./money";
import { canTransition, hasShipped, type OrderStatus } from "./order-status";

/**
 * What an order's refund is worth (docs/decisions/033-refunds-returns-and-customer-cancel.md).
 * The browser names pieces (line index and quantity); the money is computed here, in integer
 * cents, from the order's own amounts:
 * - a return refunds the pieces' share of (subtotal − discount) and their share of tax, computed
 *   cumulatively over every piece returned so far, so returning all pieces one by one adds up to
 *   exactly subtotal − discount + tax, whatever the order of the returns;
 * - a cancellation refunds everything not refunded yet, shipping included;
 * - no refund is ever more than what remains unrefunded.
 * Pieces come back one of two ways (docs/decisions/039-returns-only-after-shipping.md): before the
 * order is shipped they are cancelled (a partial cancellation: always back in stock, and the one
 * that leaves no piece is the order's cancellation); once shipped they are returned.
 */

/**
 * `cancellation`: the order is cancelled, everything not refunded yet goes back. `partial_cancellation`:
 * some pieces of an order not shipped yet. `return`: some pieces of a shipped order.
 */
export type RefundKind = "cancellation" | "partial_cancellation" | "return";
export type RefundStatus = "pending" | "succeeded" | "failed";
export type RefundActor = "admin" | "customer";

/** Pieces of one of the order's lines: `index` into the order's items. */
export interface RefundLine {
  index: number;
  quantity: number;
}

export interface RefundableItem {
  title: string;
  priceCents: number;
  quantity: number;
}

/** The order's amounts as charged. `discountCents` is 0 for orders without a discount code. */
export interface RefundableOrder {
  status: OrderStatus;
  items: readonly RefundableItem[];
  subtotalCents: number;
  discountCents?: number;
  taxCents: number;
  shippingCents: number;
}

/** A refund already made (succeeded): its pieces and its money. */
export interface EarlierRefund {
  kind: RefundKind;
  lines: readonly RefundLine[];
  amountCents: number;
}

export interface RefundQuote {
  /** What goes back to the customer: goods + tax (+ shipping for a cancellation). */
  amountCents: number;
  goodsCents: number;
  taxCents: number;
  shippingCents: number;
  /** The pieces refunded, only lines with a quantity above 0, by index. */
  lines: RefundLine[];
}

export type RefundCheck = { ok: true; quote: RefundQuote } | { ok: false; message: string };

export const refundMessages = {
  cancelled: "This order is cancelled: its money was refunded already.",
  nothingChosen: "Choose at least one piece to refund.",
  wholeNumbers: "Quantities to refund are whole numbers, 0 or more.",
  unknownLine: "A chosen line is not in this order.",
  listedTwice: (index: number) => `Line ${index + 1} is listed twice.`,
  tooMany: (title: string, remaining: number) =>
    remaining === 0
      ? `All pieces of "${title}" were refunded already.`
      : `Only ${remaining} of "${title}" can still be refunded.`,
  nothingLeft: "Everything this order paid has been refunded already.",
  returnBeforeShipping:
    "This order has not been shipped yet, so nothing can be returned: use Cancel items. Nothing was refunded.",
  cancelAfterShipping:
    "This order has been shipped, so its pieces can no longer be cancelled: use Refund items for a return. Nothing was refunded.",
  customerTooLate: "This order is already being prepared, so it can no longer be cancelled here. Please contact us.",
  refunded: (amount: string) => `Refunded ${amount}`,
  refundFailed: "The refund was not made",
  itemsNotCancelled: "The pieces were not cancelled",
  customerCancelled: "Your order is cancelled and your money is on its way back",
  customerCancelFailed: "Your order was not cancelled",
  pendingAdmin:
    "A refund of this order did not finish: the payment provider could not be reached. Press Refund items, Cancel items or Cancelled again to finish it; the same refund is asked for, never a second one.",
  pendingCustomer: "A refund of this order is being made.",
} as const;

/** How some pieces of an order are refunded: cancelled before it is shipped, returned after (decision 039). */
export type PiecesRefundWay = "cancel" | "return";

/**
 * The way pieces of an order in this status come back, or null when they cannot (a cancelled
 * order): returned once shipped (statuses never go back from there), cancelled while the order
 * itself could still be cancelled.
 */
export function piecesRefundWay(status: OrderStatus): PiecesRefundWay | null {
  if (hasShipped(status)) return "return";
  return canTransition(status, "cancelled") ? "cancel" : null;
}

/** Why pieces of an order in this status cannot come back `way`; null when they can. */
export function piecesRefundRefusal(status: OrderStatus, way: PiecesRefundWay): string | null {
  const allowed = piecesRefundWay(status);
  if (allowed === way) return null;
  if (allowed === null) return refundMessages.cancelled;
  return way === "return" ? refundMessages.returnBeforeShipping : refundMessages.cancelAfterShipping;
}

/** The statuses in which a customer may cancel their own order (docs/product.md §4). */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ["placed", "confirmed"];

export function customerMayCancel(status: OrderStatus): boolean {
  return CUSTOMER_CANCELLABLE.includes(status);
}

/** What the customer paid: subtotal − discount + tax + shipping. */
export function paidCents(order: Omit<RefundableOrder, "status" | "items">): number {
  return order.subtotalCents - (order.discountCents ?? 0) + order.taxCents + order.shippingCents;
}

export function refundedCents(refunds: readonly Pick<EarlierRefund, "amountCents">[]): number {
  return refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
}

/** Pieces of each line refunded so far (returns and a cancellation alike). */
export function refundedQuantities(
  items: readonly RefundableItem[],
  refunds: readonly Pick<EarlierRefund, "lines">[],
): number[] {
  const done = items.map(() => 0);
  for (const refund of refunds)
    for (const line of refund.lines) if (line.index in done) done[line.index] += line.quantity;
  return done;
}

/** Pieces of each line that may still be refunded. */
export function remainingQuantities(
  items: readonly RefundableItem[],
  refunds: readonly Pick<EarlierRefund, "lines">[],
): number[] {
  const done = refundedQuantities(items, refunds);
  return items.map((item, i) => Math.max(0, item.quantity - done[i]));
}

/** round(value × part / whole), half up, in integers. */
function share(value: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.floor((2 * value * part + whole) / (2 * whole));
}

function worthOf(items: readonly RefundableItem[], quantities: readonly number[]): number {
  return items.reduce((sum, item, i) => sum + item.priceCents * (quantities[i] ?? 0), 0);
}

/** The goods' and tax's cumulative share of the pieces in `quantities`. */
function cumulative(order: RefundableOrder, quantities: readonly number[]) {
  const whole = worthOf(
    order.items,
    order.items.map((item) => item.quantity),
  );
  const value = worthOf(order.items, quantities);
  const goods = order.subtotalCents - (order.discountCents ?? 0);
  return { goods: share(value, goods, whole), tax: share(value, order.taxCents, whole) };
}

/** Checks the pieces asked for: each line once, in the order, a whole number within what remains. */
function checkLines(
  order: RefundableOrder,
  remaining: readonly number[],
  requested: readonly RefundLine[],
): string | RefundLine[] {
  const seen = new Set<number>();
  for (const line of requested) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) return refundMessages.wholeNumbers;
    if (!Number.isSafeInteger(line.index) || line.index < 0 || line.index >= order.items.length) {
      return refundMessages.unknownLine;
    }
    if (seen.has(line.index)) return refundMessages.listedTwice(line.index);
    seen.add(line.index);
  }
  for (const line of requested) {
    if (line.quantity > remaining[line.index])
      return refundMessages.tooMany(order.items[line.index].title, remaining[line.index]);
  }
  const chosen = requested.filter((line) => line.quantity > 0).sort((a, b) => a.index - b.index);
  return chosen.length ? chosen.map(({ index, quantity }) => ({ index, quantity })) : refundMessages.nothingChosen;
}

/** Checked pieces' share of (subtotal − discount) and of tax, cumulatively, never more than remains. */
function piecesQuote(order: RefundableOrder, earlier: readonly EarlierRefund[], lines: RefundLine[]): RefundQuote {
  const before = refundedQuantities(order.items, earlier);
  const after = [...before];
  for (const line of lines) after[line.index] += line.quantity;
  const from = cumulative(order, before);
  const to = cumulative(order, after);
  const left = Math.max(0, paidCents(order) - refundedCents(earlier));
  const goodsCents = Math.min(to.goods - from.goods, left);
  const taxCents = Math.min(to.tax - from.tax, left - goodsCents);
  return { amountCents: goodsCents + taxCents, goodsCents, taxCents, shippingCents: 0, lines };
}

/** The refund of returned pieces of a shipped order: their share of (subtotal − discount) and of tax. */
export function quoteReturn(
  order: RefundableOrder,
  earlier: readonly EarlierRefund[],
  requested: readonly RefundLine[],
): RefundCheck {
  const refused = piecesRefundRefusal(order.status, "return");
  if (refused) return { ok: false, message: refused };
  const lines = checkLines(order, remainingQuantities(order.items, earlier), requested);
  if (typeof lines === "string") return { ok: false, message: lines };
  return { ok: true, quote: piecesQuote(order, earlier, lines) };
}

export type ItemCancellationCheck =
  | { ok: true; kind: "partial_cancellation" | "cancellation"; quote: RefundQuote }
  | { ok: false; message: string };

/**
 * Pieces of an order not shipped yet, cancelled: the same money as a return of them (their share of
 * goods and tax), always back in stock. Choosing every piece left is the order's cancellation
 * (`kind: "cancellation"`): the order becomes Cancelled and everything not refunded yet, shipping
 * included, goes back.
 */
export function quoteItemCancellation(
  order: RefundableOrder,
  earlier: readonly EarlierRefund[],
  requested: readonly RefundLine[],
): ItemCancellationCheck {
  const refused = piecesRefundRefusal(order.status, "cancel");
  if (refused) return { ok: false, message: refused };
  const remaining = remainingQuantities(order.items, earlier);
  const lines = checkLines(order, remaining, requested);
  if (typeof lines === "string") return { ok: false, message: lines };
  const chosen = remaining.map((_, index) => lines.find((line) => line.index === index)?.quantity ?? 0);
  if (chosen.every((quantity, index) => quantity === remaining[index])) {
    const whole = quoteCancellation(order, earlier);
    return whole.ok ? { ok: true, kind: "cancellation", quote: whole.quote } : whole;
  }
  return { ok: true, kind: "partial_cancellation", quote: piecesQuote(order, earlier, lines) };
}

/** A cancellation: every piece not refunded yet and all the money not refunded yet, shipping included. */
export function quoteCancellation(order: RefundableOrder, earlier: readonly EarlierRefund[]): RefundCheck {
  if (order.status === "cancelled") return { ok: false, message: refundMessages.cancelled };
  const remaining = remainingQuantities(order.items, earlier);
  const lines = remaining.flatMap((quantity, index) => (quantity > 0 ? [{ index, quantity }] : []));
  const before = cumulative(order, refundedQuantities(order.items, earlier));
  const goodsLeft = order.subtotalCents - (order.discountCents ?? 0) - before.goods;
  const taxLeft = order.taxCents - before.tax;
  const amountCents = Math.max(0, paidCents(order) - refundedCents(earlier));
  const goodsCents = Math.min(Math.max(0, goodsLeft), amountCents);
  const taxCents = Math.min(Math.max(0, taxLeft), amountCents - goodsCents);
  return {
    ok: true,
    quote: { amountCents, goodsCents, taxCents, shippingCents: amountCents - goodsCents - taxCents, lines },
  };
}

/** Reads the refund form's quantities: fields `quantity-<index>`; an empty field is 0. */
export function readRefundForm(fields: Iterable<[string, unknown]>): RefundLine[] | { message: string } {
  const lines: RefundLine[] = [];
  for (const [name, raw] of fields) {
    const match = /^quantity-(\d{1,4})$/.exec(name);
    if (!match) continue;
    const text = typeof raw === "string" ? raw.trim() : "";
    if (text === "") continue;
    if (!/^\d{1,6}$/.test(text)) return { message: refundMessages.wholeNumbers };
    lines.push({ index: Number(match[1]), quantity: Number(text) });
  }
  return lines;
}

/** "Refunded $12.10 for 1 × Linen Shirt (M)" — the history note and the e-mail line. */
export function refundSummary(
  kind: RefundKind,
  amountCents: number,
  items: readonly RefundableItem[],
  lines: readonly RefundLine[],
): string {
  const pieces = lines
    .map((line) => `${line.quantity} × ${items[line.index]?.title ?? `line ${line.index + 1}`}`)
    .join(", ");
  if (kind === "cancellation")
    return `Refunded ${formatMoney(amountCents)} in full (order cancelled)${pieces ? `: ${pieces}` : ""}`;
  if (kind === "partial_cancellation") return `Cancelled ${pieces}, refunded ${formatMoney(amountCents)}`;
  return `Refunded ${formatMoney(amountCents)} for ${pieces}`;
}
