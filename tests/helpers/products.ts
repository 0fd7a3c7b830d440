import { eq } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { products, productVariants } from "../../server/db/schema";
import { spreadStock } from "../../domain/variants";

export type NewProduct = typeof products.$inferInsert;

let counter = 0;

/**
 * Inserts products with distinct, increasing createdAt values unless told otherwise. Each
 * product's stockCount becomes its variants by the migration rule (decision 032): floor(N / k)
 * per size × colour, the first N mod k one more; or all in the variant `stockIn` names.
 */
export async function insertProducts(
  db: Database,
  rows: (Partial<NewProduct> & { stockIn?: { size: string | null; color: string | null } })[],
): Promise<{ id: string; title: string }[]> {
  const base = Date.UTC(2026, 0, 1);
  const values = rows.map(({ stockIn: _, ...row }) => {
    counter += 1;
    return {
      title: `Test product ${counter}`,
      description: "A test product",
      priceCents: 1000,
      category: "Dress",
      sizes: ["S", "M"],
      imageUrls: [],
      stockCount: 5,
      createdAt: new Date(base + counter * 1000),
      ...row,
    };
  });
  const made = await db.insert(products).values(values).returning({ id: products.id, title: products.title });
  // `stockIn`: every piece in that one size and colour (the others sold out), for tests that buy it.
  for (const [i, row] of made.entries()) await setStock(db, row.id, values[i].stockCount, rows[i].stockIn);
  return made;
}

/** Sets a product's stock as a test needs it: `total` spread over its variants (or one variant's `stock`), the sum kept. */
export async function setStock(
  db: Database,
  productId: string,
  total: number,
  only?: { size: string | null; color: string | null },
): Promise<void> {
  const [product] = await db
    .select({ sizes: products.sizes, colors: products.colors })
    .from(products)
    .where(eq(products.id, productId));
  const spread = spreadStock(
    total,
    product.sizes,
    product.colors.map((c) => c.name),
  );
  const variants = only
    ? spread.map((v) => ({ ...v, stock: v.size === only.size && v.color === only.color ? total : 0 }))
    : spread;
  await db.transaction(async (tx) => {
    await tx.delete(productVariants).where(eq(productVariants.productId, productId));
    await tx.insert(productVariants).values(variants.map((v) => ({ productId, ...v })));
    await tx.update(products).set({ stockCount: total }).where(eq(products.id, productId));
  });
}
