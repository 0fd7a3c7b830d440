import { rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { seedDemoCatalog } from "../../server/demo/seed";
import { storeProductImage } from "../../server/catalog/images";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import { outbox, products } from "../../server/db/schema";
import { writeVariants } from "../../server/catalog/variant-stock";
import { spreadStock, type VariantStock } from "../../domain/variants";
import { createLogger } from "../../server/logger";
import { createLocalStorage } from "../../server/storage/local";

/**
 * A fresh DATA_DIR for the end-to-end run: the demo catalogue, plus fixtures the demo
 * data does not have (a product with no image, to see the placeholder).
 */
const config = loadConfig();
rmSync(config.dataDir, { recursive: true, force: true });
const database = await openDatabase(config);
await migrate(database);
const logger = createLogger("warn");
await seedDemoCatalog({ db: database.db, storage: createLocalStorage(path.join(config.dataDir, "media")), logger });

type NewProduct = typeof products.$inferInsert;
/**
 * Inserts a fixture with its stock per size and colour (decision 032): `perVariant` pieces in
 * every variant, or `stockCount` spread by the migration rule, or the variants given.
 */
async function addFixture(values: NewProduct & { perVariant?: number; variants?: VariantStock[] }) {
  const { perVariant, variants, ...row } = values;
  const [{ id }] = await database.db.insert(products).values(row).returning({ id: products.id });
  const names = (row.colors ?? []).map((c) => c.name);
  const spread = spreadStock(row.stockCount ?? 0, row.sizes ?? [], names).map((v) => ({
    ...v,
    stock: perVariant ?? v.stock,
    sku: null,
  }));
  await database.db.transaction((tx) => writeVariants(tx, id, (variants ?? spread) as VariantStock[], null));
}
await addFixture({
  title: "E2E Imageless Tee",
  description: "A fixture product without photos.",
  priceCents: 1200,
  category: "Accessories",
  sizes: [],
  imageUrls: [],
  stockCount: 3,
  createdAt: new Date("2020-01-01T00:00:00Z"),
});
// Sold out, for the cart's out-of-stock marking (tests/e2e/cart.e2e.ts).
await addFixture({
  title: "E2E Sold Out Scarf",
  description: "A fixture scarf with no stock left.",
  priceCents: 2500,
  category: "Accessories",
  sizes: [],
  imageUrls: [],
  stockCount: 0,
  createdAt: new Date("2020-01-02T00:00:00Z"),
});
// Plenty of stock for the order desk's tests (tests/e2e/order-desk.e2e.ts, the accessibility sweep), which
// buy many times: other tests' stock figures stay as they are.
await addFixture({
  title: "E2E Order Desk Tee",
  description: "A fixture tee that the order desk's tests buy.",
  priceCents: 2000,
  category: "Accessories",
  sizes: ["M"],
  colors: [{ name: "Sand", hex: "#c2b280" }],
  imageUrls: [],
  stockCount: 100_000,
  createdAt: new Date("2020-01-03T00:00:00Z"),
});
// Two pieces each, one per project: the order desk's test buys both, sees the product sold out,
// cancels the order and sees it back in stock.
for (const [i, project] of ["desktop", "phone"].entries()) {
  await addFixture({
    title: `E2E Restock Scarf ${project}`,
    description: "A fixture scarf with two pieces.",
    priceCents: 1500,
    category: "Accessories",
    sizes: [],
    imageUrls: [],
    stockCount: 2,
    createdAt: new Date(`2020-01-0${4 + i}T00:00:00Z`),
  });
}
// Plenty of stock for the refunds' tests (tests/e2e/refunds.e2e.ts): an order of three lines, one returned.
for (const [i, [title, priceCents]] of (
  [
    ["E2E Return Shirt", 2500],
    ["E2E Return Socks", 800],
  ] as const
).entries()) {
  await addFixture({
    title,
    description: "A fixture the refunds' tests buy and return.",
    priceCents,
    category: "Accessories",
    sizes: [],
    imageUrls: [],
    stockCount: 100_000,
    createdAt: new Date(`2020-01-0${6 + i}T00:00:00Z`),
  });
}
// One piece each, one per project: the customer buys it, sees it sold out, cancels and sees it back (tests/e2e/refunds.e2e.ts).
for (const [i, project] of ["desktop", "phone"].entries()) {
  await addFixture({
    title: `E2E Cancel Beanie ${project}`,
    description: "A fixture beanie with one piece.",
    priceCents: 1800,
    category: "Accessories",
    sizes: [],
    imageUrls: [],
    stockCount: 1,
    createdAt: new Date(`2020-01-0${8 + i}T00:00:00Z`),
  });
}
// A product with three photos in clearly different hues, newest of all so it heads the home grid,
// for deterministic gallery tests (arrows, wrap-around, thumbnails, swipes).
const galleryStorage = createLocalStorage(path.join(config.dataDir, "media"));
const galleryImages: string[] = [];
for (const [i, background] of ["#b4533c", "#3c7a5a", "#3c5a9a"].entries()) {
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background } })
    .png()
    .toBuffer();
  galleryImages.push(await storeProductImage(galleryStorage, photo, `e2e-gallery-${i + 1}.png`));
}
await addFixture({
  title: "E2E Gallery Dress",
  description: "A fixture dress with three photos, three sizes and two colours.",
  priceCents: 8900,
  category: "Dress",
  sizes: ["S", "M", "L"],
  colors: [
    { name: "Terracotta", hex: "#b4533c" },
    { name: "Sage", hex: "#8fa98a" },
  ],
  imageUrls: galleryImages,
  // 4 in every size and colour: the cart's tests buy several of them.
  perVariant: 4,
});
// Two biker jackets for the stock-per-variant tests (tests/e2e/variants.e2e.ts, desktop only): one is
// bought until the last Cognac M is sold out, while Black L (and the rest) stay available; on the
// other the administrator's stock grid is saved while pieces sell (decision 035).
for (const [i, name] of ["Biker Jacket desktop", "Grid Jacket"].entries()) {
  const jacketVariants: VariantStock[] = (["M", "L"] as const).flatMap((size) =>
    ["Black", "Cognac"].map((color) => ({ size, color, stock: size === "M" && color === "Cognac" ? 2 : 5, sku: null })),
  );
  await addFixture({
    title: `E2E ${name}`,
    description: "A fixture biker jacket with stock per size and colour.",
    priceCents: 24900,
    category: "Jackets",
    sizes: ["M", "L"],
    colors: [
      { name: "Black", hex: "#26221f" },
      { name: "Cognac", hex: "#8a4f2a" },
    ],
    // The edit form needs a picture to save; the other jacket shows the page without one.
    imageUrls: name === "Grid Jacket" ? galleryImages.slice(0, 1) : [],
    createdAt: new Date(`2020-01-0${6 + i}T00:00:00Z`),
    variants: jacketVariants,
  });
}
// "Notify me" (tests/e2e/stock-alerts.e2e.ts, desktop only): Sand sold out in S and M, Black in stock.
await addFixture({
  title: "E2E Notify Tee",
  description: "A fixture tee with a sold-out colour.",
  priceCents: 2400,
  category: "Accessories",
  sizes: ["S", "M"],
  colors: [
    { name: "Black", hex: "#26221f" },
    { name: "Sand", hex: "#d8c3a5" },
  ],
  // The edit form needs a picture to save.
  imageUrls: galleryImages.slice(0, 1),
  stockCount: 10,
  variants: [
    { size: "S", color: "Black", stock: 5, sku: null },
    { size: "S", color: "Sand", stock: 0, sku: null },
    { size: "M", color: "Black", stock: 5, sku: null },
    { size: "M", color: "Sand", stock: 0, sku: null },
  ],
  createdAt: new Date("2020-01-10T00:00:00Z"),
});
// One stock jacket per project for the product page's stock tests (tests/e2e/product-stock.e2e.ts): S in
// Black sold out, 2 of M in Cognac (added to a cart up to what is left), 2 of L in Black (sold while the page is open).
for (const [i, project] of ["desktop", "phone"].entries()) {
  const stockFor = (size: string, color: string) =>
    size === "S" && color === "Black"
      ? 0
      : (size === "M" && color === "Cognac") || (size === "L" && color === "Black")
        ? 2
        : 5;
  await addFixture({
    title: `E2E Stock Jacket ${project}`,
    description: "A fixture jacket whose sizes and colours run out.",
    priceCents: 24900,
    category: "Jackets",
    sizes: ["S", "M", "L"],
    colors: [
      { name: "Black", hex: "#26221f" },
      { name: "Cognac", hex: "#8a4f2a" },
    ],
    imageUrls: galleryImages.slice(0, 1),
    createdAt: new Date(`2020-01-1${i}T00:00:00Z`),
    variants: (["S", "M", "L"] as const).flatMap((size) =>
      ["Black", "Cognac"].map((color) => ({ size, color, stock: stockFor(size, color), sku: null })),
    ),
  });
}
// E-mails the worker gave up on, one per project, for the administrator's Mail tab (tests/e2e/admin-mail.e2e.ts):
// each project retries its own. The text holds a link the page must never show.
for (const project of ["desktop", "phone"]) {
  await database.db.insert(outbox).values({
    to: `undeliverable-${project}@example.com`,
    subject: `E2E failed mail ${project}`,
    text: `Reset your password: ${config.publicUrl}/reset-password?token=e2e-secret-${project}`,
    attempts: 10,
    lastError: "550 5.1.1 <undeliverable@example.com>: Recipient address rejected",
    nextAttemptAt: null,
    createdAt: new Date(Date.now() - 3 * 3600_000),
  });
}
await database.close();
