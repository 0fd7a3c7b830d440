import { eq } from "drizzle-orm";
import type { Category } from "../../domain/catalog";
import { InvalidInputError } from "../../domain/errors";
import type { LiveEvent } from "../../domain/live-events";
import type { SizeGuideRow, SizeGuideView } from "../../domain/size-guide";
import { GUIDE_CATEGORIES, GUIDE_MEASUREMENTS, guideRowsOf, readSizeGuideForm } from "../../domain/size-guide-rules";
import type { Database, Tx } from "../db/client";
import { products, sizeGuides } from "../db/schema";
import type { Logger } from "../logger";

const isGuideCategory = (category: string): category is Category =>
  (GUIDE_CATEGORIES as readonly string[]).includes(category);

const viewOf = (category: Category, stored: unknown): SizeGuideView => ({
  category,
  measurements: [...GUIDE_MEASUREMENTS[category]],
  rows: guideRowsOf(category, stored),
});

/** Stores a category's rows (none: the guide is removed). The one writer of `size_guides`; the demo seed calls it too. */
export async function writeSizeGuide(db: Database | Tx, category: Category, rows: SizeGuideRow[]): Promise<void> {
  if (rows.length === 0) {
    await db.delete(sizeGuides).where(eq(sizeGuides.category, category));
    return;
  }
  await db
    .insert(sizeGuides)
    .values({ category, rows })
    .onConflictDoUpdate({ target: sizeGuides.category, set: { rows, updatedAt: new Date() } });
}

/**
 * Size guides per category (docs/decisions/060-size-guides-and-fit.md): read by the product
 * page, edited by the owner in the admin's Size guides tab. A saved guide changes every product
 * page of its category, so each of them is announced (product.updated): the cached visitor pages
 * and open product pages follow, as after a product edit.
 */
export function createSizeGuidesService(deps: { db: Database; logger: Logger; publish?: (event: LiveEvent) => void }) {
  const { db } = deps;
  const log = deps.logger.child({ component: "size-guides" });

  return {
    /** The guide of a category, or null when it takes none or has no rows. */
    async forCategory(category: string): Promise<SizeGuideView | null> {
      if (!isGuideCategory(category)) return null;
      const [row] = await db
        .select({ rows: sizeGuides.rows })
        .from(sizeGuides)
        .where(eq(sizeGuides.category, category));
      const view = viewOf(category, row?.rows);
      return view.rows.length > 0 ? view : null;
    },

    /** Every category that takes a guide, with its rows (none yet: empty), for the admin. */
    async list(): Promise<SizeGuideView[]> {
      const stored = await db.select({ category: sizeGuides.category, rows: sizeGuides.rows }).from(sizeGuides);
      const byCategory = new Map(stored.map((row) => [row.category, row.rows]));
      return GUIDE_CATEGORIES.map((category) => viewOf(category, byCategory.get(category)));
    },

    /**
     * The owner's form for one category: every cell checked (domain/size-guide.ts'
     * readSizeGuideForm); the first problem is an InvalidInputError and nothing is stored.
     */
    async save(category: unknown, fields: Iterable<[string, unknown]>): Promise<SizeGuideView> {
      const read = readSizeGuideForm(category, fields);
      if (!read.ok) throw new InvalidInputError(read.message);
      const guideCategory = category as Category;
      await writeSizeGuide(db, guideCategory, read.rows);
      log.info({ category: guideCategory, rows: read.rows.length }, "size guide saved");
      const shown = await db.select({ id: products.id }).from(products).where(eq(products.category, guideCategory));
      for (const { id } of shown) deps.publish?.({ type: "product.updated", productId: id });
      return viewOf(guideCategory, read.rows);
    },
  };
}

export type SizeGuidesService = ReturnType<typeof createSizeGuidesService>;
