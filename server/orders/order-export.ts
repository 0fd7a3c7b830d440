import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { and, asc, eq, gt, or } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { ORDER_EXPORT_COLUMNS, orderExportRecord } from "../../domain/order-export";
import type { Database } from "../db/client";
import { orders } from "../db/schema";

const PAGE = 1000;

/**
 * Writes every order, oldest first, to a CSV file (`npm run store -- export-orders FILE.csv`):
 * read in keyset pages so a large store is never held in memory at once; quoting by
 * csv-stringify. Returns how many orders were written.
 */
export async function exportOrdersCsv(db: Database, file: string): Promise<number> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  let count = 0;
  try {
    await write(stringify([[...ORDER_EXPORT_COLUMNS]]));
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const rows = await db
        .select()
        .from(orders)
        .where(after ? or(gt(orders.createdAt, after.createdAt), and(eq(orders.createdAt, after.createdAt), gt(orders.id, after.id))) : undefined)
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(PAGE);
      if (!rows.length) break;
      await write(stringify(rows.map(orderExportRecord)));
      count += rows.length;
      const last = rows[rows.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
      if (rows.length < PAGE) break;
    }
  } finally {
    out.end();
    await once(out, "close");
  }
  return count;
}
