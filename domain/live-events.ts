import { isUuid } from "./ids";

/**
 * Change notices of the live stream (GET /api/events). They carry ids only: a page that
 * hears one reloads the data through its own loaders, which check who is asking. Nothing in a
 * notice is shown or trusted.
 */
export type LiveEvent =
  | { type: "product.added" | "product.updated" | "product.deleted"; productId: string }
  | { type: "review.added" | "review.updated" | "review.deleted"; productId: string }
  | { type: "order.created" | "order.status"; orderId: string; userId: string }
  /** The owner's search synonyms changed (decision 059): searches may find other products. */
  | { type: "search.updated" };

/**
 * What a stream carries: the events, plus "resync" when notices may have been missed (the
 * server's link to the other instances was down for a while) so the page reloads everything.
 */
export type LiveNotice = LiveEvent | { type: "resync" };

const PRODUCT_EVENTS: readonly string[] = ["product.added", "product.updated", "product.deleted"];
const REVIEW_EVENTS: readonly string[] = ["review.added", "review.updated", "review.deleted"];
const ORDER_EVENTS: readonly string[] = ["order.created", "order.status"];
/** better-auth's user ids are random strings, not UUIDs. */
const USER_ID = /^[\w-]{1,100}$/;

/**
 * A live event read from the wire (another instance's NOTIFY) or checked before it is
 * published: its type and ids, extra fields dropped, or null for anything else. Written
 * without a schema library, because every page's live updates read notices with it
 * (docs/decisions/025-what-the-browser-loads-when.md).
 */
export function readLiveEvent(value: unknown): LiveEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const { type, productId, orderId, userId } = value as Record<string, unknown>;
  if (typeof type !== "string") return null;
  if (type === "search.updated") return { type };
  if (PRODUCT_EVENTS.includes(type) || REVIEW_EVENTS.includes(type)) {
    return isUuid(productId) ? ({ type, productId } as LiveEvent) : null;
  }
  if (ORDER_EVENTS.includes(type)) {
    return isUuid(orderId) && typeof userId === "string" && USER_ID.test(userId)
      ? ({ type, orderId, userId } as LiveEvent)
      : null;
  }
  return null;
}

/** A notice as a stream carries it: an event, or "resync"; null for anything else. */
export function readLiveNotice(value: unknown): LiveNotice | null {
  if (typeof value === "object" && value !== null && (value as { type?: unknown }).type === "resync")
    return { type: "resync" };
  return readLiveEvent(value);
}

/** The person a stream belongs to, as far as the rule below needs to know. */
export interface StreamViewer {
  id: string;
  isAdmin: boolean;
}

/**
 * Who may hear a notice. Products and reviews are public; an order notice goes to its customer
 * and to the administrator, nobody else (the ids alone would tell a stranger that someone's
 * order moved).
 */
export function canReceive(notice: LiveNotice, viewer: StreamViewer | null): boolean {
  if (notice.type === "order.created" || notice.type === "order.status") {
    return viewer !== null && (viewer.isAdmin || viewer.id === notice.userId);
  }
  return true;
}

export const isProductEvent = (e: LiveEvent): e is Extract<LiveEvent, { productId: string }> => "productId" in e;
export const isOrderEvent = (e: LiveEvent): e is Extract<LiveEvent, { orderId: string }> => "orderId" in e;
