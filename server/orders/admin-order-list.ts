import { and, eq, ilike, inArray, like, or, type SQL, sql } from "drizzle-orm";
import type { OrderFilter } from "../../domain/admin-dashboard";
import type { OrderStatus } from "../../domain/order-status";
import { containsPattern, type OrderCursor, type OrderListView, orderSearchTerms } from "../../domain/order-list";
import type { Database } from "../db/client";
import { orderRefunds, orders, returnRequests, users } from "../db/schema";
import { orderViews } from "./service";
import type { AdminOrderPage } from "../../domain/views";

export interface AdminOrderListQuery {
  filter: OrderFilter;
  search: string;
  /** The Overview's lists (domain/order-list.ts); none for every order. */
  view?: OrderListView | null;
  cursor: OrderCursor;
  pageSize: number;
}

/** The orders an Overview list shows: the same rules its "To do" figure counts (admin-overview.ts). */
export function viewCondition(view: OrderListView | null | undefined): SQL | undefined {
  if (view === "to-ship") return inArray(orders.status, ["confirmed", "processing"]);
  if (view === "returns")
    return sql`exists (select 1 from ${returnRequests} where ${returnRequests.orderId} = ${orders.id} and ${returnRequests.status} = 'requested')`;
  // The order's latest refund still pending, or failed: one failed and then made again (and
  // paid) waits for nothing any more.
  if (view === "refunds")
    return sql`(select r.status from ${orderRefunds} r where r.order_id = ${orders.id} order by r.created_at desc, r.id desc limit 1) in ('pending', 'failed')`;
  return undefined;
}

/**
 * The customer's name or e-mail containing the text, any case — the name on the order, the
 * shopper's first and last name in their profile now, the shipping address's name — or an
 * order number containing it. No index serves a "contains" match: a search reads the orders
 * (decision 054 measures it); the status filter and the keyset page stay as they are.
 */
function searchCondition(search: string): SQL | undefined {
  const { text, numberPart } = orderSearchTerms(search);
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(orders.userName, pattern),
    ilike(orders.userEmail, pattern),
    sql`${orders.shippingAddress}->>'name' ilike ${pattern}`,
    sql`${orders.userId} in (select ${users.id} from ${users} where concat_ws(' ', ${users.firstName}, ${users.lastName}) ilike ${pattern} or ${users.name} ilike ${pattern})`,
    // The order number is the id's last 8 characters (domain/ids.ts), stored in lower case.
    numberPart ? like(sql`right(${orders.id}::text, 8)`, containsPattern(numberPart)) : undefined,
  );
}

// The list's order, newest first; (created_at, id) is unique, so pages never overlap. Written
// with NULLS LAST like the indexes (server/db/schema/orders.ts), so the database walks the index.
const NEWEST_FIRST = sql`${orders.createdAt} desc nulls last, ${orders.id} desc nulls last`;
const OLDEST_FIRST = sql`${orders.createdAt} asc nulls first, ${orders.id} asc nulls first`;
const key = sql`(${orders.createdAt}, ${orders.id})`;
/** The (created_at, id) of an order, read inside the query: no timestamp goes through JavaScript and loses its microseconds. */
const keyOf = (id: string) => sql`(select k.created_at, k.id from ${orders} k where k.id = ${id})`;

/**
 * One page of the administrator's orders: keyset paging over (created_at, id), which the
 * indexes orders_newest_idx and orders_status_newest_idx serve, so the 500th page costs what
 * the first does; counts and page read in one snapshot, so they agree with each other.
 */
export async function listAdminOrders(db: Database, query: AdminOrderListQuery): Promise<AdminOrderPage> {
  const { filter, cursor, pageSize } = query;
  // The Overview's list and the search narrow the counts too: each filter button counts within them.
  const searched = and(viewCondition(query.view), searchCondition(query.search));
  const where = and(searched, filter === "all" ? undefined : eq(orders.status, filter));

  return db.transaction(
    async (tx) => {
      const grouped = await tx
        .select({ status: orders.status, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(searched)
        .groupBy(orders.status);
      const countsByStatus: Partial<Record<OrderStatus, number>> = {};
      for (const { status, n } of grouped) countsByStatus[status] = Number(n);
      const total = filter === "all" ? grouped.reduce((sum, g) => sum + Number(g.n), 0) : (countsByStatus[filter] ?? 0);

      const page = (condition: SQL | undefined, order: SQL) =>
        tx.select().from(orders).where(and(where, condition)).orderBy(order).limit(pageSize);
      const newest = () => page(undefined, NEWEST_FIRST);
      let rows: (typeof orders.$inferSelect)[];
      if (cursor.kind === "after") {
        rows = await page(sql`${key} < ${keyOf(cursor.id)}`, NEWEST_FIRST);
      } else if (cursor.kind === "before") {
        rows = (await page(sql`${key} > ${keyOf(cursor.id)}`, OLDEST_FIRST)).reverse();
        // Back at the start, the first page is a full one.
        if (rows.length < pageSize) rows = await newest();
      } else if (cursor.kind === "oldest") {
        rows = (await page(undefined, OLDEST_FIRST)).reverse();
      } else {
        rows = await newest();
      }
      // A made-up order id starts the list afresh. (An order that has changed status since
      // still marks the place: the list goes on from where it stood.)
      if (!rows.length && cursor.kind !== "newest") rows = await newest();

      let position = 0;
      if (rows.length) {
        const [before] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(and(where, sql`${key} > ${keyOf(rows[0].id)}`));
        position = Number(before.n);
      }
      return {
        items: await orderViews(tx, rows),
        countsByStatus,
        total,
        position,
        newerThan: position > 0 ? rows[0].id : null,
        olderThan: position + rows.length < total ? (rows.at(-1)?.id ?? null) : null,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
