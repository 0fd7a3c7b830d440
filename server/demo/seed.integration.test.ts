import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES, SIZES } from "../../domain/catalog";
import { IMAGE_WIDTHS, imageHeightFor, variantUrl } from "../../domain/images";
import { createTestDatabase } from "../../tests/helpers/database";
import type { DatabaseHandle } from "../db/client";
import { products } from "../db/schema";
import { createLogger } from "../logger";
import { createLocalStorage, MEDIA_PREFIX } from "../storage/local";
import { demoImageSvg, type Shot } from "./art";
import { GARMENTS, type GarmentKind } from "./art/garments";
import { DEMO_PRODUCTS } from "./art/products";
import { demoCreationDates, demoImageJobs, seedDemoCatalog } from "./seed";
import { createSizeGuidesService } from "../catalog/size-guides";

let handle: DatabaseHandle;
let mediaDir: string;
const logger = createLogger("silent");
const storage = () => createLocalStorage(mediaDir);
const fileOf = (address: string, width: (typeof IMAGE_WIDTHS)[number]) =>
  path.join(mediaDir, variantUrl(address, width).slice(MEDIA_PREFIX.length));
const allRows = () => handle.db.select().from(products).orderBy(asc(products.title));

beforeAll(async () => {
  handle = await createTestDatabase();
  mediaDir = mkdtempSync(path.join(os.tmpdir(), "demo-media-"));
});
afterAll(async () => {
  await handle.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

// One seed for the whole file: drawing the catalogue takes several seconds.
describe("seedDemoCatalog", () => {
  it("seeds exactly once when two starts race for an empty database", async () => {
    const results = await Promise.all([
      seedDemoCatalog({ db: handle.db, storage: storage(), logger }),
      seedDemoCatalog({ db: handle.db, storage: storage(), logger }),
    ]);
    expect(results.sort((a, b) => a - b)).toEqual([0, DEMO_PRODUCTS.length]);
    expect(await allRows()).toHaveLength(DEMO_PRODUCTS.length);
    // The loser drew nothing: every file on disk belongs to a stored product.
    const rows = await allRows();
    const expected = rows.flatMap((r) => r.imageUrls).length * IMAGE_WIDTHS.length;
    expect(readdirSync(path.join(mediaDir, "products"))).toHaveLength(expected);
  }, 180_000);

  it("fills the shop window: 40+ products over all six categories", async () => {
    const rows = await allRows();
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CATEGORIES));
    for (const category of CATEGORIES)
      expect(rows.filter((r) => r.category === category).length).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.title)).size).toBe(rows.length);
  });

  it("gives every demo category with sizes a size guide covering its products' sizes (Accessories none)", async () => {
    const guides = createSizeGuidesService({ db: handle.db, logger });
    const rows = await allRows();
    for (const category of CATEGORIES) {
      const guide = await guides.forCategory(category);
      if (category === "Accessories") {
        expect(guide).toBeNull();
        continue;
      }
      const sizes = new Set(rows.filter((r) => r.category === category).flatMap((r) => r.sizes));
      expect(
        guide?.rows.map((row) => row.size),
        category,
      ).toEqual(SIZES.filter((size) => sizes.has(size)));
      for (const row of guide?.rows ?? []) expect(Object.keys(row.cm).sort()).toEqual([...guide!.measurements].sort());
    }
  });

  it("gives every product 1 to 5 images whose WebP variants exist at 4:5", async () => {
    const rows = await allRows();
    for (const row of rows) {
      expect(row.imageUrls.length, row.title).toBeGreaterThanOrEqual(1);
      expect(row.imageUrls.length, row.title).toBeLessThanOrEqual(5);
      expect(new Set(row.imageUrls).size, row.title).toBe(row.imageUrls.length);
      for (const address of row.imageUrls)
        for (const width of IMAGE_WIDTHS)
          expect(existsSync(fileOf(address, width)), `${row.title} ${width}`).toBe(true);
    }
    const sample = await sharp(fileOf(rows[0].imageUrls[0], 640)).metadata();
    expect([sample.format, sample.width, sample.height]).toEqual(["webp", 640, imageHeightFor(640)]);
  });

  it("draws pictures, not blank frames", async () => {
    const [row] = await allRows();
    const stats = await sharp(fileOf(row.imageUrls[0], 320)).stats();
    // A flat placeholder has almost no spread; a garment on a backdrop has plenty.
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(12);
  });

  it("has sizes from the size list in order, colours on some, a few sold out and sensible prices", async () => {
    const rows = await allRows();
    for (const row of rows) {
      expect(row.sizes, row.title).toEqual(SIZES.filter((s) => row.sizes.includes(s)));
      expect(row.priceCents, row.title).toBeGreaterThan(0);
      expect(row.description.split(/(?<=\.)\s+/).length, row.title).toBeGreaterThanOrEqual(2);
      for (const colour of row.colors) expect(colour.hex, row.title).toMatch(/^#[0-9a-f]{6}$/i);
    }
    const coloured = rows.filter((r) => r.colors.length > 0).length;
    expect(coloured).toBeGreaterThanOrEqual(8);
    expect(coloured).toBeLessThan(rows.length);
    // Some products show each colour in its own picture, always one of the product's own images.
    const perColour = rows.filter((r) => r.colors.length > 1 && r.colors.every((c) => c.image));
    expect(perColour.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      const pictures = row.colors.flatMap((c) => (c.image ? [c.image] : []));
      for (const image of pictures) expect(row.imageUrls, row.title).toContain(image);
      expect(new Set(pictures).size, row.title).toBe(pictures.length);
    }
    const wrap = rows.find((r) => r.title === "Emerald Wrap Dress")!;
    expect(wrap.colors.map((c) => wrap.imageUrls.indexOf(c.image ?? ""))).toEqual([0, 1, 2]);
    const soldOut = rows.filter((r) => r.stockCount === 0).length;
    expect(soldOut).toBeGreaterThanOrEqual(2);
    expect(soldOut).toBeLessThanOrEqual(8);
    expect(rows.filter((r) => r.category !== "Accessories").every((r) => r.sizes.length > 0)).toBe(true);
  });

  it("spreads distinct creation dates over the last two months, categories mixed on the first page", async () => {
    const rows = await handle.db.select().from(products);
    const times = rows.map((r) => r.createdAt.getTime());
    expect(new Set(times).size).toBe(rows.length);
    const now = Date.now();
    for (const t of times) {
      expect(t).toBeLessThan(now);
      expect(t).toBeGreaterThan(now - 61 * 86_400_000);
    }
    const newest = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 12);
    expect(new Set(newest.map((r) => r.category)).size).toBe(CATEGORIES.length);
  });

  it("does nothing on a database that already has products", async () => {
    const before = await allRows();
    const files = readdirSync(path.join(mediaDir, "products")).sort();
    expect(await seedDemoCatalog({ db: handle.db, storage: storage(), logger })).toBe(0);
    expect(await allRows()).toEqual(before);
    expect(readdirSync(path.join(mediaDir, "products")).sort()).toEqual(files);
  });
});

describe("demo catalogue data", () => {
  it("asks for a picture of each colourway it shows and no more", () => {
    const jobs = demoImageJobs();
    DEMO_PRODUCTS.forEach((p, i) => {
      expect(jobs[i].length, p.title).toBe(p.shots.length);
      const colourShots = p.shots.filter((s) => s === "colour").length;
      expect(colourShots, p.title).toBeLessThanOrEqual(Math.max(0, (p.colors?.length ?? 0) - 1));
    });
  });

  it("names the colour each colour shot shows, and the first colour's front shot", () => {
    const jobs = demoImageJobs();
    const wrap = DEMO_PRODUCTS.findIndex((p) => p.title === "Emerald Wrap Dress");
    expect(jobs[wrap].map((j) => j.colour)).toEqual(["Emerald", "Navy", "Rust", undefined, undefined]);
    const noColourShots = DEMO_PRODUCTS.findIndex((p) => p.title === "Everyday White Leather Sneakers");
    expect(jobs[noColourShots].every((j) => j.colour === undefined)).toBe(true);
  });

  it("rejects a product that asks for a colourway it does not have", () => {
    const [first] = DEMO_PRODUCTS;
    expect(() => demoImageJobs([{ ...first, colors: [], shots: ["front", "colour"] }])).toThrow(
      /more colour shots than it has colours/,
    );
    expect(() => demoImageJobs([{ ...first, colors: undefined, art: { ...first.art, base: undefined } }])).toThrow(
      /needs a base and a trim colour/,
    );
  });

  it("dates are distinct and newest-first follows the category round-robin", () => {
    const now = Date.UTC(2026, 5, 1);
    const dates = demoCreationDates(DEMO_PRODUCTS, now).map((d) => d.getTime());
    expect(new Set(dates).size).toBe(DEMO_PRODUCTS.length);
    expect(Math.max(...dates)).toBeLessThan(now);
  });

  it("draws every garment, front and back, without broken geometry", async () => {
    const shots: Shot[] = ["front", "back", "detail", "styled"];
    for (const garment of Object.keys(GARMENTS) as GarmentKind[]) {
      for (const shot of shots) {
        const svg = await demoImageSvg(
          { garment, fabric: { pattern: "stripes", base: "#336699", accent: "#f0e0d0" }, trim: "#c9a75d" },
          shot,
          3,
        );
        // The embedded shadow is base64, where any three letters can occur by chance.
        const markup = svg.replace(/data:image\/png;base64,[^"]+/g, "");
        expect(markup.match(/NaN|undefined|Infinity/)?.[0], `${garment} ${shot}`).toBeUndefined();
      }
    }
  }, 120_000);
});
