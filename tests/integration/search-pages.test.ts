import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchSynonyms } from "../../server/db/schema";
import { TestBrowser } from "../helpers/accounts";
import { type AdminTest, startAdminTest } from "../helpers/admin";
import { getFormAddress } from "../helpers/get-form";
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";
import { insertProducts } from "../helpers/products";

/**
 * Issue 27 through the whole app: the home page's search and filters (a NUL byte too), the
 * suggestions endpoint and its limits, the admin's Search tab and what a change of synonyms does
 * to the next search (the catalogue caches are emptied).
 */

let test: AdminTest;

beforeAll(async () => {
  test = await startAdminTest();
  await insertProducts(test.database.db, [
    { title: "Little Sailor Striped T-Shirt", category: "Children Collection", priceCents: 2400 },
    { title: "Rosa Floral Midi Dress", category: "Dress", priceCents: 12900 },
    { title: "Café Linen Blouse", category: "Dress", priceCents: 6900 },
  ]);
}, 120_000);
afterAll(async () => {
  await test.t.services.events.close();
  await test.stop();
});

const page = async (path: string) => {
  const res = await test.visitor.request(path);
  return { status: res.status, html: await res.text() };
};
const groups = () => test.database.db.select().from(searchSynonyms);

/** A page as a browser without JavaScript gets it, React's text separators removed. */
const visit = async (path: string) => {
  const res = await test.visitor.request(path);
  expect(res.status).toBe(200);
  return withoutTextSeparators(await res.text());
};
const h1 = (html: string) => textOf(element(html, /<h1[\s>]/));
const cards = (html: string) => elements(element(html, /<ul [^>]*aria-label="Products"/), /<article[\s>]/);
const searchForm = (html: string) => element(html, /<form [^>]*role="search"/);
/** The one link of `markup` whose text matches `name`. */
function link(markup: string, name: RegExp): string {
  const found = elements(markup, /<a[\s>]/).filter((a) => name.test(textOf(a)));
  expect(found, `one link ${name}`).toHaveLength(1);
  return found[0];
}
const categoryChip = (html: string, category: string) =>
  link(element(html, /<nav [^>]*aria-label="Categories"/), new RegExp(`^${category} , \\d+ products?$`));
const filterLink = (html: string, name: RegExp) => link(element(html, /<nav [^>]*aria-label="Filters"/), name);
/** The search parameters of an address, whatever their order. */
const params = (address: string) => Object.fromEntries(new URL(address, "http://store.test").searchParams);
/** The "N pieces" line under the heading. */
const pieces = (html: string) => textOf(element(element(html, /<section class="py-8/), /<p class="mt-3/));

describe("the home page", () => {
  it.each([
    ["/?q=%00", 200],
    ["/?q=flor%00al", 200],
    ["/?q=a%00b&size=M&color=%00&min=%00&max=1e99", 200],
  ])("%s answers %i, never a 500", async (path, status) => {
    expect((await page(path)).status).toBe(status);
  });

  it("finds with a typo, a prefix and without the accent", async () => {
    expect((await page("/?q=drsess")).html).toContain("Rosa Floral Midi Dress");
    expect((await page("/?q=flor")).html).toContain("Rosa Floral Midi Dress");
    expect((await page("/?q=cafe")).html).toContain("Café Linen Blouse");
  });

  it("a price range and its counts; an empty result says what to relax", async () => {
    const { html } = await page("/?min=50&max=100");
    expect(html).toContain("Café Linen Blouse");
    expect(html).not.toContain("Rosa Floral Midi Dress");
    const empty = (await page("/?q=blouse&min=200")).html;
    expect(empty).toContain("No products match your search.");
    expect(empty).toContain('href="/?min=200"');
    expect(empty).toContain('href="/?q=blouse"');
  });
});

describe("the home page's filters, sort and search as links and GET forms (no JavaScript needed)", () => {
  it("a category is a link: its page shows only that category, keeps it in the address and marks its chip", async () => {
    const href = attribute(categoryChip(await visit("/"), "Dress"), "href") as string;
    expect(params(href)).toEqual({ category: "dress" });
    const dress = await visit(href);
    expect(h1(dress)).toBe("Dress");
    expect(cards(dress).length).toBeGreaterThan(0);
    for (const card of cards(dress)) expect(elements(card, /<p[\s>]/).map(textOf)).toContain("Dress");
    expect(attribute(categoryChip(dress, "Dress"), "aria-current")).toBe("page");
  });

  it("a text search is sent by the search form and heads its results with what was searched", async () => {
    const address = getFormAddress(searchForm(await visit("/")), { q: "floral" });
    expect(params(address)).toMatchObject({ q: "floral" });
    const found = await visit(address);
    expect(h1(found)).toBe("Results for “floral”");
    expect(cards(found).length).toBeGreaterThan(0);
  });

  it("a search with no match says so, and SQL or HTML in it is only text", async () => {
    const typed = "<img src=x onerror=alert(1)> ' or 1=1 --";
    const html = await visit(`/?q=${encodeURIComponent(typed)}`);
    expect(textOf(element(html, /<main[\s>]/))).toContain("No products match your search.");
    expect(h1(html)).toBe(`Results for “${typed}”`);
    // No img element made of the search, src="x" quoted or as typed: it is escaped wherever it is written.
    expect(elements(html, /<img[\s>]/).filter((img) => attribute(img, "src") === "x")).toEqual([]);
    expect(html).not.toMatch(/<img src=x[\s>]/i);
  });

  it("every filter, sort and search works without JavaScript: a link, the Sort button, the Search button", async () => {
    // A category is a link.
    const dress = await visit(attribute(categoryChip(await visit("/"), "Dress"), "href") as string);
    expect(h1(dress)).toBe("Dress");
    // A sort is sent by its own button, printed for browsers without JavaScript.
    const form = searchForm(dress);
    const noscript = element(form, /<noscript>/);
    expect(elements(noscript, /<button[\s>]/).map((b) => [attribute(b, "type"), textOf(b)])).toEqual([
      ["submit", "Sort"],
    ]);
    expect(elements(element(form, /<select [^>]*name="sort"/), /<option /).map((o) => attribute(o, "value"))).toContain(
      "price-asc",
    );
    const sortedAddress = getFormAddress(form, { sort: "price-asc" });
    expect(params(sortedAddress)).toMatchObject({ category: "dress", sort: "price-asc" });
    const sorted = await visit(sortedAddress);
    const prices = cards(sorted).map((card) =>
      Number(textOf(element(card, /<p class="font-semibold"/)).replace(/[$,]/g, "")),
    );
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // A search is sent by Search, keeping the category and the sort.
    const searchButtons = elements(searchForm(sorted), /<button [^>]*type="submit"/).filter(
      (b) => textOf(b) === "Search",
    );
    expect(searchButtons).toHaveLength(1);
    const searched = getFormAddress(searchForm(sorted), { q: "midi" });
    expect(params(searched)).toMatchObject({ q: "midi", category: "dress", sort: "price-asc" });
    expect(h1(await visit(searched))).toBe("Results for “midi”");
  });

  it("a typo search, then a size and a price range, then a search that finds nothing and what to relax", async () => {
    const typo = getFormAddress(searchForm(await visit("/")), { q: "drsess" });
    expect(params(typo)).toMatchObject({ q: "drsess" });
    const found = await visit(typo);
    expect(h1(found)).toBe("Results for “drsess”");
    expect(textOf(cards(found)[0])).toContain("Dress");

    // A size in stock: the link says how many products it shows, and the page shows that many.
    const size = filterLink(found, /^M\b/);
    const sizeCount = Number(textOf(size).match(/\d+/)?.[0]);
    expect(sizeCount).toBeGreaterThan(0);
    const sizeAddress = attribute(size, "href") as string;
    expect(params(sizeAddress)).toMatchObject({ q: "drsess", size: "M" });
    const sized = await visit(sizeAddress);
    expect(pieces(sized)).toBe(`${sizeCount} ${sizeCount === 1 ? "piece" : "pieces"}`);
    expect(attribute(filterLink(sized, /^M\b/), "aria-current")).toBe("true");

    // A price range on top: both stay in the address, and a new search keeps them.
    const range = filterLink(sized, /^\$50 – \$100/);
    const rangeCount = Number(textOf(range).match(/(\d+)\D*$/)?.[1]);
    const rangeAddress = attribute(range, "href") as string;
    expect(params(rangeAddress)).toMatchObject({ q: "drsess", size: "M", min: "50", max: "100" });
    const ranged = await visit(rangeAddress);
    expect(pieces(ranged)).toBe(`${rangeCount} ${rangeCount === 1 ? "piece" : "pieces"}`);
    const nothingAddress = getFormAddress(searchForm(ranged), { q: "xyzzy" });
    expect(params(nothingAddress)).toMatchObject({ q: "xyzzy", size: "M", min: "50", max: "100" });

    // Nothing found: the page says what to relax, and each suggestion is a link without that filter.
    const nothing = await visit(nothingAddress);
    expect(textOf(element(nothing, /<main[\s>]/))).toContain("No products match your search.");
    const relaxed = attribute(link(element(nothing, /<main[\s>]/), /^Remove Search “xyzzy”/), "href") as string;
    expect(params(relaxed)).not.toHaveProperty("q");
    expect(params(relaxed)).toMatchObject({ size: "M", min: "50", max: "100" });
    expect(cards(await visit(relaxed)).length).toBeGreaterThan(0);
  });
});

describe("GET /api/search/suggest", () => {
  it("answers products and categories, small and cacheable", async () => {
    const res = await test.visitor.request("/api/search/suggest?q=dres");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=30");
    const body = await res.json();
    expect(body.products.map((p: { title: string }) => p.title)).toContain("Rosa Floral Midi Dress");
    expect(body.categories).toEqual([{ name: "Dress", slug: "dress" }]);
    expect(Object.keys(body.products[0]).sort()).toEqual(["category", "id", "title"]);
  });

  it.each(["", "?q=", "?q=%00%00", "?q=!!!", `?q=${"a".repeat(500)}`, "?q[]=x"])(
    "%s: empty or cut, never an error",
    async (query) => {
      const res = await test.visitor.request(`/api/search/suggest${query}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ products: expect.any(Array), categories: expect.any(Array) });
    },
  );

  it("refuses an address over 2,000 characters", async () => {
    expect((await test.visitor.request(`/api/search/suggest?q=${"a".repeat(2100)}`)).status).toBe(414);
  });

  it("limits one address to 600 a minute; another address is not affected", async () => {
    const busy = new TestBrowser(test.t.app, "198.51.100.90");
    const answers = [];
    for (let i = 0; i < 601; i++) answers.push((await busy.request(`/api/search/suggest?q=x${i}`)).status);
    expect(answers.slice(0, 600).every((s) => s === 200)).toBe(true);
    const refused = await busy.request("/api/search/suggest?q=dress");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await new TestBrowser(test.t.app, "198.51.100.91").request("/api/search/suggest?q=dress")).status).toBe(
      200,
    );
  }, 60_000);
});

describe("the admin's Search tab", () => {
  it("adds a group, and the next search uses it (the cached page is not served)", async () => {
    expect((await page("/?q=tee")).html).toContain("No products match your search.");
    const res = await test.admin.postForm("/admin?tab=search", { intent: "add-synonyms", terms: "tee, t-shirt" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Synonyms added");
    expect((await groups()).map((g) => g.terms)).toEqual([["tee", "t-shirt"]]);
    expect((await page("/?q=tee")).html).toContain("Little Sailor Striped T-Shirt");
    expect(await test.admin.request("/admin?tab=search").then((r) => r.text())).toContain('value="tee, t-shirt"');
  });

  it("edits and deletes a group", async () => {
    const [group] = await groups();
    const saved = await test.admin.postForm("/admin?tab=search", {
      intent: "save-synonyms",
      synonymId: group.id,
      terms: "tee = t-shirt = top",
    });
    expect(saved.status).toBe(200);
    expect((await groups())[0].terms).toEqual(["tee", "t-shirt", "top"]);
    const gone = await test.admin.postForm("/admin?tab=search", { intent: "delete-synonyms", synonymId: group.id });
    expect(gone.status).toBe(200);
    expect(await groups()).toEqual([]);
    expect((await page("/?q=tee")).html).toContain("No products match your search.");
  });

  it.each([
    [{ intent: "add-synonyms", terms: "tee" }, 400, "Enter at least two words or phrases, separated by commas."],
    [{ intent: "add-synonyms", terms: "tee, !!!" }, 400, "has no letters or digits."],
    [{ intent: "save-synonyms", synonymId: "not-a-uuid", terms: "a1, b1" }, 404, ""],
    [{ intent: "save-synonyms", synonymId: "11111111-1111-4111-8111-111111111111", terms: "a1, b1" }, 404, ""],
    [{ intent: "delete-synonyms", synonymId: "11111111-1111-4111-8111-111111111111" }, 404, ""],
  ])("refuses %j with %i, changing nothing", async (fields, status, text) => {
    const before = await groups();
    const res = await test.admin.postForm("/admin?tab=search", fields as Record<string, string>);
    expect(res.status).toBe(status);
    if (text) expect(await res.text()).toContain(text);
    expect(await groups()).toEqual(before);
  });

  it("is the administrator's only: a shopper is refused, nothing changes", async () => {
    const res = await test.shopper.postForm("/admin?tab=search", { intent: "add-synonyms", terms: "a1, b1" });
    expect(res.status).toBe(403);
    expect(await groups()).toEqual([]);
  });
});
