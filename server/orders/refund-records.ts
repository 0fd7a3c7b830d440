import { and, asc, eq, inArray } from "drizzle-orm";
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

/** The succeeded refunds of these orders, oldest first, by order id (one query for a page of orders). */
export async function refundsByOrder(db: Reader, orderIds: readonly string[]): Promise<Map<string, OrderRefundView[]>> {
  const byOrder = new Map<string, OrderRefundView[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(and(inArray(orderRefunds.orderId, [...orderIds]), eq(orderRefunds.status, "succeeded")))
    .orderBy(asc(orderRefunds.orderId), asc(orderRefunds.sequence));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), refundView(row)]);
  return byOrder;
}
