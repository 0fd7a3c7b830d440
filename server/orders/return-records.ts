import { asc, inArray } from "drizzle-orm";
import type { ReturnRequestView } from "../../domain/views";
import type { Database, Tx } from "../db/client";
import { returnRequests } from "../db/schema";

type Reader = Pick<Database | Tx, "select">;

export function returnRequestView(row: typeof returnRequests.$inferSelect): ReturnRequestView {
  return {
    id: row.id,
    status: row.status,
    lines: row.lines,
    reason: row.reason,
    details: row.details,
    decisionNote: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The return requests of these orders by order id, oldest first (one query for a page of orders). */
export async function returnRequestsByOrder(
  db: Reader,
  orderIds: readonly string[],
): Promise<Map<string, ReturnRequestView[]>> {
  const byOrder = new Map<string, ReturnRequestView[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select()
    .from(returnRequests)
    .where(inArray(returnRequests.orderId, [...orderIds]))
    .orderBy(asc(returnRequests.orderId), asc(returnRequests.createdAt));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), returnRequestView(row)]);
  return byOrder;
}
