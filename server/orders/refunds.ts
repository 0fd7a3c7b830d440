import { and, asc, eq, lt, sql } from "drizzle-orm";
import { statusWord } from "../../domain/admin-dashboard";
import {
  ConflictError,
  InvalidInputError,
  isErrorOfKind,
  NotFoundError,
  PaymentRefusedError,
  ProviderUnavailableError,
} from "../../domain/errors";
import { restockNote } from "../../domain/history-notes";
import { isUuid } from "../../domain/ids";
import { canTransition, type OrderStatus } from "../../domain/order-status";
import {
  customerMayCancel,
  piecesRefundRefusal,
  quoteCancellation,
  quoteItemCancellation,
  quoteReturn,
  type RefundActor,
  type RefundKind,
  type RefundLine,
  refundMessages,
  refundSummary,
} from "../../domain/refunds";
import type { OrderView, PaymentMethod } from "../../domain/views";
import type { Tx } from "../db/client";
import { checkouts, orderRefunds, orders, type StatusHistoryEntry } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { periodicTask } from "../periodic-task";
import { refundEmail } from "./refund-emails";
import { type OrdersDeps, orderViews, returnStock } from "./service";

/**
 * Refunds of orders: the administrator's cancellation, cancellation of some pieces before shipping
 * and return after it, the customer's own cancel (docs/decisions/033-refunds-returns-and-customer-cancel.md,
 * 039-returns-only-after-shipping.md). The only writer of `order_refunds`.
 * Three steps: (1) lock the order, check, write the refund as pending with its idempotency key;
 * (2) ask the provider, outside any transaction, with that key; (3) record the outcome. Whoever
 * finds a pending refund finishes it with its own key, so the provider never refunds twice; the
 * sweeper finishes those nobody comes back to (decision 037).
 */

/** Gives money back through the provider that took it (wired to server/payments in server/services.ts). */
export type RefundPayment = (payment: {
  method: PaymentMethod;
  sandbox: boolean;
  paymentRef: string;
  amountCents: number;
  key: string;
}) => Promise<{ id: string }>;

export interface RefundsDeps extends OrdersDeps {
  refundPayment: RefundPayment;
}

export interface RefundSweepOptions {
  /** A pending refund younger than this is left to the request that began it. */
  minAgeMs?: number;
  intervalMs?: number;
  batchSize?: number;
}

/** What a pass of the sweeper did with one pending refund. */
export type SweptRefund = { refundId: string; orderId: string; result: "succeeded" | "failed" | "pending" };

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

interface Actor {
  kind: RefundActor;
  userId: string | null;
}

interface RefundRequest {
  orderId: string;
  /**
   * What was asked: `partial_cancellation` is "cancel these pieces", recorded as a cancellation
   * when they are every piece left (decision 039).
   */
  kind: RefundKind;
  actor: Actor;
  note: string;
  /** Return or partial cancellation: the pieces; a cancellation takes every piece left. */
  lines?: readonly RefundLine[];
  /** Return: put the pieces back in stock. A cancellation, partial or not, always does. */
  restock?: boolean;
  /** Return or partial cancellation: how many refunds the administrator saw on the order (a compare-and-set). */
  seenRefunds?: number;
  /** Administrator's cancellation: the status the administrator saw. */
  from?: OrderStatus;
  /** Customer's cancellation: the order must be theirs (another shopper's is not found). */
  ownerId?: string;
}

const PROVIDER_NAMES = { paypal: "PayPal", stripe: "Stripe" } as const;
const providerName = (order: Pick<OrderRow, "paymentMethod" | "sandbox">) =>
  order.sandbox ? "The sandbox" : PROVIDER_NAMES[order.paymentMethod];

/** A provider's 4xx with a reason is a refusal; a timeout, a 5xx, a busy key or a network error leaves the outcome unknown. */
function isRefusal(error: unknown): boolean {
  if (!isErrorOfKind(error, "provider_unavailable")) return false;
  const status = (error as ProviderUnavailableError).providerStatus;
  return status !== undefined && status >= 400 && status < 500 && ![401, 408, 409, 425, 429].includes(status);
}

/** Whether a refund found pending is what this request asks for: then finishing it answers the request. */
function sameRequest(refund: RefundRow, request: RefundRequest): boolean {
  const sameLines = () =>
    JSON.stringify(refund.lines) ===
    JSON.stringify([...(request.lines ?? [])].filter((l) => l.quantity > 0).sort((a, b) => a.index - b.index));
  switch (request.kind) {
    case "cancellation":
      return refund.kind === "cancellation";
    case "partial_cancellation":
      // Every piece left was asked for: it was recorded as the order's cancellation.
      return (refund.kind === "partial_cancellation" || refund.kind === "cancellation") && sameLines();
    case "return":
      return refund.kind === "return" && refund.restocked === Boolean(request.restock) && sameLines();
  }
}

export function createRefundsService(deps: RefundsDeps, sweep: RefundSweepOptions = {}) {
  const { db } = deps;
  const log = deps.logger.child({ component: "refunds" });

  async function lockOrder(tx: Tx, orderId: string, ownerId?: string): Promise<OrderRow> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!row || (ownerId !== undefined && row.userId !== ownerId)) throw new NotFoundError("Order not found");
    return row;
  }

  /** Step 1: checks the request against the locked order and writes it as pending; or finds the pending refund to finish first. */
  async function begin(request: RefundRequest): Promise<{ refund: RefundRow; resumed: boolean }> {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, request.orderId, request.ownerId);
      const all = await tx
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, order.id))
        .orderBy(asc(orderRefunds.sequence));
      const pending = all.find((refund) => refund.status === "pending");
      if (pending) return { refund: pending, resumed: true };
      const done = all.filter((refund) => refund.status === "succeeded");
      let check: ReturnType<typeof quoteReturn>;
      let kind: RefundKind = request.kind;
      if (request.kind === "cancellation") {
        if (order.status === "cancelled") throw new ConflictError(refundMessages.cancelled);
        if (request.actor.kind === "customer" && !customerMayCancel(order.status))
          throw new ConflictError(refundMessages.customerTooLate);
        if (request.from !== undefined && request.from !== order.status) {
          throw new ConflictError(
            `This order is already ${statusWord(order.status)}, not ${statusWord(request.from)}: someone changed it meanwhile. Nothing was changed.`,
          );
        }
        if (!canTransition(order.status, "cancelled")) {
          throw new InvalidInputError(
            `An order that is ${statusWord(order.status)} cannot be changed to ${statusWord("cancelled")}.`,
          );
        }
        check = quoteCancellation(order, done);
      } else {
        // Pieces are cancelled before the order is shipped and returned after (decision 039).
        const refused = piecesRefundRefusal(order.status, request.kind === "return" ? "return" : "cancel");
        if (refused) throw new ConflictError(refused);
        if (request.seenRefunds !== undefined && request.seenRefunds !== done.length) {
          throw new ConflictError(
            "This order was refunded meanwhile by someone else. Look at it again: nothing was refunded now.",
          );
        }
        if (request.kind === "return") check = quoteReturn(order, done, request.lines ?? []);
        else {
          const cancelled = quoteItemCancellation(order, done, request.lines ?? []);
          if (cancelled.ok) kind = cancelled.kind;
          check = cancelled;
        }
      }
      if (!check.ok) throw new InvalidInputError(check.message);
      const sequence = all.length + 1;
      const [refund] = await tx
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          sequence,
          kind,
          amountCents: check.quote.amountCents,
          lines: check.quote.lines,
          restocked: kind !== "return" || Boolean(request.restock),
          idempotencyKey: `refund-${order.id}-${sequence}`,
          actor: request.actor.kind,
          actorUserId: request.actor.userId,
          note: request.note,
        })
        .returning();
      return { refund, resumed: false };
    });
  }

  /** Marks a refused refund failed: the order stays as it was. */
  async function fail(refund: RefundRow, reason: string): Promise<void> {
    await db
      .update(orderRefunds)
      .set({ status: "failed", failureReason: reason, completedAt: new Date() })
      .where(sql`${orderRefunds.id} = ${refund.id} and ${orderRefunds.status} = 'pending'`);
  }

  /** Step 2: the provider, with the refund's own key. Throws (after marking a refusal failed) when no money moved. */
  async function pay(refund: RefundRow, order: OrderRow): Promise<string | null> {
    if (refund.amountCents === 0) return null;
    const [checkout] = await db
      .select({ paymentRef: checkouts.paymentRef })
      .from(checkouts)
      .where(eq(checkouts.id, order.checkoutId));
    const name = providerName(order);
    if (!checkout?.paymentRef) {
      await fail(refund, "no payment reference");
      throw new PaymentRefusedError(
        `${name} payment of this order is not known to the store, so it cannot be refunded here. Nothing was changed.`,
        "refund_refused",
      );
    }
    try {
      const answer = await deps.refundPayment({
        method: order.paymentMethod,
        sandbox: order.sandbox,
        paymentRef: checkout.paymentRef,
        amountCents: refund.amountCents,
        key: refund.idempotencyKey,
      });
      return answer.id;
    } catch (error) {
      if (isRefusal(error)) {
        const reason = (error as Error).message;
        await fail(refund, reason);
        log.warn({ orderId: order.id, refundId: refund.id, reason }, "refund refused by the provider");
        throw new PaymentRefusedError(`${name} refused the refund (${reason}). Nothing was changed.`, "refund_refused");
      }
      log.error({ err: error, orderId: order.id, refundId: refund.id }, "refund outcome unknown; it stays pending");
      throw new ProviderUnavailableError(
        order.sandbox ? "sandbox" : order.paymentMethod,
        `${name} could not be reached to make the refund. Nothing was changed in the store; try again: the same refund is asked for, never a second one.`,
      );
    }
  }

  /** Step 3: records the refund's success with its restock, history, status and e-mail; false when someone else recorded it first. */
  async function record(refund: RefundRow, providerRefundId: string | null) {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, refund.orderId);
      const now = new Date();
      const [marked] = await tx
        .update(orderRefunds)
        .set({ status: "succeeded", providerRefundId, completedAt: now })
        .where(sql`${orderRefunds.id} = ${refund.id} and ${orderRefunds.status} = 'pending'`)
        .returning();
      if (!marked) return { order, restocked: [] as string[], recorded: false };
      const back = refund.lines.map((line) => ({ ...order.items[line.index], quantity: line.quantity }));
      const restocked = refund.restocked ? await returnStock(tx, back, deps.restock ?? null) : [];
      const pieces = back.reduce((sum, line) => sum + line.quantity, 0);
      const summary = refundSummary(refund.kind, refund.amountCents, order.items, refund.lines);
      const stock = refund.restocked ? restockNote(pieces) : ""; // the shopper never reads it (domain/history-notes.ts)
      const status: OrderStatus = refund.kind === "cancellation" ? "cancelled" : order.status;
      const note = [refund.note, `${summary}${stock}.`].filter(Boolean).join(" — ");
      const entry: StatusHistoryEntry = { status, timestamp: now.toISOString(), note };
      const [updated] = await tx
        .update(orders)
        .set({
          status,
          statusHistory: sql`${orders.statusHistory} || ${JSON.stringify([entry])}::jsonb`,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id))
        .returning();
      const names = refund.lines.map((line) => `${line.quantity} × ${order.items[line.index]?.title}`).join(", ");
      await enqueueMail(
        tx,
        refundEmail(
          updated,
          { kind: refund.kind, amountCents: refund.amountCents, pieces: names, note: refund.note },
          deps.publicUrl,
        ),
      );
      return { order: updated, restocked, recorded: true };
    });
  }

  /** Steps 2 and 3 for one refund, then the live notices. */
  async function finish(refund: RefundRow): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.id, refund.orderId));
    const providerRefundId = await pay(refund, order);
    const result = await record(refund, providerRefundId);
    if (result.recorded) {
      log.info(
        {
          orderId: order.id,
          refundId: refund.id,
          kind: refund.kind,
          amountCents: refund.amountCents,
          restocked: result.restocked.length,
        },
        "order refunded",
      );
      deps.wakeMail?.();
      deps.publish?.({ type: "order.status", orderId: order.id, userId: order.userId });
      for (const productId of result.restocked) deps.publish?.({ type: "product.updated", productId });
    }
    return result.order;
  }

  async function run(request: RefundRequest): Promise<OrderView> {
    if (!isUuid(request.orderId)) throw new NotFoundError("Order not found");
    const { refund, resumed } = await begin(request);
    const order = await finish(refund);
    if (resumed && !sameRequest(refund, request)) {
      throw new ConflictError(
        "An earlier refund of this order had not finished: it is done now. Look at the order again; nothing else was refunded.",
      );
    }
    return (await orderViews(db, [order]))[0];
  }

  /**
   * Finishes refunds left pending before `olderThan`: the provider timed out or its answer was
   * lost, or the process stopped between asking and recording. Each is asked for again with its
   * own key (money moves at most once) and recorded with its restock, history and e-mail; one the
   * provider refuses is marked failed and its order stays as it was; one still unanswered stays
   * pending for the next pass. Oldest first, `limit` at a time.
   */
  async function finishStale(olderThan: Date, limit: number): Promise<SweptRefund[]> {
    const stale = await db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.status, "pending"), lt(orderRefunds.createdAt, olderThan)))
      .orderBy(asc(orderRefunds.createdAt))
      .limit(limit);
    const swept: SweptRefund[] = [];
    for (const refund of stale) {
      let result: SweptRefund["result"] = "succeeded";
      try {
        await finish(refund);
      } catch (error) {
        result = isErrorOfKind(error, "payment_refused") ? "failed" : "pending";
        if (result === "pending")
          log.warn(
            { err: error, orderId: refund.orderId, refundId: refund.id },
            "a pending refund is still unanswered; will try again",
          );
      }
      log.info({ orderId: refund.orderId, refundId: refund.id, kind: refund.kind, result }, "pending refund swept");
      swept.push({ refundId: refund.id, orderId: refund.orderId, result });
    }
    return swept;
  }

  const minAgeMs = sweep.minAgeMs ?? 5 * 60_000;
  const batchSize = sweep.batchSize ?? 20;
  const sweeper = periodicTask({
    name: "refund sweep",
    intervalMs: sweep.intervalMs ?? 2 * 60_000,
    run: () => finishStale(new Date(Date.now() - minAgeMs), batchSize),
    logger: log,
  });

  return {
    finishStale,
    /** Finishes pending refunds nobody came back to: a pass at start-up, then every interval (decision 037). */
    sweeper: { start: sweeper.start, stop: sweeper.stop },

    /** The administrator cancels: the whole amount not refunded yet goes back, every piece left back in stock. */
    cancelByAdmin(input: {
      orderId: string;
      from: OrderStatus;
      note: string;
      adminId?: string | null;
    }): Promise<OrderView> {
      return run({
        orderId: input.orderId,
        kind: "cancellation",
        from: input.from,
        note: input.note,
        actor: { kind: "admin", userId: input.adminId ?? null },
      });
    },

    /** The customer cancels their own Placed or Confirmed order, with the same refund and restock. */
    cancelByCustomer(input: { orderId: string; userId: string }): Promise<OrderView> {
      return run({
        orderId: input.orderId,
        kind: "cancellation",
        ownerId: input.userId,
        note: "Cancelled by the customer",
        actor: { kind: "customer", userId: input.userId },
      });
    },

    /**
     * The administrator cancels some pieces of an order not shipped yet: refunded like a return of
     * them, always back in stock; the order goes on, unless they are every piece left, which
     * cancels it and refunds the rest, shipping included (decision 039).
     */
    cancelItems(input: {
      orderId: string;
      lines: readonly RefundLine[];
      seenRefunds?: number;
      note?: string;
      adminId?: string | null;
    }): Promise<OrderView> {
      return run({
        orderId: input.orderId,
        kind: "partial_cancellation",
        lines: input.lines,
        seenRefunds: input.seenRefunds,
        note: input.note ?? "",
        actor: { kind: "admin", userId: input.adminId ?? null },
      });
    },

    /** The administrator refunds some pieces of a shipped order (a return), optionally putting them back in stock. */
    refundItems(input: {
      orderId: string;
      lines: readonly RefundLine[];
      restock: boolean;
      seenRefunds?: number;
      note?: string;
      adminId?: string | null;
    }): Promise<OrderView> {
      return run({
        orderId: input.orderId,
        kind: "return",
        lines: input.lines,
        restock: input.restock,
        seenRefunds: input.seenRefunds,
        note: input.note ?? "",
        actor: { kind: "admin", userId: input.adminId ?? null },
      });
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
