import type { Database } from "../../server/db/client";
import { products } from "../../server/db/schema";

export type NewProduct = typeof products.$inferInsert;

let counter = 0;

/** Inserts products with distinct, increasing createdAt values unless told otherwise. */
export async function insertProducts(db: Database, rows: Partial<NewProduct>[]): Promise<{ id: string; title: string }[]> {
  const base = Date.UTC(2026, 0, 1);
  const values = rows.map((row) => {
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
  return db.insert(products).values(values).returning({ id: products.id, title: products.title });
}
