import { and, eq, inArray, sql } from "drizzle-orm";
import { statusWord } from "../../domain/admin-dashboard";
import { ConflictError, InvalidInputError, NotFoundError } from "../../domain/errors";
import { isUuid } from "../../domain/ids";
import { canTransition, type OrderStatus, PENDING_STATUSES } from "../../domain/order-status";
import { checkTracking, trackingMessages, trackingView } from "../../domain/tracking";
import type { AdminOrderPage, OrdersOverview, OrderView } from "../../domain/views";
import { orderRefunds, orders, type StatusHistoryEntry } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { type AdminOrderListQuery, listAdminOrders } from "./admin-order-list";
import { paidLessRefunded } from "./admin-overview";
import type { RefundsService } from "./refunds";
import { type OrdersDeps, orderViews } from "./service";
import { orderStatusEmail } from "./status-emails";

/**
 * The administrator's side of orders: the dashboard's figures and lists, and status changes.
 * A change locks the order's row, checks the status the administrator saw (and that no
 * cancellation is being refunded), and writes the new status with its history entry and its
 * e-mail, all in one transaction: two administrators' tabs cannot both move the same order
 * from the same status, and a refused change leaves no trace.
 */
export function createAdminOrdersService(deps: OrdersDeps & { refunds: Pick<RefundsService, "cancelByAdmin"> }) {
  const { db } = deps;
  const log = deps.logger.child({ component: "admin-orders" });

  return {
    async overview(): Promise<OrdersOverview> {
      const pending = sql.join(
        PENDING_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      );
      // Paid minus refunded (returns): a cancelled order counts nothing (decision 033); the sales chart shares it.
      const paid = paidLessRefunded;
      const [row] = await db
        .select({
          totalOrders: sql<number>`count(*)::int`,
          revenueCents: sql<string>`coalesce(sum(${paid}) filter (where ${orders.status} <> 'cancelled' and not ${orders.sandbox}), 0)::bigint`,
          pendingOrders: sql<number>`(count(*) filter (where ${orders.status} in (${pending})))::int`,
          sandboxOrders: sql<number>`(count(*) filter (where ${orders.sandbox}))::int`,
          sandboxRevenueCents: sql<string>`coalesce(sum(${paid}) filter (where ${orders.status} <> 'cancelled' and ${orders.sandbox}), 0)::bigint`,
        })
        .from(orders);
      return {
        totalOrders: Number(row.totalOrders),
        revenueCents: Number(row.revenueCents),
        pendingOrders: Number(row.pendingOrders),
        sandboxOrders: Number(row.sandboxOrders),
        sandboxRevenueCents: Number(row.sandboxRevenueCents),
      };
    },

    /** One page of the Orders tab: filtered by status, searched, paged by keyset (admin-order-list.ts). */
    listOrders(query: AdminOrderListQuery): Promise<AdminOrderPage> {
      return listAdminOrders(db, query);
    },

    async getOrder(orderId: string): Promise<OrderView> {
      if (!isUuid(orderId)) throw new NotFoundError("Order not found");
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!row) throw new NotFoundError("Order not found");
      return (await orderViews(db, [row]))[0];
    },

    /**
     * Moves an order from `from` (the status the administrator saw) to `to`, appending
     * {status, timestamp, note} to its history and queueing the customer's e-mail. Cancelling
     * is the refunds service's: the money goes back through the provider and the pieces back
     * into stock (decision records 013 and 033).
     */
    async changeStatus(input: {
      orderId: string;
      from: OrderStatus;
      to: OrderStatus;
      note: string;
      /** The administrator's carrier and tracking number as typed (domain/tracking.ts checks them); only with Shipped. */
      tracking?: { carrier: unknown; number: unknown };
    }): Promise<OrderView> {
      const { orderId, from, to, note } = input;
      if (!isUuid(orderId)) throw new NotFoundError("Order not found");
      if (!canTransition(from, to)) {
        // The table does not allow it: invalid input (400); nothing was changed.
        throw new InvalidInputError(`An order that is ${statusWord(from)} cannot be changed to ${statusWord(to)}.`);
      }
      const checked = checkTracking(input.tracking?.carrier, input.tracking?.number);
      if (!checked.ok) throw new InvalidInputError(checked.message, { [checked.field]: checked.message });
      const tracking = checked.tracking;
      if (tracking && to !== "shipped") throw new InvalidInputError(trackingMessages.onlyWhenShipped);
      if (to === "cancelled") return deps.refunds.cancelByAdmin({ orderId, from, note });
      const now = new Date();
      const entry: StatusHistoryEntry = { status: to, timestamp: now.toISOString(), note };
      const order = await db.transaction(async (tx) => {
        // The row lock first, then the checks as statements of their own: each sees what was
        // committed before the lock was granted. (Checks inside one UPDATE's WHERE would read
        // the refunds table as it was when the UPDATE began, and miss a cancellation whose
        // refund began while the UPDATE waited for the lock: both changes won, once, on PostgreSQL.)
        const [current] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for("update");
        if (!current) throw new NotFoundError("Order not found");
        if (current.status !== from) {
          throw new ConflictError(
            `This order is already ${statusWord(current.status)}, not ${statusWord(from)}: someone changed it meanwhile. Nothing was changed.`,
          );
        }
        // Not while a cancellation is being refunded: it will set the status itself (decision 033);
        // nor while some pieces are, so that an order is never shipped with pieces being cancelled (decision 039).
        const [busy] = await tx
          .select({ kind: orderRefunds.kind })
          .from(orderRefunds)
          .where(
            and(
              eq(orderRefunds.orderId, orderId),
              eq(orderRefunds.status, "pending"),
              inArray(orderRefunds.kind, ["cancellation", "partial_cancellation"]),
            ),
          )
          .limit(1);
        if (busy)
          throw new ConflictError(
            busy.kind === "cancellation"
              ? "This order is being cancelled and refunded right now. Nothing was changed."
              : "Pieces of this order are being cancelled and refunded right now. Nothing was changed.",
          );
        const [row] = await tx
          .update(orders)
          .set({
            status: to,
            statusHistory: sql`${orders.statusHistory} || ${JSON.stringify([entry])}::jsonb`,
            ...(tracking ? { trackingCarrier: tracking.carrier, trackingNumber: tracking.number } : {}),
            updatedAt: now,
          })
          .where(eq(orders.id, orderId))
          .returning();
        await enqueueMail(
          tx,
          // The shipped e-mail carries the tracking entered with it (decision 054).
          orderStatusEmail(row, to, note, deps.publicUrl, tracking && trackingView(tracking.carrier, tracking.number)),
        );
        return (await orderViews(tx, [row]))[0];
      });
      log.info({ orderId, from, to }, "order status changed");
      deps.wakeMail?.();
      deps.publish?.({ type: "order.status", orderId, userId: order.userId });
      return order;
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
