import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchSynonyms } from "../../server/db/schema";
import { TestBrowser } from "../helpers/accounts";
import { type AdminTest, startAdminTest } from "../helpers/admin";
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
