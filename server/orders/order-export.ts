import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { asc } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { ORDER_EXPORT_COLUMNS, orderExportRecord } from "../../domain/order-export";
import type { Database } from "../db/client";
import { orders } from "../db/schema";

const PAGE = 1000;

/**
 * Writes every order, oldest first, to a CSV file (`npm run store -- export-orders FILE.csv`):
 * read in pages of one snapshot, so a large store is never held in memory at once; quoting by
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
    // One snapshot for the whole file: orders placed meanwhile neither appear twice nor shift a page.
    await db.transaction(
      async (tx) => {
        for (let offset = 0; ; offset += PAGE) {
          const rows = await tx.select().from(orders).orderBy(asc(orders.createdAt), asc(orders.id)).limit(PAGE).offset(offset);
          if (rows.length) await write(stringify(rows.map(orderExportRecord)));
          count += rows.length;
          if (rows.length < PAGE) break;
        }
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
  } finally {
    out.end();
    await once(out, "close");
  }
  return count;
}
