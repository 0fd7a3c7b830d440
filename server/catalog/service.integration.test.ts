import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseListingQuery } from "../../domain/listing";
import { insertProducts } from "../../tests/helpers/products";
import { createTestDatabase } from "../../tests/helpers/database";
import type { DatabaseHandle } from "../db/client";
import { products, reviews } from "../db/schema";
import { type CatalogService, createCatalogService } from "./service";

let handle: DatabaseHandle;
let catalog: CatalogService;

beforeAll(async () => {
  handle = await createTestDatabase();
  catalog = createCatalogService(handle.db);
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(products);
});

const query = (search: string) => parseListingQuery(new URLSearchParams(search));

describe("listProducts", () => {
  it("returns an empty page for an empty catalogue", async () => {
    expect(await catalog.listProducts(query(""))).toEqual({ items: [], total: 0, hasMore: false });
  });

  it("pages newest first without repeating or skipping products that share a timestamp", async () => {
    const sameMoment = new Date("2026-03-01T10:00:00Z");
    const inserted = await insertProducts(
      handle.db,
      Array.from({ length: 30 }, (_, i) => ({
        title: `Item ${i}`,
        createdAt: i < 20 ? sameMoment : new Date(Date.UTC(2026, 3, i)),
      })),
    );
    const first = await catalog.listProducts(query(""));
    expect(first.items).toHaveLength(12);
    expect(first.total).toBe(30);
    expect(first.hasMore).toBe(true);
    const second = await catalog.listProducts(query("?limit=24"));
    expect(second.items.slice(0, 12).map((p) => p.id)).toEqual(first.items.map((p) => p.id));
    const all = await catalog.listProducts(query("?limit=36"));
    expect(all.hasMore).toBe(false);
    expect(new Set(all.items.map((p) => p.id))).toEqual(new Set(inserted.map((p) => p.id)));
    // The newest (April) products come before the twenty that share March 1st.
    expect(all.items[0].title).toBe("Item 29");
    const dates = all.items.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("filters by category and sorts by price", async () => {
    await insertProducts(handle.db, [
      { title: "Cheap shoe", category: "Shoes", priceCents: 1500 },
      { title: "Dear shoe", category: "Shoes", priceCents: 9900 },
      { title: "A dress", category: "Dress", priceCents: 5000 },
    ]);
    const shoes = await catalog.listProducts(query("?category=shoes&sort=price-desc"));
    expect(shoes.items.map((p) => p.title)).toEqual(["Dear shoe", "Cheap shoe"]);
    const cheapest = await catalog.listProducts(query("?sort=price-asc"));
    expect(cheapest.items.map((p) => p.priceCents)).toEqual([1500, 5000, 9900]);
  });

  it("searches title, category and description by word prefix", async () => {
    await insertProducts(handle.db, [
      { title: "Floral wrap dress", description: "Light viscose for summer" },
      { title: "Leather biker jacket", category: "Jackets", description: "Classic fit" },
      { title: "Canvas tote", category: "Accessories", description: "Roomy bag with floral lining" },
    ]);
    const floral = await catalog.listProducts(query("?q=flor"));
    expect(floral.items.map((p) => p.title).sort()).toEqual(["Canvas tote", "Floral wrap dress"]);
    const jackets = await catalog.listProducts(query("?q=jackets"));
    expect(jackets.items.map((p) => p.title)).toEqual(["Leather biker jacket"]);
    const both = await catalog.listProducts(query("?q=floral+dress"));
    expect(both.items.map((p) => p.title)).toEqual(["Floral wrap dress"]);
  });

  it("treats SQL and HTML in a search as plain text", async () => {
    await insertProducts(handle.db, [{ title: "Silk scarf" }]);
    for (const q of ["'; drop table products; --", "<script>alert(1)</script>", "!!!", "\\", "a:* | b"]) {
      const page = await catalog.listProducts(query(`?q=${encodeURIComponent(q)}`));
      expect(page.items).toEqual([]);
    }
    expect(await catalog.countProducts()).toBe(1);
  });
});

describe("getProduct", () => {
  it("returns a product with its rating average and count", async () => {
    const [p] = await insertProducts(handle.db, [{ title: "Rated dress" }]);
    await handle.db.insert(reviews).values([
      { productId: p.id, userId: "u1", userName: "Ann", text: "Lovely", rating: 5 },
      { productId: p.id, userId: "u2", userName: "Bo", text: "Good", rating: 4 },
      { productId: p.id, userId: "u3", userName: "Cy", text: "Fine", rating: 4 },
    ]);
    const product = await catalog.getProduct(p.id);
    expect(product?.title).toBe("Rated dress");
    expect(product?.reviewCount).toBe(3);
    expect(product?.ratingAverage).toBeCloseTo(4.333, 2);
    const listed = await catalog.listProducts(query(""));
    expect(listed.items[0].reviewCount).toBe(3);
  });

  it.each(["not-a-uuid", "1 or 1=1", "", "00000000-0000-0000-0000-000000000000"])("is undefined for %j", async (id) => {
    expect(await catalog.getProduct(id)).toBeUndefined();
  });
});
