import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { OrderRefundView } from "../../domain/views";
import type { Database, Tx } from "../db/client";
import { orderRefunds } from "../db/schema";

type Reader = Pick<Database | Tx, "select">;

export function refundView(row: typeof orderRefunds.$inferSelect): OrderRefundView {
  return {
    id: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    lines: row.lines,
    restocked: row.restocked,
    createdAt: (row.completedAt ?? row.createdAt).toISOString(),
  };
}

export interface OrderRefunds {
  /** Succeeded, oldest first. */
  done: OrderRefundView[];
  /** A refund asked of the provider whose outcome the store has not recorded yet. */
  pending: boolean;
}

/** The refunds of these orders by order id (one query for a page of orders). */
export async function refundsByOrder(db: Reader, orderIds: readonly string[]): Promise<Map<string, OrderRefunds>> {
  const byOrder = new Map<string, OrderRefunds>();
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(and(inArray(orderRefunds.orderId, [...orderIds]), inArray(orderRefunds.status, ["succeeded", "pending"])))
    .orderBy(asc(orderRefunds.orderId), asc(orderRefunds.sequence));
  for (const row of rows) {
    const entry = byOrder.get(row.orderId) ?? { done: [], pending: false };
    if (row.status === "pending") entry.pending = true;
    else entry.done.push(refundView(row));
    byOrder.set(row.orderId, entry);
  }
  return byOrder;
}

/** What /metrics says of the refunds (docs/decisions/042-metrics.md). */
export interface RefundGauges {
  /** Asked of the provider, outcome not recorded yet (the sweep of decision 037 finishes them). */
  pending: number;
  /** How long the oldest of them has been pending, by the database's clock; 0 when none is. */
  oldestPendingSeconds: number;
}

/** Read through the partial index order_refunds_one_pending_per_order (pending rows only). */
export async function refundGauges(db: Reader): Promise<RefundGauges> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      oldest: sql<number>`coalesce(extract(epoch from now() - min(${orderRefunds.createdAt})), 0)::float8`,
    })
    .from(orderRefunds)
    .where(eq(orderRefunds.status, "pending"));
  return { pending: Number(row.pending), oldestPendingSeconds: Math.max(0, Number(row.oldest)) };
}
