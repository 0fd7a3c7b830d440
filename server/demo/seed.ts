import { availableParallelism } from "node:os";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import type { Logger } from "../logger";
import type { ImageStorage } from "../storage/storage";
import type { DemoArt, Shot } from "./art";
import { DEMO_PRODUCTS, type DemoProduct } from "./art/products";
import { deleteProductImage, storeImageVariants } from "../catalog/images";
import { DEMO_PICTURE_DIR, demoPictureVariants } from "./picture-cache";
import { variantChoices, type VariantStock } from "../../domain/variants";
import { writeVariants } from "../catalog/variant-stock";
import { writeSizeGuide } from "../catalog/size-guides";
import { demoSizeGuides } from "./size-guides";
import { seedDemoSynonyms } from "../catalog/search-synonyms";

/** Distinct from the migration lock (72_114_001), so seeding never waits on migrations. */
const SEED_LOCK_KEY = 72_114_002;
const DAY_MS = 86_400_000;
/** The demo products' creation dates spread over this many days before the seed. */
const SPREAD_DAYS = 60;

interface ImageJob {
  product: number;
  art: DemoArt;
  shot: Shot;
  name: string;
  /** The colour this picture shows on its own (ProductColor.image), for products with colour shots. */
  colour?: string;
}

/**
 * Each product's photographs: its shots, with "colour" replaced by the next colourway. A
 * product with colour shots gets per-colour pictures: its first front shot is the first
 * colour's, each colour shot the next colour's.
 */
export function demoImageJobs(list: readonly DemoProduct[] = DEMO_PRODUCTS): ImageJob[][] {
  return list.map((p, index) => {
    const colours = p.colors ?? [];
    const slot = p.art.colourOn ?? "base";
    const art = (hex: string | undefined): DemoArt => {
      const paint = { base: p.art.base, accent: p.art.accent, trim: p.art.trim, [slot]: hex ?? p.art[slot] };
      if (!paint.base || !paint.trim)
        throw new Error(`Demo product "${p.title}" needs a base and a trim colour (from its art or its colours)`);
      return {
        garment: p.art.garment,
        fabric: { pattern: p.art.pattern, base: paint.base, accent: paint.accent },
        trim: paint.trim,
      };
    };
    let nextColour = 1;
    const perColour = p.shots.includes("colour");
    let firstFront = perColour && colours.length > 0;
    return p.shots.map((shot): ImageJob => {
      if (shot !== "colour") {
        const job: ImageJob = { product: index, art: art(colours[0]?.hex), shot, name: `${p.title} ${shot}` };
        if (shot === "front" && firstFront) {
          firstFront = false;
          job.colour = colours[0].name;
        }
        return job;
      }
      const colour = colours[nextColour++];
      if (!colour) throw new Error(`Demo product "${p.title}" asks for more colour shots than it has colours`);
      return {
        product: index,
        art: art(colour.hex),
        shot: "front",
        name: `${p.title} ${colour.name}`,
        colour: colour.name,
      };
    });
  });
}

/**
 * Creation dates in a round-robin over categories, newest first, so the first page of
 * "newest" shows a mix of the shop rather than nine dresses. Every date is distinct.
 */
export function demoCreationDates(list: readonly DemoProduct[], now: number): Date[] {
  const queues = new Map<string, number[]>();
  list.forEach((p, i) => {
    queues.set(p.category, [...(queues.get(p.category) ?? []), i]);
  });
  const order: number[] = [];
  while (order.length < list.length) {
    for (const queue of queues.values()) {
      const next = queue.shift();
      if (next !== undefined) order.push(next);
    }
  }
  const step = (SPREAD_DAYS * DAY_MS) / list.length;
  const dates = new Array<Date>(list.length);
  order.forEach((productIndex, rank) => {
    // A few hours of deterministic jitter so the dates do not look machine-made.
    const jitter = ((rank * 7919) % 17) * 3_600_000;
    dates[productIndex] = new Date(now - DAY_MS / 2 - rank * step - jitter);
  });
  return dates;
}

async function runPool<T>(jobs: readonly (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return results;
}

/**
 * The demo's stock per variant (docs/decisions/032-stock-per-variant.md): each size and colour
 * has the product's `stock`, like a shop that stocks every size; a product with two or more
 * sizes and colours shows a sold-out combination (its largest size in its last colour) and a
 * low one (its smallest size in its last colour, 2 pieces), so the product page has both to show.
 */
export function demoVariantStock(product: Pick<DemoProduct, "sizes" | "colors" | "stock">): VariantStock[] {
  const sizes = product.sizes;
  const colors = (product.colors ?? []).map((c) => c.name);
  const varied = sizes.length > 1 && colors.length > 1;
  const lastColor = colors.at(-1);
  return variantChoices(sizes, colors).map((choice) => {
    let stock = product.stock;
    if (varied && choice.color === lastColor && choice.size === sizes.at(-1)) stock = 0;
    else if (varied && choice.color === lastColor && choice.size === sizes[0]) stock = Math.min(stock, 2);
    return { ...choice, stock, sku: null };
  });
}

/**
 * Seeds the demo catalogue into an empty products table and returns how many products it
 * inserted (0 when the table already had products). The check, the drawing and the insert
 * run under a transaction-scoped advisory lock, so two instances starting at once on one
 * PostgreSQL database seed exactly once; the second waits, then finds the products there.
 */
export async function seedDemoCatalog({
  db,
  storage,
  logger,
  pictureDir = DEMO_PICTURE_DIR,
}: {
  db: Database;
  storage: ImageStorage;
  logger: Logger;
  /** Where finished pictures are kept between runs (server/demo/picture-cache.ts). */
  pictureDir?: string;
}): Promise<number> {
  const written: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
      if (count > 0) return 0;

      const started = performance.now();
      const jobs = demoImageJobs();
      const flat = jobs.flat();
      // sharp spreads each image over libvips threads; a few images in flight keep every core busy.
      const concurrency = Math.max(2, Math.min(4, availableParallelism()));
      let drawn = 0;
      const addresses = await runPool(
        flat.map((job) => async () => {
          const { variants, cached } = await demoPictureVariants(
            { art: job.art, shot: job.shot, seed: job.product },
            pictureDir,
          );
          if (!cached) drawn++;
          const address = await storeImageVariants(storage, variants, job.name);
          written.push(address);
          return address;
        }),
        concurrency,
      );
      const byProduct = new Map<number, string[]>();
      const colourImages = new Map<string, string>();
      flat.forEach((job, i) => {
        byProduct.set(job.product, [...(byProduct.get(job.product) ?? []), addresses[i]]);
        if (job.colour) colourImages.set(`${job.product}:${job.colour}`, addresses[i]);
      });

      const dates = demoCreationDates(DEMO_PRODUCTS, Date.now());
      const rows = DEMO_PRODUCTS.map((p, i) => ({
        title: p.title,
        description: p.description,
        priceCents: Math.round(p.price * 100),
        category: p.category,
        sizes: p.sizes,
        colors: (p.colors ?? []).map((colour) => {
          const image = colourImages.get(`${i}:${colour.name}`);
          return image ? { ...colour, image } : colour;
        }),
        imageUrls: byProduct.get(i) ?? [],
        createdAt: dates[i],
        updatedAt: dates[i],
      }));
      const made = await tx.insert(products).values(rows).returning({ id: products.id });
      // writeVariants also sets each product's stock_count, the sum of its variants; an empty store has no stock alerts to release.
      for (const [i, row] of made.entries()) await writeVariants(tx, row.id, demoVariantStock(DEMO_PRODUCTS[i]), null);
      for (const guide of demoSizeGuides()) await writeSizeGuide(tx, guide.category, guide.rows);
      // The search's demo synonyms ("tee" = "t-shirt"...), which the owner edits in the admin's Search tab.
      await seedDemoSynonyms(tx);
      logger.info(
        { products: rows.length, images: flat.length, drawn, ms: Math.round(performance.now() - started) },
        "demo catalogue stored",
      );
      return rows.length;
    });
  } catch (error) {
    // The rows were rolled back; the image files must not be left behind either.
    await Promise.all(written.map((address) => deleteProductImage(storage, address).catch(() => {})));
    throw error;
  }
}
