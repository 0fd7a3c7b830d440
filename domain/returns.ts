import type { OrderStatus } from "./order-status";
import { RETURN_WINDOW_DAYS } from "./return-window";
import { readRefundForm, refundedQuantities, type RefundLine } from "./refunds";

/**
 * Returns a shopper asks for (docs/decisions/052-return-requests.md, docs/product.md §4 "Returns"):
 * on a Delivered order, within the return window, some pieces of its lines with a reason. The
 * administrator approves (the refund and restock of decisions 033 and 039) or declines with a note.
 * One open request per order: a second one waits until the first is decided.
 */

export { RETURN_WINDOW_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

export type ReturnRequestStatus = "requested" | "approved" | "declined" | "refunded";
export const RETURN_REQUEST_STATUSES: readonly ReturnRequestStatus[] = [
  "requested",
  "approved",
  "declined",
  "refunded",
];

/** Open: waiting for the administrator, or approved and its refund not recorded yet. */
export const OPEN_RETURN_STATUSES: readonly ReturnRequestStatus[] = ["requested", "approved"];

const NEXT: Record<ReturnRequestStatus, readonly ReturnRequestStatus[]> = {
  requested: ["approved", "declined"],
  approved: ["refunded"],
  declined: [],
  refunded: [],
};

export function canMoveReturnRequest(from: ReturnRequestStatus, to: ReturnRequestStatus): boolean {
  return NEXT[from].includes(to);
}

export function isOpenReturnRequest(status: ReturnRequestStatus): boolean {
  return OPEN_RETURN_STATUSES.includes(status);
}

/** What the shopper and the administrator read for each state. */
export const RETURN_STATUS_LABELS: Record<ReturnRequestStatus, string> = {
  requested: "Return requested",
  approved: "Return approved",
  declined: "Return declined",
  refunded: "Refunded",
};

export const RETURN_REASONS = ["wrong_size", "not_as_expected", "damaged", "changed_mind", "other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrong_size: "Wrong size",
  not_as_expected: "Not as expected",
  damaged: "Arrived damaged",
  changed_mind: "Changed my mind",
  other: "Other",
};

export function isReturnReason(value: unknown): value is ReturnReason {
  return typeof value === "string" && (RETURN_REASONS as readonly string[]).includes(value);
}

/** The shopper's optional words, and the administrator's note when declining. */
export const RETURN_TEXT_MAX = 500;

export const returnMessages = {
  notDelivered: "Only a delivered order can be returned. Nothing was requested.",
  windowClosed: `The ${RETURN_WINDOW_DAYS}-day return window of this order has closed. Nothing was requested.`,
  alreadyOpen: "A return of this order is already requested: we will answer it first. Nothing new was requested.",
  nothingChosen: "Choose at least one piece to return.",
  wholeNumbers: "Quantities to return are whole numbers, 0 or more.",
  unknownLine: "A chosen line is not in this order.",
  listedTwice: (index: number) => `Line ${index + 1} is listed twice.`,
  tooMany: (title: string, left: number) =>
    left === 0 ? `No piece of "${title}" can be returned any more.` : `Only ${left} of "${title}" can be returned.`,
  reason: "Choose a reason for the return.",
  tooLong: `Keep the text under ${RETURN_TEXT_MAX} characters.`,
  declineNote: "Write a note for the customer: it says why the return is declined.",
  notFound: "Return request not found",
  alreadyDecided: (status: ReturnRequestStatus) =>
    `This return request is already ${RETURN_STATUS_LABELS[status].replace(/^Return /, "").toLowerCase()}: someone answered it meanwhile. Nothing was changed.`,
  notApproved: "Only an approved return whose refund did not finish can be refunded again. Nothing was changed.",
  requested: "Return requested",
  requestFailed: "The return was not requested",
  approved: "Return approved and refunded",
  approvedPending: "Return approved; the refund did not finish",
  declined: "Return declined",
  decideFailed: "The return request was not answered",
} as const;

/** When the order was delivered: the last Delivered entry of its history, or null. */
export function deliveredAt(history: readonly { status: OrderStatus; timestamp: string }[]): Date | null {
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].status !== "delivered") continue;
    const at = new Date(history[i].timestamp);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  return null;
}

/** The last moment a return may be asked for: RETURN_WINDOW_DAYS after delivery. */
export function returnWindowEnd(delivered: Date): Date {
  return new Date(delivered.getTime() + RETURN_WINDOW_DAYS * DAY_MS);
}

export interface ReturnableOrder {
  status: OrderStatus;
  statusHistory: readonly { status: OrderStatus; timestamp: string }[];
  items: readonly { title: string; quantity: number }[];
}

/** Why this order cannot take a return request now (not delivered, window closed, one open), or null. */
export function returnRefusal(
  order: ReturnableOrder,
  requests: readonly { status: ReturnRequestStatus }[],
  now: Date,
): { kind: "conflict"; message: string } | null {
  const delivered = order.status === "delivered" ? deliveredAt(order.statusHistory) : null;
  if (!delivered) return { kind: "conflict", message: returnMessages.notDelivered };
  if (now.getTime() > returnWindowEnd(delivered).getTime())
    return { kind: "conflict", message: returnMessages.windowClosed };
  if (requests.some((request) => isOpenReturnRequest(request.status)))
    return { kind: "conflict", message: returnMessages.alreadyOpen };
  return null;
}

/** Pieces of each line that may still be asked back: delivered, less refunded, less asked for in an open request. */
export function returnableQuantities(
  items: readonly { quantity: number }[],
  refunds: readonly { lines: readonly RefundLine[] }[],
  requests: readonly { status: ReturnRequestStatus; lines: readonly RefundLine[] }[],
): number[] {
  const refunded = refundedQuantities(
    items.map((item) => ({ title: "", priceCents: 0, quantity: item.quantity })),
    refunds,
  );
  const asked = refundedQuantities(
    items.map((item) => ({ title: "", priceCents: 0, quantity: item.quantity })),
    requests.filter((request) => isOpenReturnRequest(request.status)),
  );
  return items.map((item, i) => Math.max(0, item.quantity - refunded[i] - asked[i]));
}

export interface ReturnRequestInput {
  lines: readonly RefundLine[];
  reason: unknown;
  details: unknown;
}

export type ReturnRequestCheck =
  | { ok: true; lines: RefundLine[]; reason: ReturnReason; details: string }
  | { ok: false; kind: "conflict" | "invalid_input"; message: string; field?: "lines" | "reason" | "details" };

/**
 * The whole rule of a shopper's return request against the order as stored: delivered, inside
 * the window, no other request open, each line once, whole numbers, not more than can still be
 * returned, a reason from the list, the optional words within RETURN_TEXT_MAX.
 */
export function checkReturnRequest(
  order: ReturnableOrder,
  refunds: readonly { lines: readonly RefundLine[] }[],
  requests: readonly { status: ReturnRequestStatus; lines: readonly RefundLine[] }[],
  input: ReturnRequestInput,
  now: Date,
): ReturnRequestCheck {
  const refused = returnRefusal(order, requests, now);
  if (refused) return { ok: false, ...refused };
  const left = returnableQuantities(order.items, refunds, requests);
  const seen = new Set<number>();
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0)
      return { ok: false, kind: "invalid_input", message: returnMessages.wholeNumbers, field: "lines" };
    if (!Number.isSafeInteger(line.index) || line.index < 0 || line.index >= order.items.length)
      return { ok: false, kind: "invalid_input", message: returnMessages.unknownLine, field: "lines" };
    if (seen.has(line.index))
      return { ok: false, kind: "invalid_input", message: returnMessages.listedTwice(line.index), field: "lines" };
    seen.add(line.index);
    if (line.quantity > left[line.index]) {
      const message = returnMessages.tooMany(order.items[line.index].title, left[line.index]);
      return { ok: false, kind: "invalid_input", message, field: "lines" };
    }
  }
  const lines = input.lines
    .filter((line) => line.quantity > 0)
    .map(({ index, quantity }) => ({ index, quantity }))
    .sort((a, b) => a.index - b.index);
  if (!lines.length) return { ok: false, kind: "invalid_input", message: returnMessages.nothingChosen, field: "lines" };
  if (!isReturnReason(input.reason))
    return { ok: false, kind: "invalid_input", message: returnMessages.reason, field: "reason" };
  const details = typeof input.details === "string" ? input.details.replace(/\s+/g, " ").trim() : "";
  if (details.length > RETURN_TEXT_MAX)
    return { ok: false, kind: "invalid_input", message: returnMessages.tooLong, field: "details" };
  return { ok: true, lines, reason: input.reason, details };
}

/** Reads the shopper's form: `quantity-<index>` fields (as the refund form), `reason`, `details`. */
export function readReturnForm(fields: Iterable<[string, unknown]>): ReturnRequestInput | { message: string } {
  const entries = [...fields];
  const lines = readRefundForm(entries);
  if ("message" in lines) return { message: returnMessages.wholeNumbers };
  const value = (name: string) => entries.find(([key]) => key === name)?.[1];
  return { lines, reason: value("reason"), details: value("details") ?? "" };
}

/** The administrator's note when declining: required, one line, within RETURN_TEXT_MAX. */
export function checkDeclineNote(raw: unknown): { ok: true; note: string } | { ok: false; message: string } {
  const note = typeof raw === "string" ? raw.replace(/\s+/g, " ").trim() : "";
  if (!note) return { ok: false, message: returnMessages.declineNote };
  if (note.length > RETURN_TEXT_MAX) return { ok: false, message: returnMessages.tooLong };
  return { ok: true, note };
}

/** "2 × Linen Shirt, 1 × Cotton Tee": the pieces of a request, in the e-mails and on the order. */
export function returnPieces(items: readonly { title: string }[], lines: readonly RefundLine[]): string {
  return lines.map((line) => `${line.quantity} × ${items[line.index]?.title ?? `line ${line.index + 1}`}`).join(", ");
}
