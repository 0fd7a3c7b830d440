import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseListingQuery } from "../../domain/listing";
import type { DatabaseHandle } from "../../server/db/client";
import { createCatalogService } from "../../server/catalog/service";
import { seedDemoSynonyms } from "../../server/catalog/search-synonyms";
import { DEMO_PRODUCTS } from "../../server/demo/art/products";
import { createTestDatabase } from "../helpers/database";

/**
 * Issue 27: search relevance as a table (query → expected first results), on the demo catalogue
 * and on a generated catalogue of 10,000 products, with the demo synonyms. Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */

type Expectation =
  /** The first results' titles, in order. */
  | { first: string[] }
  /** The first `n` results' titles all match. */
  | { allOf: RegExp; n: number }
  | { none: true };

async function titlesFor(catalog: ReturnType<typeof createCatalogService>, q: string, limit = 24) {
  const page = await catalog.listProducts(parseListingQuery(new URLSearchParams({ q, limit: String(limit) })));
  return page.items.map((p) => p.title);
}

function check(titles: string[], expected: Expectation) {
  if ("none" in expected) return expect(titles).toEqual([]);
  if ("first" in expected) return expect(titles.slice(0, expected.first.length)).toEqual(expected.first);
  expect(titles.length).toBeGreaterThanOrEqual(expected.n);
  for (const title of titles.slice(0, expected.n)) expect(title).toMatch(expected.allOf);
}

describe("on the demo catalogue", () => {
  let database: DatabaseHandle;
  let catalog: ReturnType<typeof createCatalogService>;
  beforeAll(async () => {
    database = await createTestDatabase();
    // The demo's products, the first one newest (as the seed dates them).
    for (const [i, p] of DEMO_PRODUCTS.entries()) {
      await database.db.execute(sql`
        insert into products (title, description, price_cents, category, sizes, colors, stock_count, created_at)
        values (${p.title}, ${p.description}, ${p.price * 100}, ${p.category}, ${`{${p.sizes.join(",")}}`}::text[],
                ${JSON.stringify(p.colors ?? [])}::jsonb, ${p.stock}, now() - ${i} * interval '1 hour')`);
    }
    await seedDemoSynonyms(database.db);
    catalog = createCatalogService(database.db);
  });
  afterAll(() => database?.close());

  it.each<[string, Expectation]>([
    ["floral", { first: ["Rosa Floral Midi Dress"] }],
    // A prefix.
    ["flor", { first: ["Rosa Floral Midi Dress"] }],
    // Typos.
    ["drsess", { allOf: /\bDress\b/, n: 6 }],
    ["jaket", { allOf: /\bJacket\b/, n: 4 }],
    ["gingam", { allOf: /Gingham/, n: 4 }],
    // Accents the shopper types, or does not.
    ["champágne", { first: ["Champagne Satin Slip Dress"] }],
    ["CHAMPAGNE", { first: ["Champagne Satin Slip Dress"] }],
    // The owner's synonyms: "tee" = "t-shirt"; "2 piece" = "2-piece" = "set" = "co-ord"; "trainers" = "sneakers".
    ["tee", { allOf: /\bTee\b/, n: 4 }],
    ["2 piece", { allOf: /\b(Set|Co-ord)\b/, n: 8 }],
    ["trainers", { allOf: /Sneakers/, n: 2 }],
    // A word in the title ranks above the same word in the description only.
    ["leather", { allOf: /Leather/, n: 4 }],
    // Two words, one with a typo: both must be found.
    ["denim jaket", { first: ["Classic Denim Jacket", "Vintage Wash Denim Jacket"] }],
    ["xyzzy", { none: true }],
    ["!!!", { none: true }],
  ])("%s", async (q, expected) => {
    check(await titlesFor(catalog, q), expected);
  });

  it("ties are newest first", async () => {
    const page = await catalog.listProducts(parseListingQuery(new URLSearchParams({ q: "gingham" })));
    const titled = page.items.filter((p) => /Gingham/.test(p.title));
    const dates = titled.map((p) => p.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("without a search the grid is newest first, as before", async () => {
    const page = await catalog.listProducts(parseListingQuery(new URLSearchParams()));
    expect(page.items.map((p) => p.title)).toEqual(DEMO_PRODUCTS.slice(0, 12).map((p) => p.title));
  });

  it("a NUL byte or other control characters in the search are spaces, not an error", async () => {
    expect(await titlesFor(catalog, "flor\u0000al")).toEqual(await titlesFor(catalog, "flor al"));
    expect((await titlesFor(catalog, "floral\u0000")).at(0)).toBe("Rosa Floral Midi Dress");
  });
});

describe("on a generated catalogue of 10,000 products", () => {
  let database: DatabaseHandle;
  let catalog: ReturnType<typeof createCatalogService>;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`
      insert into products (title, description, price_cents, category, sizes, stock_count, created_at)
      select (array['Floral','Striped','Plain','Checked','Dotted'])[1 + i % 5] || ' ' ||
             (array['Linen','Wool','Silk','Denim','Cotton','Velvet','Satin'])[1 + (i / 5) % 7] || ' ' ||
             (array['Dress','Jacket','Blouse','Skirt','T-Shirt','Scarf','Sneakers','Set'])[1 + (i / 35) % 8] || ' ' || i,
             'Pairs well with a ' || (array['scarf','belt','jacket','dress'])[1 + i % 4] || '. Number ' || i || '.',
             1000 + (i * 37) % 20000,
             (array['Dress','Jackets','2-piece','Accessories','Shoes','Children Collection'])[1 + (i / 35) % 6],
             '{S,M,L}', 5, timestamptz '2025-01-01' + i * interval '1 minute'
      from generate_series(0, 9999) as i`);
    await database.db.execute(sql`
      insert into products (title, description, price_cents, category, created_at)
      values ('Crème Brûlée Silk Blouse', 'A soft blouse.', 5000, 'Dress', timestamptz '2025-01-02')`);
    await database.db.execute(sql`analyze`);
    await seedDemoSynonyms(database.db);
    catalog = createCatalogService(database.db);
  }, 300_000);
  afterAll(() => database?.close());

  it.each<[string, Expectation]>([
    ["drsess", { allOf: /\bDress\b/, n: 24 }],
    ["jaket", { allOf: /\bJacket\b/, n: 24 }],
    ["flor", { allOf: /^Floral\b/, n: 24 }],
    // "scarf" is in many descriptions; the scarves' titles come first.
    ["scarf", { allOf: /\bScarf\b/, n: 24 }],
    ["floral jaket", { allOf: /^Floral \w+ Jacket\b/, n: 24 }],
    ["creme brulee", { first: ["Crème Brûlée Silk Blouse"] }],
    ["crème brûlée", { first: ["Crème Brûlée Silk Blouse"] }],
    ["tee", { allOf: /\bT-Shirt\b/, n: 24 }],
    ["2 piece", { allOf: /\bSet\b/, n: 24 }],
    ["qwxyz", { none: true }],
  ])("%s", async (q, expected) => {
    const started = performance.now();
    const titles = await titlesFor(catalog, q);
    const elapsed = Math.round(performance.now() - started);
    check(titles, expected);
    console.info(`search "${q}" over 10,000 products: ${elapsed} ms`);
  });

  it("equal matches are newest first", async () => {
    const page = await catalog.listProducts(
      parseListingQuery(new URLSearchParams({ q: "floral jacket", limit: "24" })),
    );
    const numbers = page.items.map((p) => Number(p.title.split(" ").at(-1)));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });
});
