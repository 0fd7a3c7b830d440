/**
 * How the load test and the upgrade test (tests/system/upgrade.test.ts) change stock behind the
 * running stores' backs, as the store itself does (docs/decisions/032-stock-per-variant.md): the
 * products' rows locked first, in id order, then their variants, and each product's stock_count
 * set to the sum of its variants in the same transaction.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../server/db/client";
import { products, productVariants } from "../server/db/schema";
import { variantStockKey } from "./load-check";

/** Runs `change` (which updates the variants and returns the ones it changed) under the store's locking order. */
export async function changeVariantStock<T>(
  db: Database,
  productIds: string[],
  change: (tx: Parameters<Parameters<Database["transaction"]>[0]>[0]) => Promise<T[]>,
): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for("update");
    const changed = await change(tx);
    await tx
      .update(products)
      .set({
        stockCount: sql`(select coalesce(sum(v.stock), 0)::int from product_variants v where v.product_id = ${products.id})`,
      })
      .where(inArray(products.id, productIds));
    return changed;
  });
}

/** Every variant of these products gets `stock` pieces. */
export const setEveryVariant = (db: Database, productIds: string[], stock: number) =>
  changeVariantStock(db, productIds, (tx) =>
    tx
      .update(productVariants)
      .set({ stock })
      .where(inArray(productVariants.productId, productIds))
      .returning({ id: productVariants.id }),
  );

/**
 * A sold-out size and colour of these products gets `pieces` back; the pieces added are counted
 * into `restocked` by variant (variantStockKey), for the verdict's "initial + restocked − sold".
 */
export async function restockSoldOut(
  db: Database,
  productIds: string[],
  pieces: number,
  restocked: Record<string, number>,
): Promise<void> {
  const rows = await changeVariantStock(db, productIds, (tx) =>
    tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${pieces}` })
      .where(and(inArray(productVariants.productId, productIds), eq(productVariants.stock, 0)))
      .returning({
        productId: productVariants.productId,
        selectedSize: productVariants.size,
        color: productVariants.color,
      }),
  );
  for (const row of rows) restocked[variantStockKey(row)] = (restocked[variantStockKey(row)] ?? 0) + pieces;
}
