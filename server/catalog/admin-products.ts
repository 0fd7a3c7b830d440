import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { likePattern } from "../../domain/admin-products";
import type { Category, Size } from "../../domain/catalog";
import { isUuid } from "../../domain/ids";
import type { LiveEvent } from "../../domain/live-events";
import { productKey } from "../../domain/product-import";
import {
  colorImageError,
  imageCountError,
  imageMessages,
  type ProductInput,
  productMessages,
} from "../../domain/product-schemas";
import type { Database } from "../db/client";
import { checkouts, orders, type ProductColor, products } from "../db/schema";
import type { Logger } from "../logger";
import type { ImageStorage } from "../storage/storage";
import { removeImages, storeUploadedImages, type UploadedImage } from "./upload";
import type { ResumableUploads } from "./resumable-uploads";
import { type SavedUploads, saveImages } from "./save-images";
import type { AdminProductDetail, AdminProductPage, AdminProductRow } from "../../domain/views";
import { InvalidInputError, NotFoundError } from "../../domain/errors";
import type { RestockAlerts } from "./stock-alerts";
import { inGridOrder, readVariants, writeVariants } from "./variant-stock";
import { rebaseStockEdit } from "../../domain/variants";

const rowColumns = {
  id: products.id,
  title: products.title,
  category: products.category,
  priceCents: products.priceCents,
  sizes: products.sizes,
  imageUrls: products.imageUrls,
  stockCount: products.stockCount,
  // The smallest variant's stock, for the products table's "Low stock" mark (decision 032).
  lowestStock: sql<number>`coalesce((select min(v.stock) from product_variants v where v.product_id = "products"."id"), 0)`,
  createdAt: products.createdAt,
};

type Row = { [K in Exclude<keyof typeof rowColumns, "lowestStock">]: (typeof rowColumns)[K]["_"]["data"] } & {
  lowestStock: number;
};

const toRow = (row: Row): AdminProductRow => ({
  ...row,
  category: row.category as Category,
  sizes: row.sizes as Size[],
  lowestStock: Number(row.lowestStock),
  createdAt: row.createdAt.toISOString(),
});

/** Items of an import (their indexes) whose product the catalogue already has (productKey). */
export class ProductsExistError extends InvalidInputError {
  constructor(readonly indexes: number[]) {
    super(`${indexes.length} of the products to import are already in the catalogue`);
    this.name = "ProductsExistError";
  }
}

/** Every product's productKey, read in `executor` (the import's transaction, or the database). */
async function productKeysIn(executor: Pick<Database, "select">): Promise<Set<string>> {
  const rows = await executor.select({ title: products.title, category: products.category }).from(products);
  return new Set(rows.map((row) => productKey(row.title, row.category)));
}

/** A SKU another product already has: the unique index refuses it, the administrator reads why. */
function isSkuTaken(error: unknown): boolean {
  const seen = error as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } };
  const found = seen?.code === "23505" ? seen : seen?.cause?.code === "23505" ? seen.cause : undefined;
  return (
    found !== undefined && String(found.constraint ?? (error as Error).message).includes("product_variants_sku_unique")
  );
}

/** Runs a write that stores SKUs, turning a taken SKU into the form's message. */
async function refusingTakenSku<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isSkuTaken(error))
      throw new InvalidInputError(productMessages.skuTaken, { variants: productMessages.skuTaken });
    throw error;
  }
}

/** The row's fields; each colour's picture, a position in `images`, becomes that image's address. */
function fields(input: ProductInput, images: readonly string[]) {
  const colors: ProductColor[] = input.colors.map(({ image, ...color }) => {
    if (image === null) return color;
    const address = images[image];
    if (!address) throw new InvalidInputError(productMessages.colorImageInvalid);
    return { ...color, image: address };
  });
  return {
    title: input.title,
    description: input.description,
    priceCents: input.price,
    category: input.category,
    sizes: input.sizes,
    colors,
    stockCount: input.stockCount,
  };
}

/**
 * The administrator's catalogue operations. Image files and product rows change together:
 * new files are written before the row and removed again if the row cannot be written;
 * files the row no longer names are removed after it is written.
 */
export function createAdminCatalogService(deps: {
  db: Database;
  storage: ImageStorage;
  /** Finished resumable uploads a save turns into images (decision 057). */
  uploads?: Pick<ResumableUploads, "take" | "release">;
  logger: Logger;
  /** Live notices, sent after each change is committed (server/events). */
  publish?: (event: LiveEvent) => void;
  /** The "Notify me" e-mails a restock queues (decision 061); the command line's import, which only adds products, goes without. */
  restock?: RestockAlerts;
  /** Wakes the mail worker after a save queued restock e-mails. */
  wakeMail?: () => void;
}) {
  const { db, storage } = deps;
  const log = deps.logger.child({ component: "admin-catalog" });
  const newPictures = saveImages(deps.uploads);

  /**
   * An order (or a payment that may still become one) keeps the image addresses of what was
   * bought, so those files are the order's copy and stay; everything else is removed.
   */
  async function removeUnreferenced(addresses: readonly string[]): Promise<void> {
    const unreferenced: string[] = [];
    for (const address of addresses) {
      const needle = JSON.stringify([{ imageUrls: [address] }]);
      const [inOrder] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${orders.items} @> ${needle}::jsonb`)
        .limit(1);
      const [inCheckout] = inOrder
        ? [inOrder]
        : await db
            .select({ id: checkouts.id })
            .from(checkouts)
            .where(sql`${checkouts.lines} @> ${needle}::jsonb`)
            .limit(1);
      if (!inCheckout) unreferenced.push(address);
    }
    const failed = await removeImages(storage, unreferenced);
    if (failed.length) log.error({ addresses: failed }, "could not remove image files");
  }

  async function getProduct(id: string): Promise<AdminProductDetail | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select({
        ...rowColumns,
        description: products.description,
        colors: products.colors,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .where(eq(products.id, id));
    if (!row) return undefined;
    const variants = (await readVariants(db, [id])).get(id) ?? [];
    return {
      ...toRow(row),
      description: row.description,
      colors: row.colors,
      variants: inGridOrder(
        variants,
        row.sizes,
        row.colors.map((c) => c.name),
      ),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    /**
     * A page of the Products tab, newest first: titles containing `q` (any case, LIKE's characters
     * taken literally), in `category`. With `highlight` and no page asked for, the page that holds
     * that product (when the filters keep it).
     */
    async listProducts(options: {
      page: number;
      pageSize: number;
      q?: string;
      category?: Category;
      highlight?: string;
      pageGiven?: boolean;
    }): Promise<AdminProductPage> {
      const filters: SQL[] = [];
      if (options.q) filters.push(sql`${products.title} ilike ${likePattern(options.q)}`);
      if (options.category) filters.push(eq(products.category, options.category));
      const where = filters.length ? and(...filters) : undefined;
      const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
      const pageCount = Math.max(1, Math.ceil(Number(total) / options.pageSize));
      let wanted = options.page;
      if (options.highlight && !options.pageGiven && isUuid(options.highlight)) {
        // Rows before it, newest first (created_at then id, descending), compared in the database to the microsecond.
        const [found] = await db
          .select({
            before: sql<number>`(select count(*)::int from products p where (p.created_at, p.id) > ("products"."created_at", "products"."id")${options.q ? sql` and p.title ilike ${likePattern(options.q)}` : sql``}${options.category ? sql` and p.category = ${options.category}` : sql``})`,
          })
          .from(products)
          .where(and(eq(products.id, options.highlight), where));
        if (found) wanted = Math.floor(Number(found.before) / options.pageSize) + 1;
      }
      const page = Math.min(Math.max(1, wanted), pageCount);
      const rows = await db
        .select(rowColumns)
        .from(products)
        .where(where)
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(options.pageSize)
        .offset((page - 1) * options.pageSize);
      return { items: rows.map(toRow), total: Number(total), page, pageCount };
    },

    async recentProducts(limit = 5): Promise<AdminProductRow[]> {
      const rows = await db
        .select(rowColumns)
        .from(products)
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(limit);
      return rows.map(toRow);
    },

    getProduct,

    /** Adds a product with 1 to 5 new images. Throws ImageRejectedError/InvalidInputError with a message to show. */
    async createProduct(input: ProductInput, files: readonly File[], uploads?: SavedUploads): Promise<{ id: string }> {
      const images = await newPictures.read(files, uploads);
      const countError = imageCountError(0, images.length) ?? colorImageError(input.colors, images.length);
      if (countError) throw new InvalidInputError(countError);
      const stored = await storeUploadedImages(storage, images);
      try {
        const now = new Date();
        const row = await refusingTakenSku(() =>
          db.transaction(async (tx) => {
            const [made] = await tx
              .insert(products)
              .values({ ...fields(input, stored), imageUrls: stored, createdAt: now, updatedAt: now })
              .returning({ id: products.id });
            await writeVariants(tx, made.id, input.variants, deps.restock ?? null);
            return made;
          }),
        );
        log.info({ productId: row.id, images: stored.length }, "product added");
        deps.publish?.({ type: "product.added", productId: row.id });
        await newPictures.release(uploads);
        return row;
      } catch (error) {
        await removeImages(storage, stored);
        throw error;
      }
    },

    /** The productKey (domain/product-import.ts) of every product: what a repeated import matches. */
    existingProductKeys: () => productKeysIn(db),

    /**
     * Adds many products at once (the command line's import-products): every row's images are
     * checked and stored first, then all rows are inserted in one transaction. All or nothing:
     * if anything fails, no row is written and the stored images are removed again.
     *
     * A product the catalogue already has (productKey: title and category) is never added twice
     * (decision 044): the transaction takes an advisory lock, so two imports run one after the
     * other, and looks again. With `skipExisting` such items are left out (their indexes are
     * returned in `skipped`); without, ProductsExistError names them and nothing is written.
     */
    async importProducts(
      items: readonly { input: ProductInput; images: readonly UploadedImage[] }[],
      options: { skipExisting?: boolean } = {},
    ): Promise<{ ids: string[]; skipped: number[] }> {
      for (const item of items) {
        const countError =
          imageCountError(0, item.images.length) ?? colorImageError(item.input.colors, item.images.length);
        if (countError) throw new InvalidInputError(countError);
      }
      const stored: string[][] = [];
      try {
        for (const item of items) stored.push(await storeUploadedImages(storage, item.images));
        const { ids, skipped } = await refusingTakenSku(() =>
          db.transaction(async (tx) => {
            await tx.execute(sql`select pg_advisory_xact_lock(hashtext('threadline:import-products'))`);
            const existing = await productKeysIn(tx);
            const present = items.flatMap((item, i) =>
              existing.has(productKey(item.input.title, item.input.category)) ? [i] : [],
            );
            if (present.length && !options.skipExisting) throw new ProductsExistError(present);
            const start = Date.now();
            const made: string[] = [];
            for (const [i, item] of items.entries()) {
              if (present.includes(i)) continue;
              // One millisecond apart, in the file's order: the newest-first list shows the last row first.
              const at = new Date(start + i);
              const [row] = await tx
                .insert(products)
                .values({ ...fields(item.input, stored[i]), imageUrls: stored[i], createdAt: at, updatedAt: at })
                .returning({ id: products.id });
              await writeVariants(tx, row.id, item.input.variants, deps.restock ?? null);
              made.push(row.id);
            }
            return { ids: made, skipped: present };
          }),
        );
        // Added by someone else while the pictures were being stored: their copies go again.
        const unused = skipped.flatMap((i) => stored[i]);
        if (unused.length) {
          const failed = await removeImages(storage, unused);
          if (failed.length) log.error({ addresses: failed }, "could not remove image files");
        }
        log.info(
          { products: ids.length, skipped: skipped.length, images: stored.flat().length - unused.length },
          "products imported",
        );
        for (const productId of ids) deps.publish?.({ type: "product.added", productId });
        return { ids, skipped };
      } catch (error) {
        await removeImages(storage, stored.flat());
        throw error;
      }
    },

    /**
     * Saves the form: the fields, the kept images (a subset of the current ones, in the order
     * given) followed by the new ones, and each colour's picture among them. Removed images'
     * files are deleted after the save.
     */
    async updateProduct(
      id: string,
      input: ProductInput,
      keep: readonly string[],
      files: readonly File[],
      uploads?: SavedUploads,
    ): Promise<void> {
      const current = await getProduct(id);
      if (!current) throw new NotFoundError("Product not found");
      const kept = [...new Set(keep)];
      if (kept.some((address) => !current.imageUrls.includes(address)))
        throw new InvalidInputError(imageMessages.unknownImage);
      const images = await newPictures.read(files, uploads);
      const countError =
        imageCountError(kept.length, images.length) ?? colorImageError(input.colors, kept.length + images.length);
      if (countError) throw new InvalidInputError(countError);

      const stored = await storeUploadedImages(storage, images);
      let removed: string[];
      try {
        removed = await refusingTakenSku(() =>
          db.transaction(async (tx) => {
            // Locked and checked again: another tab may have changed the images since the read above.
            const [locked] = await tx
              .select({ imageUrls: products.imageUrls })
              .from(products)
              .where(eq(products.id, id))
              .for("update");
            if (!locked) throw new NotFoundError("Product not found");
            if (kept.some((address) => !locked.imageUrls.includes(address)))
              throw new InvalidInputError(imageMessages.unknownImage);
            await tx
              .update(products)
              .set({ ...fields(input, [...kept, ...stored]), imageUrls: [...kept, ...stored], updatedAt: new Date() })
              .where(eq(products.id, id));
            // The grid's figures over what sold or came back since the form was loaded, under the
            // product's row lock (decisions 032 and 035): a cell changed on both sides is refused.
            const now = (await readVariants(tx, [id])).get(id) ?? [];
            const rebased = rebaseStockEdit(input.variants, input.stockSeen ?? {}, now);
            if ("conflicts" in rebased) {
              const message = productMessages.stockChanged(rebased.conflicts);
              throw new InvalidInputError(message, { variants: message });
            }
            await writeVariants(tx, id, rebased.variants, deps.restock ?? null);
            return locked.imageUrls.filter((address) => !kept.includes(address));
          }),
        );
      } catch (error) {
        await removeImages(storage, stored);
        throw error;
      }
      log.info({ productId: id, added: stored.length, removed: removed.length }, "product updated");
      deps.publish?.({ type: "product.updated", productId: id });
      deps.wakeMail?.();
      await newPictures.release(uploads);
      await removeUnreferenced(removed);
    },

    /** Deletes a product and its reviews; its image files go too, except those past orders show. */
    async deleteProduct(id: string): Promise<void> {
      if (!isUuid(id)) throw new NotFoundError("Product not found");
      const [row] = await db.delete(products).where(eq(products.id, id)).returning({ imageUrls: products.imageUrls });
      if (!row) throw new NotFoundError("Product not found");
      log.info({ productId: id }, "product deleted");
      deps.publish?.({ type: "product.deleted", productId: id });
      await removeUnreferenced(row.imageUrls);
    },
  };
}

export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;
