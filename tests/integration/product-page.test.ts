import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { reviews } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";

/** The product page as a browser or a crawler receives it on a first load (server-rendered). */

const HOSTILE_TITLE = "Lace </script><script>alert(1)</script> dress";

let database: DatabaseHandle;
let t: TestApp;
let reviewed: string;
let bare: string;

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
    {
      title: "Plain tote",
      description: "",
      priceCents: 1500,
      category: "Accessories",
      sizes: [],
      imageUrls: [],
      stockCount: 0,
    },
  ]);
  [reviewed, bare] = rows.map((r) => r.id);
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

const page = async (path: string) => {
  const response = await t.app.request(path);
  return { status: response.status, html: await response.text() };
};

function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`));
  return tag?.[1];
}

function jsonLdScripts(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}

describe("product page", () => {
  it("renders the product, its details and choices on the server", async () => {
    const { status, html } = await page(`/product/${reviewed}`);
    expect(status).toBe(200);
    expect(html).toContain("Lace &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; dress</h1>");
    expect(html).toContain("$49.50");
    expect(html).toContain("In Stock");
    expect(html).toMatch(/\(<!-- -->3 reviews<!-- -->\)|\(3 reviews\)/);
    expect(html).toContain('aria-label="Ivory"');
    expect(html).toMatch(/<button type="button" aria-pressed="false"[^>]*>S<\/button>/);
    expect(html).toContain('href="/?category=dress"');
    expect(html).not.toContain("Loading product...");
  });

  it("lists the reviews newest first, as plain text, with 'Customer' for a missing name", async () => {
    const { html } = await page(`/product/${reviewed}`);
    const positions = ["Newest", "Middle review", "Oldest review"].map((text) => html.indexOf(text));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(html).toContain(">Customer</h3>");
    expect(html).toContain(">Grace</h3>");
    expect(html).toContain("Newest &lt;img src=x onerror=alert(1)&gt; review");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain('dateTime="2026-03-01T14:30:00.000Z"');
    expect(html).toContain("Mar 1, 2026, 2:30 PM UTC");
    expect(html).not.toContain("No reviews yet.");
  });

  it("has a title, description and Open Graph tags with absolute addresses", async () => {
    const { html } = await page(`/product/${reviewed}`);
    expect(html).toContain(
      "<title>Lace &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; dress | Threadline</title>",
    );
    expect(metaContent(html, "description")).toBe("A lace midi dress. Lined, with a hidden zip.");
    expect(metaContent(html, "og:type")).toBe("product");
    expect(metaContent(html, "og:title")).toBe("Lace &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; dress");
    expect(metaContent(html, "og:url")).toBe(`http://store.test/product/${reviewed}`);
    expect(metaContent(html, "og:image")).toBe("http://store.test/media/products/lace-front-960.webp");
    expect(html).toContain(`<link rel="canonical" href="http://store.test/product/${reviewed}"/>`);
  });

  it("a product without photos or reviews uses the placeholder and leaves the rating out", async () => {
    const { status, html } = await page(`/product/${bare}`);
    expect(status).toBe(200);
    expect(html).toContain('src="/placeholder-product.svg"');
    expect(html).not.toContain('aria-label="Next image"');
    expect(html).toContain("No reviews yet.");
    expect(html).toContain("Out of Stock");
    expect(html).not.toContain('aria-labelledby="size-label"');
    expect(metaContent(html, "og:image")).toBe("http://store.test/placeholder-product.svg");
    expect(metaContent(html, "description")).toBe("Plain tote, Accessories, at Threadline.");
    const data = JSON.parse(jsonLdScripts(html)[0]);
    expect(data.aggregateRating).toBeUndefined();
    expect(data.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(data.offers.price).toBe("15.00");
  });

  it.each([
    ["a malformed id", "/product/not-a-uuid"],
    ["an id with SQL in it", "/product/1'%20or%20'1'='1"],
    ["an unknown id", "/product/4f0c9d36-2b0a-4c55-9a1e-3f6f2b9c1d77"],
  ])("answers %s with the 404 page, never a 500", async (_what, path) => {
    const { status, html } = await page(path);
    expect(status).toBe(404);
    expect(html).toContain("Page not found");
    expect(jsonLdScripts(html)).toHaveLength(0);
  });

  it("answers a client-side data request for an unknown product with 404", async () => {
    const response = await t.app.request("/product/4f0c9d36-2b0a-4c55-9a1e-3f6f2b9c1d77.data");
    expect(response.status).toBe(404);
  });
});
