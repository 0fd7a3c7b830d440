import { and, desc, eq } from "drizzle-orm";
import { grandTotal, orderItemOf } from "../../domain/checkout-line";
import { isUuid, orderNumber } from "../../domain/ids";
import type { LiveEvent } from "../../domain/live-events";
import { INITIAL_ORDER_NOTE, INITIAL_ORDER_STATUS } from "../../domain/order-status";
import type { Database, Tx } from "../db/client";
import { type CheckoutLine, type CheckoutStatus, type OrderItem, orders, users } from "../db/schema";
import type { Logger } from "../logger";
import { enqueueMail } from "../mail/outbox";
import type { RestockAlerts } from "../catalog/stock-alerts";
import { returnVariantStock, type StockLine, takeVariantStock } from "../catalog/variant-stock";
import {
  type Checkout,
  claimCheckout,
  claimStockHold,
  completeCheckout,
  lockCheckout,
  setStockHold,
} from "../checkouts/checkouts";
import { holdDiscountUse, redeemDiscount } from "../discounts/redemptions";
import { orderConfirmationEmail } from "./emails";
import { newOrderOwnerEmail } from "./owner-emails";
import { NotFoundError, PaymentRefusedError } from "../../domain/errors";
import { shopperHistory } from "../../domain/history-notes";
import { trackingView } from "../../domain/tracking";
import type { OrderRefundView, OrderView, ReturnRequestView } from "../../domain/views";
import { refundsByOrder } from "./refund-records";
import { returnRequestsByOrder } from "./return-records";

export type { Tx };

type OrderRow = typeof orders.$inferSelect;

/** The one shape orders leave the server in, for shoppers and the administrator alike; `refunds` are its succeeded refunds. */
export function toOrderView(
  row: OrderRow,
  refunds: readonly OrderRefundView[] = [],
  refundPending = false,
  returnRequests: readonly ReturnRequestView[] = [],
): OrderView {
  return {
    id: row.id,
    number: orderNumber(row.id),
    userId: row.userId,
    userEmail: row.userEmail,
    userName: row.userName,
    items: row.items,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    discountCode: row.discountCode,
    taxCents: row.taxCents,
    shippingCents: row.shippingCents,
    totalCents: grandTotal(row),
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    paymentMethod: row.paymentMethod,
    paymentId: row.paymentId,
    sandbox: row.sandbox,
    status: row.status,
    statusHistory: row.statusHistory,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    refunds: [...refunds],
    refundedCents: refunds.reduce((sum, refund) => sum + refund.amountCents, 0),
    refundPending,
    returnRequests: [...returnRequests],
    tracking: trackingView(row.trackingCarrier, row.trackingNumber),
  };
}

/** An order as its shopper receives it: the history without the administrator's stock notes (docs/product.md §4). */
export function shopperOrderView(view: OrderView): OrderView {
  return { ...view, statusHistory: shopperHistory(view.statusHistory) };
}

/** Order rows with their refunds, as views (one query for the refunds of all of them). */
export async function orderViews(db: Pick<Database | Tx, "select">, rows: readonly OrderRow[]): Promise<OrderView[]> {
  const refunds = await refundsByOrder(
    db,
    rows.map((row) => row.id),
  );
  const requests = await returnRequestsByOrder(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toOrderView(row, refunds.get(row.id)?.done, refunds.get(row.id)?.pending, requests.get(row.id)),
  );
}

/** Takes the pieces from their variants (decision 032), all or nothing: the caller's transaction rolls back on OutOfStockError. */
async function takeStock(tx: Tx, lines: readonly CheckoutLine[]): Promise<void> {
  await takeVariantStock(tx, lines);
}

/**
 * Gives pieces back to their variants (size × colour): a PayPal hold that was not captured, or a
 * cancelled or returned order's lines, with the quantity that goes back. Returns the products
 * that got them back (a product deleted meanwhile, or a variant it no longer has, takes nothing).
 */
export async function returnStock(
  tx: Tx,
  lines: readonly StockLine[],
  alerts: RestockAlerts | null,
): Promise<string[]> {
  return returnVariantStock(tx, lines, alerts);
}

/**
 * Orders: the only code that writes them. An order exists only after a verified payment and
 * is made in one transaction with its stock decrement, its checkout's completion and its
 * confirmation e-mail; the checkout row lock and the unique payment id make a second call
 * (a replayed webhook, a reloaded success page, two captures at once) return the same order.
 */
/** What the orders services (the shopper's and the administrator's, admin-orders.ts) need. */
export interface OrdersDeps {
  db: Database;
  publicUrl: string;
  logger: Logger;
  wakeMail?: () => void;
  /** Live notices, sent after each change is committed (server/events). */
  publish?: (event: LiveEvent) => void;
  /** Where the owner's e-mails go (ADMIN_EMAIL): each new order and each return request (owner-emails.ts); none when unset. */
  ownerEmail?: string;
  /**
   * After a new order is committed (once per order, never for a replay): the bought lines come off
   * the shopper's saved cart. A failure here is logged; the order stands.
   */
  afterOrderPlaced?: (order: OrderView) => Promise<void>;
  /** The "Notify me" e-mails stock given back queues (decision 061). */
  restock?: RestockAlerts;
}

export function createOrdersService(deps: OrdersDeps) {
  const { db } = deps;
  const log = deps.logger.child({ component: "orders" });
  /** Stock moved: pages showing these products ('Out of Stock', the cache of visitor pages) must read them again. */
  const productsChanged = (lines: readonly { productId: string }[]) => {
    for (const productId of new Set(lines.map((line) => line.productId)))
      deps.publish?.({ type: "product.updated", productId });
  };

  return {
    /**
     * Holds the checkout's pieces for a PayPal capture about to happen, so a sold-out order is
     * never captured. Returns when the hold was taken (or the one already held); throws
     * OutOfStockError when the pieces are not there, DiscountUsedUpError when the checkout's
     * discount code has no use left for this shopper (checked, not yet counted: the order counts it).
     */
    async reserveStock(
      checkoutId: string,
      seen?: Checkout,
    ): Promise<{ status: CheckoutStatus; reservedAt: Date | null }> {
      const result = await db.transaction(async (tx) => {
        // The row the step read, if it still has no hold: held by compare-and-set, no second read.
        const at = new Date();
        if (seen && !seen.stockReservedAt && seen.status === "pending" && (await claimStockHold(tx, seen, at))) {
          if (seen.discountId) await holdDiscountUse(tx, seen.discountId, seen.userId);
          await takeStock(tx, seen.lines);
          return { status: seen.status, reservedAt: at, taken: seen.lines };
        }
        const checkout = await lockCheckout(tx, checkoutId);
        if (checkout.status !== "pending" || checkout.stockReservedAt) {
          return { status: checkout.status, reservedAt: checkout.stockReservedAt, taken: null };
        }
        if (checkout.discountId) await holdDiscountUse(tx, checkout.discountId, checkout.userId);
        await takeStock(tx, checkout.lines);
        const reservedAt = new Date();
        await setStockHold(tx, checkoutId, reservedAt);
        return { status: checkout.status, reservedAt, taken: checkout.lines };
      });
      if (result.taken) productsChanged(result.taken);
      return { status: result.status, reservedAt: result.reservedAt };
    },

    /** Gives back the pieces of a hold that did not become an order; a hold already released or used is left alone. */
    async releaseStock(checkoutId: string, reservedAt: Date): Promise<boolean> {
      const returned = await db.transaction(async (tx) => {
        const checkout = await lockCheckout(tx, checkoutId);
        if (checkout.status === "completed" || checkout.stockReservedAt?.getTime() !== reservedAt.getTime())
          return null;
        await returnStock(tx, checkout.lines, deps.restock ?? null);
        await setStockHold(tx, checkoutId, null);
        return checkout.lines;
      });
      if (returned) productsChanged(returned);
      return returned !== null;
    },

    /**
     * Records the order of a verified payment. Idempotent: the order this checkout already has
     * is returned as is. Throws OutOfStockError (nothing written) when the pieces are gone,
     * PaymentRefusedError when the money was already given back. `sandbox` says the payment
     * went through the built-in sandbox (no money moved); the order keeps that mark for good.
     */
    async fulfilCheckout(
      checkoutId: string,
      payment: { paymentId: string; paymentRef: string | null; sandbox: boolean },
      /** The checkout row the step already read: locked by compare-and-set instead of read again. */
      seen?: Checkout,
    ): Promise<{ order: OrderView; created: boolean }> {
      const result = await db.transaction(async (tx) => {
        const checkout = seen && (await claimCheckout(tx, seen)) ? seen : await lockCheckout(tx, checkoutId);
        const [existing] = await tx.select().from(orders).where(eq(orders.checkoutId, checkoutId));
        if (existing) return { order: (await orderViews(tx, [existing]))[0], created: false };
        if (checkout.status === "refunded") throw new PaymentRefusedError("This payment was refunded.", "refunded");
        // A newer checkout of the same cart replaced this one: its money goes back rather than make a second order.
        if (checkout.status === "superseded")
          throw new PaymentRefusedError("This checkout was replaced by a newer one.", "superseded");
        // The code's row is locked until the order is written: the last use goes to one order only.
        if (checkout.discountId) await holdDiscountUse(tx, checkout.discountId, checkout.userId);
        // A hold taken for this payment already holds the pieces; otherwise take them now.
        if (!checkout.stockReservedAt) await takeStock(tx, checkout.lines);
        const [user] = await tx
          .select({ email: users.email, name: users.name, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, checkout.userId));
        if (!user) throw new NotFoundError("User not found");
        const userName =
          [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.name.trim() || user.email;
        const now = new Date();
        const items: OrderItem[] = checkout.lines.map(orderItemOf);
        const [row] = await tx
          .insert(orders)
          .values({
            checkoutId,
            userId: checkout.userId,
            userEmail: user.email,
            userName,
            items,
            subtotalCents: checkout.subtotalCents,
            taxCents: checkout.taxCents,
            shippingCents: checkout.shippingCents,
            discountCode: checkout.discountCode,
            discountCents: checkout.discountCents,
            shippingAddress: checkout.shippingAddress,
            billingAddress: checkout.billingAddress,
            paymentMethod: checkout.provider,
            paymentId: payment.paymentId,
            sandbox: payment.sandbox,
            status: INITIAL_ORDER_STATUS,
            statusHistory: [{ status: INITIAL_ORDER_STATUS, timestamp: now.toISOString(), note: INITIAL_ORDER_NOTE }],
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (checkout.discountId)
          await redeemDiscount(tx, { discountId: checkout.discountId, userId: checkout.userId, orderId: row.id });
        await completeCheckout(tx, checkout, payment.paymentRef, now);
        await enqueueMail(tx, orderConfirmationEmail(row, deps.publicUrl));
        // Only here, where the order row is inserted: a replayed webhook or capture returns above, so the owner hears once.
        if (deps.ownerEmail) await enqueueMail(tx, newOrderOwnerEmail(row, deps.ownerEmail, deps.publicUrl));
        return { order: toOrderView(row), created: true };
      });
      if (result.created) {
        log.info(
          {
            orderId: result.order.id,
            checkoutId,
            paymentMethod: result.order.paymentMethod,
            sandbox: result.order.sandbox,
          },
          "order placed",
        );
        deps.wakeMail?.();
        deps.publish?.({ type: "order.created", orderId: result.order.id, userId: result.order.userId });
        // Stock went down (here or at the hold), and the buyer's reviews of these products are now verified purchases.
        productsChanged(result.order.items);
        try {
          await deps.afterOrderPlaced?.(result.order);
        } catch (error) {
          log.warn(
            { orderId: result.order.id, err: error },
            "order placed, but its lines could not be taken off the saved cart",
          );
        }
      }
      return result;
    },

    /** The order a checkout became, if any. */
    async orderForCheckout(checkoutId: string): Promise<OrderView | null> {
      const [row] = await db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
      return row ? toOrderView(row) : null;
    },

    /** The shopper's orders, newest first (My Orders). */
    async listOrdersForUser(userId: string): Promise<OrderView[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return (await orderViews(db, rows)).map(shopperOrderView);
    },

    /** One of the shopper's orders; someone else's is simply not found. */
    async orderForUser(userId: string, orderId: string): Promise<OrderView> {
      if (!isUuid(orderId)) throw new NotFoundError("Order not found");
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!row) throw new NotFoundError("Order not found");
      return shopperOrderView((await orderViews(db, [row]))[0]);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
