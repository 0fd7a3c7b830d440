import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { OutOfStockError } from "../../domain/errors";
import { type VariantStock, variantChoices, variantKey } from "../../domain/variants";
import type { Size } from "../../domain/catalog";
import type { Database, Tx } from "../db/client";
import { products, productVariants } from "../db/schema";
import { type RestockAlerts, releaseRestockedAlerts } from "./stock-alerts";

/**
 * Stock per variant (docs/decisions/032-stock-per-variant.md): the only code that changes
 * `product_variants` and, with it, the product's `stock_count` (the sum of its variants), in the
 * caller's transaction. Locks are taken in one order everywhere: products by id, and for each
 * product its row first, then its variants by size and colour; two payments, or a payment and
 * the administrator's save, cannot deadlock.
 *
 * Every change that adds stock (the grid, the import, stock given back) ends by releasing the
 * "Notify me" requests of a combination that has stock now (server/catalog/stock-alerts.ts,
 * decision 061), in the same transaction: the e-mails exist exactly when the stock does.
 * `alerts` is null only where no request can wait (the demo seed of an empty store).
 */

/** A line that moves stock: an order item, a checkout line, a returned line. */
export interface StockLine {
  productId: string;
  selectedSize: string | null;
  color: string | null;
  quantity: number;
}

interface VariantPieces {
  size: string | null;
  color: string | null;
  pieces: number;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Pieces per product and, inside it, per variant: duplicate lines of one variant add up. Sorted, for the lock order. */
export function piecesByVariant(lines: readonly StockLine[]): [string, VariantPieces[]][] {
  const byProduct = new Map<string, Map<string, VariantPieces>>();
  for (const line of lines) {
    const variants = byProduct.get(line.productId) ?? new Map<string, VariantPieces>();
    const choice = { size: line.selectedSize, color: line.color };
    const key = variantKey(choice);
    const current = variants.get(key);
    variants.set(key, { ...choice, pieces: (current?.pieces ?? 0) + line.quantity });
    byProduct.set(line.productId, variants);
  }
  // Nothing to move for a line of no (or fewer than no) pieces: a return never takes stock, a take never adds it.
  return [...byProduct]
    .sort(([a], [b]) => compare(a, b))
    .map(([productId, variants]): [string, VariantPieces[]] => [
      productId,
      [...variants].sort(([a], [b]) => compare(a, b)).flatMap(([, v]) => (v.pieces > 0 ? [v] : [])),
    ])
    .filter(([, variants]) => variants.length > 0);
}

const sameVariant = (productId: string, variant: { size: string | null; color: string | null }) =>
  and(
    eq(productVariants.productId, productId),
    sql`${productVariants.size} is not distinct from ${variant.size}::text`,
    sql`${productVariants.color} is not distinct from ${variant.color}::text`,
  );

const sumOf = (pieces: readonly VariantPieces[]) => pieces.reduce((sum, v) => sum + v.pieces, 0);

/** Takes the pieces from their variants, all or nothing: throws OutOfStockError (the caller's transaction rolls back) when one has too few. */
export async function takeVariantStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  for (const [productId, variants] of piecesByVariant(lines)) {
    const total = sumOf(variants);
    const [product] = await tx
      .update(products)
      .set({ stockCount: sql`${products.stockCount} - ${total}` })
      .where(and(eq(products.id, productId), sql`${products.stockCount} >= ${total}`))
      .returning({ id: products.id });
    if (!product) throw new OutOfStockError(productId);
    for (const variant of variants) {
      const [taken] = await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${variant.pieces}` })
        .where(and(sameVariant(productId, variant), sql`${productVariants.stock} >= ${variant.pieces}`))
        .returning({ id: productVariants.id });
      if (!taken) throw new OutOfStockError(productId);
    }
  }
}

/**
 * Gives pieces back to their variants (a PayPal hold not captured, a cancelled order, a return).
 * A deleted product, or a size or colour it no longer has, has nothing to return to; a combination
 * the product has but never had a row for gets one. Returns the products that got pieces back.
 */
export async function returnVariantStock(
  tx: Tx,
  lines: readonly StockLine[],
  alerts: RestockAlerts | null,
): Promise<string[]> {
  const restocked: string[] = [];
  for (const [productId, variants] of piecesByVariant(lines)) {
    const [product] = await tx
      .select({ sizes: products.sizes, colors: products.colors })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!product) continue;
    const offered = new Set(
      variantChoices(
        product.sizes,
        product.colors.map((c) => c.name),
      ).map(variantKey),
    );
    const back = variants.filter((variant) => offered.has(variantKey(variant)) && variant.pieces > 0);
    for (const variant of back) {
      await tx
        .insert(productVariants)
        .values({ productId, size: variant.size, color: variant.color, stock: variant.pieces })
        .onConflictDoUpdate({
          target: [productVariants.productId, productVariants.size, productVariants.color],
          set: { stock: sql`${productVariants.stock} + ${variant.pieces}` },
        });
    }
    if (!back.length) continue;
    await tx
      .update(products)
      .set({ stockCount: sql`${products.stockCount} + ${sumOf(back)}` })
      .where(eq(products.id, productId));
    restocked.push(productId);
  }
  if (alerts) await releaseRestockedAlerts(tx, restocked, alerts);
  return restocked;
}

/**
 * Replaces a product's variants with the administrator's grid (or a new product's first ones) and
 * sets its stock_count to their sum. The caller's transaction holds the product's row.
 */
export async function writeVariants(
  tx: Tx,
  productId: string,
  variants: readonly VariantStock[],
  alerts: RestockAlerts | null,
): Promise<void> {
  await tx.delete(productVariants).where(eq(productVariants.productId, productId));
  if (variants.length) {
    await tx.insert(productVariants).values(variants.map((variant) => ({ productId, ...variant })));
  }
  const total = variants.reduce((sum, variant) => sum + variant.stock, 0);
  await tx.update(products).set({ stockCount: total }).where(eq(products.id, productId));
  if (alerts) await releaseRestockedAlerts(tx, [productId], alerts);
}

/** The variants of some products, in size-then-colour order of each product's grid. */
export async function readVariants(
  executor: Pick<Database, "select">,
  productIds: readonly string[],
): Promise<Map<string, VariantStock[]>> {
  const byProduct = new Map<string, VariantStock[]>();
  if (!productIds.length) return byProduct;
  const rows = await executor
    .select({
      productId: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
      stock: productVariants.stock,
      sku: productVariants.sku,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.id));
  for (const { productId, ...variant } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push({ ...variant, size: variant.size as Size | null });
    byProduct.set(productId, list);
  }
  return byProduct;
}

/** The variants in the product's grid order (sizes XS…XXL, then its colours), rows it has no cell for dropped. */
export function inGridOrder(
  variants: readonly VariantStock[],
  sizes: readonly string[],
  colors: readonly string[],
): VariantStock[] {
  const byKey = new Map(variants.map((variant) => [variantKey(variant), variant]));
  return variantChoices(sizes, colors).flatMap((choice) => {
    const variant = byKey.get(variantKey(choice));
    return variant ? [variant] : [];
  });
}
