import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminTest, startAdminTest } from "../helpers/admin";
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";
import { insertProducts } from "../helpers/products";

/**
 * The Products tab's search and category filter (docs/product.md, "Admin: products"): in the
 * address, filtered by the server, a page without JavaScript; the product just saved shown on its
 * page, marked. Odd input is no filter, never an error or a query of its own.
 */

let test: AdminTest;
let ids: Record<string, string>;
const PREFIX = "Qz";

beforeAll(async () => {
  test = await startAdminTest();
  const made = await insertProducts(test.database.db, [
    { title: `${PREFIX} Linen Wrap Dress`, category: "Dress" },
    { title: `${PREFIX} Wool Field Jacket`, category: "Jackets" },
    { title: `${PREFIX} Linen Trousers`, category: "Pants" },
    { title: `${PREFIX} 100% Cotton Tee`, category: "2-piece" },
    { title: `${PREFIX} Under_score Scarf`, category: "Accessories" },
  ]);
  ids = Object.fromEntries(made.map((p) => [p.title.slice(PREFIX.length + 1), p.id]));
});
afterAll(async () => {
  await test?.stop();
});

const titles = async (search: Record<string, string>) => {
  const page = await test.t.services.adminCatalog.listProducts({
    page: Number(search.page ?? 1),
    pageSize: Number(search.pageSize ?? 25),
    q: search.q,
    category: search.category as never,
    highlight: search.highlight,
    pageGiven: Boolean(search.page),
  });
  return { ...page, titles: page.items.map((p) => p.title).filter((t) => t.startsWith(PREFIX)) };
};

describe("the Products tab's search", () => {
  it.each([
    [{ q: "linen" }, ["Linen Trousers", "Linen Wrap Dress"]],
    [{ q: "LINEN wrap" }, ["Linen Wrap Dress"]],
    [{ q: "linen", category: "Pants" }, ["Linen Trousers"]],
    [{ category: "Jackets" }, ["Wool Field Jacket"]],
    // LIKE's own characters are taken literally.
    [{ q: "100%" }, ["100% Cotton Tee"]],
    [{ q: "n_T" }, []],
    [{ q: "under_score" }, ["Under_score Scarf"]],
    [{ q: "%" }, ["100% Cotton Tee"]],
    [{ q: "nothing like this" }, []],
  ])("%j finds %j", async (search, expected) => {
    const found = await titles(search);
    expect(found.titles).toEqual(expected.map((t) => `${PREFIX} ${t}`));
  });

  it("shows the page of a highlighted product, newest first, when no page is asked for", async () => {
    const onePerPage = await titles({ q: PREFIX, pageSize: "1", highlight: ids["Linen Wrap Dress"] });
    expect(onePerPage.page).toBe(5);
    expect(onePerPage.titles).toEqual([`${PREFIX} Linen Wrap Dress`]);
    const asked = await titles({ q: PREFIX, pageSize: "1", page: "2", highlight: ids["Linen Wrap Dress"] });
    expect(asked.page).toBe(2);
    // Filtered out: the first page, nothing marked.
    const elsewhere = await titles({ category: "Jackets", pageSize: "1", highlight: ids["Linen Wrap Dress"] });
    expect(elsewhere.page).toBe(1);
  });

  it("serves the filtered page without JavaScript, as the GET form asks for it", async () => {
    const res = await test.admin.request(`/admin?tab=products&q=${encodeURIComponent("linen")}&category=pants`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`${PREFIX} Linen Trousers`);
    expect(html).not.toContain(`${PREFIX} Linen Wrap Dress`);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/admin"|<form[^>]*action="\/admin"[^>]*method="get"/);
    expect(html).toContain('value="linen"');
  });

  it("marks the product just saved (its row has the address's fragment id)", async () => {
    const id = ids["Wool Field Jacket"];
    const html = await (await test.admin.request(`/admin?tab=products&q=&highlight=${id}`)).text();
    expect(html).toContain(`id="product-${id}"`);
    expect(html).toContain("Just saved");
  });

  it.each(["q=%00%27%3B--", `q=${"a".repeat(5000)}`, "category=%27%20or%201%3D1", "highlight=not-a-uuid&page=-1"])(
    "answers %.60s with a page, not an error",
    async (search) => {
      const res = await test.admin.request(`/admin?tab=products&${search}`);
      expect(res.status).toBe(200);
    },
  );

  it("keeps the category chosen in its select and lists only that category; the product just saved is marked current", async () => {
    const html = withoutTextSeparators(
      await (await test.admin.request("/admin?tab=products&q=&category=jackets")).text(),
    );
    const rows = elements(element(html, /<table/), /<tr [^>]*id="product-/);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !textOf(row).includes("Jackets"))).toEqual([]);
    const chosen = elements(element(html, /<select [^>]*name="category"/), /<option [^>]*selected=""/);
    expect(chosen.map((option) => attribute(option, "value"))).toEqual(["jackets"]);

    // Where an update lands (admin-edit.test.ts checks the redirect): the row, marked, with "Just saved".
    const id = ids["Linen Trousers"];
    const saved = withoutTextSeparators(
      await (await test.admin.request(`/admin?tab=products&q=&highlight=${id}`)).text(),
    );
    const current = elements(element(saved, /<table/), /<tr [^>]*aria-current="true"/);
    expect(current.map((row) => attribute(row, "id"))).toEqual([`product-${id}`]);
    expect(textOf(current[0])).toContain(`${PREFIX} Linen Trousers`);
    expect(textOf(current[0])).toContain("Just saved");
  });

  it("is the administrator's only", async () => {
    const res = await test.shopper.request("/admin?tab=products&q=linen");
    expect(res.status).not.toBe(200);
  });
});
