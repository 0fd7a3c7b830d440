import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { reviews } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";

/**
 * Markup and query syntax in what shoppers and the catalogue send are text, never markup or SQL
 * (moved here from the home and product page tests so it stays held): titles and searches are
 * escaped, a search is never SQL, and a title cannot break out of the page's schema.org script.
 */

const HOSTILE_TITLE = "Lace </script><script>alert(1)</script> dress";

let database: DatabaseHandle;
let t: TestApp;
let reviewed: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
  const rows = await insertProducts(database.db, [
    {
      title: HOSTILE_TITLE,
      description: "A lace midi dress.\nLined, with a hidden zip.",
      priceCents: 4950,
      category: "Dress",
      sizes: ["S", "M"],
      colors: [{ name: "Ivory", hex: "#f5f0e6" }],
      imageUrls: ["/media/products/lace-front", "/media/products/lace-back"],
      stockCount: 2,
    },
    { title: "Floral <b>wrap</b> dress", imageUrls: ["/media/products/p0"] },
  ]);
  reviewed = rows[0].id;
  await database.db.insert(reviews).values([
    {
      productId: reviewed,
      userId: "u1",
      userName: "Ada",
      text: "Oldest review",
      rating: 3,
      createdAt: new Date("2026-01-01T09:00:00Z"),
    },
    {
      productId: reviewed,
      userId: "u2",
      userName: "",
      text: "Middle review",
      rating: 4,
      createdAt: new Date("2026-02-01T09:00:00Z"),
    },
    {
      productId: reviewed,
      userId: "u3",
      userName: "Grace",
      text: "Newest <img src=x onerror=alert(1)> review",
      rating: 4,
      createdAt: new Date("2026-03-01T14:30:00Z"),
    },
  ]);
});
afterAll(() => database.close());

const get = (url: string, init?: RequestInit) => t.app.request(url, init);

const page = async (path: string) => {
  const response = await t.app.request(path);
  return { status: response.status, html: await response.text() };
};

function jsonLdScripts(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}

describe("the home grid and search", () => {
  it("escapes product titles and search text", async () => {
    const html = await (await get(`/?limit=96&q=${encodeURIComponent("<script>alert(1)</script>")}`)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const home = await (await get("/?limit=96")).text();
    expect(home).not.toContain("<b>wrap</b>");
    expect(home).toContain("Floral &lt;b&gt;wrap&lt;/b&gt; dress");
  });

  it.each(["'; drop table products; --", "%", "\\", "a:* | !b"])("treats the search %j as text", async (q) => {
    const res = await get(`/?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(await t.services.catalog.countProducts()).toBe(2);
  });
});

describe("the product page", () => {
  it("describes the product as schema.org data that a title cannot break out of", async () => {
    const { html } = await page(`/product/${reviewed}`);
    const scripts = jsonLdScripts(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).not.toContain("<");
    expect(JSON.parse(scripts[0])).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: HOSTILE_TITLE,
      description: "A lace midi dress.\nLined, with a hidden zip.",
      image: [
        "http://store.test/media/products/lace-front-960.webp",
        "http://store.test/media/products/lace-back-960.webp",
      ],
      sku: reviewed,
      category: "Dress",
      url: `http://store.test/product/${reviewed}`,
      offers: {
        "@type": "Offer",
        url: `http://store.test/product/${reviewed}`,
        price: "49.50",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      },
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: "3.7",
        reviewCount: 3,
        bestRating: 5,
        worstRating: 1,
      },
    });
  });

  it("shows a review's markup as text", async () => {
    const { html } = await page(`/product/${reviewed}`);
    expect(html).toContain("Newest &lt;img src=x onerror=alert(1)&gt; review");
    expect(html).not.toMatch(/<img[^>]*onerror/i);
  });
});
