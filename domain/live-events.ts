import { z } from "zod";
import { isUuid } from "./ids";

/**
 * Change notices of the live stream (GET /api/events). They carry ids only: a page that
 * hears one reloads the data through its own loaders, which check who is asking. Nothing in a
 * notice is shown or trusted.
 */
export type LiveEvent =
  | { type: "product.added" | "product.updated" | "product.deleted"; productId: string }
  | { type: "review.added" | "review.updated" | "review.deleted"; productId: string }
  | { type: "order.created" | "order.status"; orderId: string; userId: string };

/**
 * What a stream carries: the events, plus "resync" when notices may have been missed (the
 * server's link to the other instances was down for a while) so the page reloads everything.
 */
export type LiveNotice = LiveEvent | { type: "resync" };

const id = z.string().refine(isUuid);
/** better-auth's user ids are random strings, not UUIDs. */
const userId = z.string().regex(/^[\w-]{1,100}$/);

export const liveEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.enum(["product.added", "product.updated", "product.deleted"]), productId: id }),
  z.object({ type: z.enum(["review.added", "review.updated", "review.deleted"]), productId: id }),
  z.object({ type: z.enum(["order.created", "order.status"]), orderId: id, userId }),
]);

export const liveNoticeSchema = z.union([liveEventSchema, z.object({ type: z.literal("resync") })]);

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
