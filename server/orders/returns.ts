import { and, asc, eq, sql } from "drizzle-orm";
import { ConflictError, InvalidInputError, isDomainError, NotFoundError } from "../../domain/errors";
import { isUuid, orderNumber } from "../../domain/ids";
import { quoteReturn } from "../../domain/refunds";
import {
  canMoveReturnRequest,
  checkDeclineNote,
  checkReturnRequest,
  RETURN_REASON_LABELS,
  type ReturnRequestInput,
  type ReturnRequestStatus,
  returnMessages,
  returnPieces,
} from "../../domain/returns";
import type { OrderView, ReturnRequestView } from "../../domain/views";
import type { Tx } from "../db/client";
import { orderRefunds, orders, returnRequests } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import type { RefundsService } from "./refunds";
import { returnRequestOwnerEmail } from "./owner-emails";
import { returnEmail, type ReturnStep } from "./return-emails";
import { returnRequestView } from "./return-records";
import { type OrdersDeps, orderViews } from "./service";

/**
 * Return requests (docs/decisions/052-return-requests.md): the shopper asks, the administrator
 * approves or declines. The only writer of `return_requests`. Every step locks what it changes
 * (the order's row when a request is made, the request's row when it is answered), checks the
 * rule of domain/returns.ts against what is stored, and queues its e-mail in the same
 * transaction. An approval is two steps, as a refund is (decision 037): (1) the request becomes
 * approved, remembering how many refunds the order had; (2) the refund of server/orders/refunds.ts
 * with that count as its compare-and-set, so two approvals, or an approval and a Refund items,
 * never refund the pieces twice; then the request is marked refunded with its refund.
 */

type RequestRow = typeof returnRequests.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export interface ReturnsDeps extends OrdersDeps {
  refunds: Pick<RefundsService, "refundItems">;
}

/** The answer of an approval: the order as it now is, and whether its refund was recorded (else why not). */
export interface ApprovalResult {
  order: OrderView;
  refunded: boolean;
  problem?: string;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown })?.code === "23505" || (error as { cause?: { code?: unknown } })?.cause?.code === "23505";

function sameLines(
  a: readonly { index: number; quantity: number }[],
  b: readonly { index: number; quantity: number }[],
) {
  const key = (lines: readonly { index: number; quantity: number }[]) =>
    JSON.stringify([...lines].sort((x, y) => x.index - y.index).map((l) => [l.index, l.quantity]));
  return key(a) === key(b);
}

export function createReturnsService(deps: ReturnsDeps) {
  const { db } = deps;
  const log = deps.logger.child({ component: "returns" });

  const notify = (order: Pick<OrderRow, "id" | "userId">) => {
    deps.wakeMail?.();
    deps.publish?.({ type: "order.status", orderId: order.id, userId: order.userId });
  };

  async function succeededRefunds(tx: Pick<Tx, "select">, orderId: string) {
    return tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "succeeded")))
      .orderBy(asc(orderRefunds.sequence));
  }

  async function lockRequest(tx: Tx, requestId: string): Promise<RequestRow> {
    if (!isUuid(requestId)) throw new NotFoundError(returnMessages.notFound);
    const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, requestId)).for("update");
    if (!row) throw new NotFoundError(returnMessages.notFound);
    return row;
  }

  async function orderOf(tx: Pick<Tx, "select">, orderId: string): Promise<OrderRow> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    return order;
  }

  function mail(tx: Tx, order: OrderRow, step: ReturnStep, request: RequestRow, note = "") {
    return enqueueMail(
      tx,
      returnEmail(
        order,
        step,
        { pieces: returnPieces(order.items, request.lines), reason: request.reason, note },
        deps.publicUrl,
      ),
    );
  }

  async function moved(tx: Tx, request: RequestRow, to: ReturnRequestStatus, set: Partial<RequestRow>) {
    if (!canMoveReturnRequest(request.status, to))
      throw new ConflictError(returnMessages.alreadyDecided(request.status));
    const [row] = await tx
      .update(returnRequests)
      .set({ ...set, status: to, updatedAt: new Date() })
      .where(and(eq(returnRequests.id, request.id), eq(returnRequests.status, request.status)))
      .returning();
    if (!row) throw new ConflictError(returnMessages.alreadyDecided(request.status));
    return row;
  }

  /**
   * Marks an approved request refunded when the order's next refund after its approval is its
   * return (the same pieces); false when there is none yet (refused, or still pending).
   */
  async function settle(requestId: string): Promise<boolean> {
    const done = await db.transaction(async (tx) => {
      const request = await lockRequest(tx, requestId);
      if (request.status === "refunded") return true;
      if (request.status !== "approved") return false;
      const refunds = await succeededRefunds(tx, request.orderId);
      const mine = refunds[request.refundsSeen ?? 0];
      if (mine?.kind !== "return" || !sameLines(mine.lines, request.lines)) return false;
      await moved(tx, request, "refunded", { refundId: mine.id });
      return true;
    });
    return done;
  }

  /** Step 2 of an approval (or its retry): the refund, then the request's mark. */
  async function refund(request: RequestRow, adminId: string | null): Promise<ApprovalResult> {
    let problem: string | undefined;
    try {
      await deps.refunds.refundItems({
        orderId: request.orderId,
        lines: request.lines,
        restock: request.restock ?? true,
        seenRefunds: request.refundsSeen ?? 0,
        note: `Returned: ${RETURN_REASON_LABELS[request.reason]}`,
        adminId,
      });
    } catch (error) {
      // A refusal (the provider's, or a refund made meanwhile): said to the administrator; the
      // request stays approved and may be refunded again. Anything else is ours: logged, 500.
      if (!isDomainError(error)) throw error;
      problem = error.message;
    }
    const refunded = await settle(request.id);
    if (refunded) problem = undefined;
    const order = await orderOf(db, request.orderId);
    notify(order);
    log.info({ orderId: order.id, returnRequestId: request.id, refunded }, "return request approved");
    return { order: (await orderViews(db, [order]))[0], refunded, problem };
  }

  return {
    /** The shopper asks for a return of some pieces of their delivered order. */
    async request(input: { orderId: string; userId: string } & ReturnRequestInput): Promise<ReturnRequestView> {
      if (!isUuid(input.orderId)) throw new NotFoundError("Order not found");
      try {
        const row = await db.transaction(async (tx) => {
          // The order's row, locked: two requests at once are answered one after the other.
          const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
          if (!order || order.userId !== input.userId) throw new NotFoundError("Order not found");
          const refunds = await succeededRefunds(tx, order.id);
          const requests = await tx.select().from(returnRequests).where(eq(returnRequests.orderId, order.id));
          const check = checkReturnRequest(order, refunds, requests, input, new Date());
          if (!check.ok) {
            if (check.kind === "conflict") throw new ConflictError(check.message);
            throw new InvalidInputError(check.message, check.field ? { [check.field]: check.message } : undefined);
          }
          const [made] = await tx
            .insert(returnRequests)
            .values({
              orderId: order.id,
              userId: input.userId,
              lines: check.lines,
              reason: check.reason,
              details: check.details,
            })
            .returning();
          await mail(tx, order, "requested", made);
          // In the request's own transaction: the one-open-request index refuses a second, so the owner hears once.
          if (deps.ownerEmail)
            await enqueueMail(
              tx,
              returnRequestOwnerEmail(
                order,
                { pieces: returnPieces(order.items, made.lines), reason: made.reason, details: made.details },
                deps.ownerEmail,
                deps.publicUrl,
              ),
            );
          return { made, order };
        });
        notify(row.order);
        log.info({ orderId: row.order.id, returnRequestId: row.made.id }, "return requested");
        return returnRequestView(row.made);
      } catch (error) {
        // The one-open-request index: a request that slipped past the lock (another instance's).
        if (isUniqueViolation(error)) throw new ConflictError(returnMessages.alreadyOpen);
        throw error;
      }
    },

    /**
     * The administrator approves: the request becomes approved (and the shopper is e-mailed), then
     * its pieces are refunded and, if `restock`, put back in stock. A second approval, of this
     * request or a decided one, is refused and changes nothing.
     */
    async approve(input: { requestId: string; restock: boolean; adminId?: string | null }): Promise<ApprovalResult> {
      const approved = await db.transaction(async (tx) => {
        const request = await lockRequest(tx, input.requestId);
        if (request.status !== "requested") throw new ConflictError(returnMessages.alreadyDecided(request.status));
        const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for("update");
        const refunds = await succeededRefunds(tx, order.id);
        // The pieces may have been refunded meanwhile (Refund items): then approving cannot refund them.
        const check = quoteReturn(order, refunds, request.lines);
        if (!check.ok) throw new ConflictError(`${check.message} Decline the request instead. Nothing was changed.`);
        const row = await moved(tx, request, "approved", {
          decidedBy: input.adminId ?? null,
          decidedAt: new Date(),
          refundsSeen: refunds.length,
          restock: input.restock,
        });
        await mail(tx, order, "approved", row);
        return row;
      });
      return refund(approved, input.adminId ?? null);
    },

    /** An approved request whose refund did not finish (the provider refused or could not be reached): asked again. */
    async refundApproved(input: { requestId: string; adminId?: string | null }): Promise<ApprovalResult> {
      const request = await db.transaction(async (tx) => {
        const row = await lockRequest(tx, input.requestId);
        if (row.status !== "approved") throw new ConflictError(returnMessages.notApproved);
        return row;
      });
      return refund(request, input.adminId ?? null);
    },

    /** The administrator declines with a note the shopper reads; nothing is refunded. */
    async decline(input: { requestId: string; note: unknown; adminId?: string | null }): Promise<OrderView> {
      const note = checkDeclineNote(input.note);
      if (!note.ok) throw new InvalidInputError(note.message, { note: note.message });
      const order = await db.transaction(async (tx) => {
        const request = await lockRequest(tx, input.requestId);
        if (request.status !== "requested") throw new ConflictError(returnMessages.alreadyDecided(request.status));
        const row = await moved(tx, request, "declined", {
          decidedBy: input.adminId ?? null,
          decidedAt: new Date(),
          decisionNote: note.note,
        });
        const order = await orderOf(tx, row.orderId);
        await mail(tx, order, "declined", row, note.note);
        return order;
      });
      notify(order);
      log.info({ orderId: order.id, returnRequestId: input.requestId }, "return request declined");
      return (await orderViews(db, [order]))[0];
    },

    /** The requests waiting for the administrator, oldest first (the Orders tab's notice): how many, and the first orders' numbers. */
    async waiting(limit = 10): Promise<{ total: number; orderNumbers: string[] }> {
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(returnRequests)
        .where(eq(returnRequests.status, "requested"));
      const rows = await db
        .select({ orderId: returnRequests.orderId })
        .from(returnRequests)
        .where(eq(returnRequests.status, "requested"))
        .orderBy(asc(returnRequests.createdAt))
        .limit(limit);
      return { total: Number(count?.n ?? 0), orderNumbers: rows.map((row) => orderNumber(row.orderId)) };
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
