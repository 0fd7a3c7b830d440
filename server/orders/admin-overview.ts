import { and, asc, eq, gt, lte, or, type SQL, sql } from "drizzle-orm";
import { type LowStockProduct, lowStockProducts, type TodoCounts } from "../../domain/admin-overview";
import { SHOP_TIME_ZONE } from "../../domain/dates";
import { LOW_STOCK_THRESHOLD } from "../../domain/variants";
import {
  addDays,
  type SalesSeries,
  type SalesWindow,
  salesSeries,
  shopDay,
  windowLowerBound,
} from "../../domain/sales-series";
import type { Database } from "../db/client";
import { orderRefunds, orders, products, productVariants, stockAlerts } from "../db/schema";
import { viewCondition } from "./admin-order-list";
import { countGivenUpMail } from "../mail/outbox";

/**
 * What an order brought in: paid (subtotal − discount + tax + shipping) less what was refunded
 * (decision 033). The one definition the "Total Revenue" counter and the sales chart share; a
 * cancelled order counts nothing, and the callers filter it out.
 */
const refunded = sql`coalesce((select sum(${orderRefunds.amountCents}) from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id} and ${orderRefunds.status} = 'succeeded'), 0)`;
export const paidLessRefunded = sql`${orders.subtotalCents} - ${orders.discountCents} + ${orders.taxCents} + ${orders.shippingCents} - ${refunded}`;

export const LOW_STOCK_PRODUCTS_SHOWN = 10;

/**
 * The Overview's figures (docs/decisions/053-owner-overview.md): the sales per day, what waits
 * for the owner, and the variants running low. Read only; the /admin route checks the administrator.
 */
export function createAdminOverviewService(deps: { db: Database; timeZone?: string; now?: () => Date }) {
  const { db } = deps;
  const timeZone = deps.timeZone ?? SHOP_TIME_ZONE;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Revenue and orders per day over the last `days` days, today included, days in the shop's
     * zone: one query grouped by day and sandbox; the empty days filled in by domain/sales-series.ts.
     */
    async sales(days: SalesWindow): Promise<SalesSeries & { timeZone: string }> {
      const today = shopDay(now(), timeZone);
      const first = addDays(today, -days + 1);
      const day = sql<string>`to_char((${orders.createdAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          day,
          sandbox: orders.sandbox,
          orders: sql<number>`count(*)::int`,
          revenueCents: sql<string>`coalesce(sum(${paidLessRefunded}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint`,
        })
        .from(orders)
        .where(
          and(
            // A coarse bound on the column (its index), then the exact days in the shop's zone.
            gt(orders.createdAt, windowLowerBound(today, days)),
            sql`(${orders.createdAt} at time zone ${timeZone})::date between ${first}::date and ${today}::date`,
          ),
        )
        .groupBy(sql`1`, orders.sandbox);
      const series = salesSeries(
        rows.map((row) => ({ ...row, orders: Number(row.orders), revenueCents: Number(row.revenueCents) })),
        today,
        days,
      );
      return { ...series, timeZone };
    },

    /** The "To do" figures, each counted as the list it links to shows them. */
    async todo(): Promise<TodoCounts> {
      // Counted with the very conditions the lists use (admin-order-list.ts): a figure and its list agree.
      const count = (condition: SQL | undefined) =>
        sql<number>`(count(*) filter (where ${condition ?? sql`false`}))::int`;
      const [[row], mailGivenUp] = await Promise.all([
        db
          .select({
            toConfirm: count(eq(orders.status, "placed")),
            toShip: count(viewCondition("to-ship")),
            returnsWaiting: count(viewCondition("returns")),
            refundsOpen: count(viewCondition("refunds")),
          })
          .from(orders),
        countGivenUpMail(db),
      ]);
      return {
        toConfirm: Number(row.toConfirm),
        toShip: Number(row.toShip),
        returnsWaiting: Number(row.returnsWaiting),
        refundsOpen: Number(row.refundsOpen),
        mailGivenUp,
      };
    },

    /**
     * Products with a variant at 1–3 pieces, or sold out while the product has pieces left, or sold
     * out with shoppers waiting for it ("Notify me", decision 061); their low variants named, with
     * how many wait. Products shoppers wait for come first (the list shows ten).
     */
    async lowStock(limit = LOW_STOCK_PRODUCTS_SHOWN): Promise<{ products: LowStockProduct[]; more: number }> {
      // Read through the partial index stock_alerts_waiting_product (migration 0020).
      const waiting = sql<number>`(select count(*) from ${stockAlerts} where ${stockAlerts.productId} = ${productVariants.productId} and ${stockAlerts.size} = coalesce(${productVariants.size}, '') and ${stockAlerts.color} = coalesce(${productVariants.color}, '') and ${stockAlerts.notifiedAt} is null)::int`;
      const rows = await db
        .select({
          productId: products.id,
          title: products.title,
          productStock: products.stockCount,
          size: productVariants.size,
          color: productVariants.color,
          stock: productVariants.stock,
          waiting,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(
          or(
            and(lte(productVariants.stock, LOW_STOCK_THRESHOLD), gt(products.stockCount, 0)),
            and(eq(productVariants.stock, 0), sql`${waiting} > 0`),
          ),
        )
        // Products with the most shoppers waiting first, then by title; inside one, the sizes in the
        // product's own order (S, M, L), then colours.
        .orderBy(
          sql`(select count(*) from ${stockAlerts} where ${stockAlerts.productId} = ${products.id} and ${stockAlerts.notifiedAt} is null) desc`,
          asc(products.title),
          asc(products.id),
          sql`array_position(${products.sizes}, ${productVariants.size})`,
          asc(productVariants.color),
        );
      const all = lowStockProducts(rows);
      return { products: all.slice(0, limit), more: Math.max(0, all.length - limit) };
    },
  };
}

export type AdminOverviewService = ReturnType<typeof createAdminOverviewService>;
