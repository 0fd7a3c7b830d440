import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { ORDER_EXPORT_COLUMNS, orderExportRecord } from "../../domain/order-export";
import type { Database } from "../db/client";
import { orderRefunds, orders } from "../db/schema";
import { PRIVATE_FILE_MODE, privateFile } from "../private-files";

const PAGE = 1000;

/**
 * Writes every order, oldest first, with what was refunded of it, to a CSV file (`npm run store -- export-orders FILE.csv`):
 * read in pages of one snapshot, so a large store is never held in memory at once; quoting by
 * csv-stringify. Returns how many orders were written.
 */
export async function exportOrdersCsv(db: Database, file: string): Promise<number> {
  // For the operator only: it lists every customer's name, e-mail and purchases.
  const out = createWriteStream(file, { mode: PRIVATE_FILE_MODE });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  let count = 0;
  try {
    await write(stringify([[...ORDER_EXPORT_COLUMNS]]));
    // One snapshot for the whole file: orders placed meanwhile neither appear twice nor shift a page.
    await db.transaction(
      async (tx) => {
        for (let offset = 0; ; offset += PAGE) {
          const rows = await tx
            .select()
            .from(orders)
            .orderBy(asc(orders.createdAt), asc(orders.id))
            .limit(PAGE)
            .offset(offset);
          const refunded = new Map<string, number>();
          if (rows.length) {
            const sums = await tx
              .select({ orderId: orderRefunds.orderId, cents: sql<number>`sum(${orderRefunds.amountCents})::int` })
              .from(orderRefunds)
              .where(
                and(
                  inArray(
                    orderRefunds.orderId,
                    rows.map((row) => row.id),
                  ),
                  eq(orderRefunds.status, "succeeded"),
                ),
              )
              .groupBy(orderRefunds.orderId);
            for (const sum of sums) refunded.set(sum.orderId, Number(sum.cents));
            await write(
              stringify(rows.map((row) => orderExportRecord({ ...row, refundedCents: refunded.get(row.id) ?? 0 }))),
            );
          }
          count += rows.length;
          if (rows.length < PAGE) break;
        }
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
  } finally {
    out.end();
    await once(out, "close");
    // A file that was there before keeps its mode on open: narrow it too.
    privateFile(file);
  }
  return count;
}
