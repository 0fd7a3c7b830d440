import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeProductImage } from "../../server/catalog/images";
import type { DatabaseHandle } from "../../server/db/client";
import { reviews } from "../../server/db/schema";
import { createLocalStorage } from "../../server/storage/local";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";
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

/**
 * The product page of a product with three stored photos, sizes and colours, and of one with no
 * photo and nothing to choose (the e2e store's "E2E Gallery Dress" and "E2E Imageless Tee"), as
 * the server renders it before any script runs.
 */
describe("product page as first rendered", () => {
  const DRESS = "Gallery Dress";
  const TEE = "Imageless Tee";
  let dress: string;
  let tee: string;

  beforeAll(async () => {
    // Real pictures in the store's media folder, so their addresses answer.
    const storage = createLocalStorage(path.join(t.dataDir, "media"));
    const photos: string[] = [];
    for (const [i, background] of ["#b4533c", "#3c7a5a", "#3c5a9a"].entries()) {
      const png = await sharp({ create: { width: 400, height: 500, channels: 3, background } })
        .png()
        .toBuffer();
      photos.push(await storeProductImage(storage, png, `gallery-${i + 1}.png`));
    }
    [{ id: dress }, { id: tee }] = await insertProducts(database.db, [
      {
        title: DRESS,
        description: "A dress with three photos, three sizes and two colours.",
        priceCents: 8900,
        category: "Dress",
        sizes: ["S", "M", "L"],
        colors: [
          { name: "Terracotta", hex: "#b4533c" },
          { name: "Sage", hex: "#8fa98a" },
        ],
        imageUrls: photos,
        stockCount: 24,
      },
      { title: TEE, category: "Accessories", priceCents: 1200, sizes: [], colors: [], imageUrls: [], stockCount: 3 },
    ]);
  });

  const render = async (id: string) => {
    const response = await t.app.request(`http://store.test/product/${id}`);
    expect(response.status).toBe(200);
    return withoutTextSeparators(await response.text());
  };
  const main = (html: string) => element(html, /<main[\s>]/);
  const reviewsSection = (html: string) => element(html, /<section id="reviews"/);
  /** The role="group" elements of a page by their name (aria-label, or the text of what aria-labelledby names). */
  function groups(html: string): Map<string, string> {
    const named = new Map<string, string>();
    for (const group of elements(html, /<div [^>]*role="group"/)) {
      const by = attribute(group, "aria-labelledby");
      const name = by
        ? textOf(element(html, new RegExp(`<[a-z0-9]+ [^>]*id="${by}"`)))
        : attribute(group, "aria-label");
      named.set(name ?? "", group);
    }
    return named;
  }
  const buttonsNamed = (markup: string, name: RegExp) =>
    elements(markup, /<button[\s>]/).filter((b) => name.test(attribute(b, "aria-label") ?? textOf(b)));

  it("a product without photos shows the placeholder (a picture that loads), and no arrows, sizes or colours", async () => {
    const html = await render(tee);
    const images = elements(main(html), /<img[\s>]/).filter((img) => attribute(img, "alt") === `${TEE}: no photo yet`);
    expect(images.map((img) => attribute(img, "src"))).toEqual(["/placeholder-product.svg"]);
    const placeholder = await t.app.request("/placeholder-product.svg");
    expect(placeholder.status).toBe(200);
    expect(placeholder.headers.get("content-type")).toContain("image/svg+xml");
    // It decodes to a picture with a size, as the browser's img.naturalWidth > 0.
    expect((await sharp(Buffer.from(await placeholder.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
    expect(buttonsNamed(html, /^(Next image|Previous image|Show image)/)).toEqual([]);
    expect([...groups(html).keys()].filter((name) => /size|color/i.test(name))).toEqual([]);
    expect(textOf(reviewsSection(html))).toContain("No reviews yet.");
  });

  it("shows the price, stock, description, sizes, colours, reviews, checkout link and a breadcrumb that leads to the category", async () => {
    const html = await render(dress);
    const page = main(html);
    expect(elements(page, /<p[\s>]/).map(textOf)).toEqual(expect.arrayContaining(["$89.00", "In Stock"]));
    expect(textOf(page)).toContain("A dress with three photos");
    // No stars and no "0.0 (0 reviews)" for a product nobody has reviewed yet.
    expect(elements(page, /<a[\s>]/).filter((a) => textOf(a) === "No reviews yet.")).toHaveLength(1);
    expect(textOf(page)).not.toContain("(0 reviews)");
    expect(elements(page, /<h2[\s>]/).map(textOf)).toContain("Reviews");
    expect(textOf(reviewsSection(html))).toContain("No reviews yet.");

    const sizes = groups(html).get("Size") as string;
    expect(elements(sizes, /<button[\s>]/).map(textOf)).toEqual(["S", "M", "L"]);
    for (const size of elements(sizes, /<button[\s>]/)) expect(attribute(size, "aria-pressed")).toBe("false");
    expect(
      elements(groups(html).get("Color") as string, /<button[\s>]/).map((b) => attribute(b, "aria-label")),
    ).toEqual(["Terracotta", "Sage"]);
    const checkout = elements(page, /<a[\s>]/).filter((a) => textOf(a) === "Go to checkout");
    expect(checkout.map((a) => attribute(a, "href"))).toEqual(["/checkout"]);

    const breadcrumb = element(page, /<nav [^>]*aria-label="Breadcrumb"/);
    const category = elements(breadcrumb, /<a[\s>]/).filter((a) => textOf(a) === "Dress");
    expect(category.map((a) => attribute(a, "href"))).toEqual(["/?category=dress"]);
    const listing = await t.app.request(attribute(category[0], "href") as string);
    expect(listing.status).toBe(200);
    expect(textOf(element(withoutTextSeparators(await listing.text()), /<h1[\s>]/))).toBe("Dress");
  });

  it("a product without reviews says 'No reviews yet.' (a link to the reviews) instead of empty stars and 0.0", async () => {
    const page = main(await render(dress));
    const link = elements(page, /<a[\s>]/).filter((a) => textOf(a) === "No reviews yet.");
    expect(link.map((a) => attribute(a, "href"))).toEqual(["#reviews"]);
    expect(textOf(page)).not.toContain("0.0");
    expect(textOf(page)).not.toContain("(0 reviews)");
  });

  it("tells search engines and link previews about the product, with a picture that loads", async () => {
    const html = await render(dress);
    const url = `http://store.test/product/${dress}`;
    expect(textOf(element(html, /<title>/))).toBe(`${DRESS} | Threadline`);
    expect(metaContent(html, "og:type")).toBe("product");
    expect(metaContent(html, "og:url")).toBe(url);
    const ogImage = metaContent(html, "og:image") as string;
    expect(ogImage).toMatch(/^http:\/\/store\.test\/media\/products\/.+-960\.webp$/);
    const picture = await t.app.request(ogImage);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");

    const scripts = jsonLdScripts(html);
    expect(scripts).toHaveLength(1);
    const jsonLd = JSON.parse(scripts[0]);
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: DRESS,
      sku: url.split("/").pop(),
      offers: { price: "89.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    expect(jsonLd.aggregateRating).toBeUndefined();
  });
});
