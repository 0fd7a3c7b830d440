import { expect, test } from "./fixtures";

/**
 * Issue 27: the forgiving search and the filters without JavaScript (GET forms and links that
 * combine in the address bar, each with its count), and the suggestions' combobox with it.
 */
const cards = (page: import("./fixtures").Page) => page.getByRole("list", { name: "Products" }).getByRole("article");
/** The address's search parameters, whatever their order. */
const params = (page: import("./fixtures").Page) => Object.fromEntries(new URL(page.url()).searchParams);
const filters = (page: import("./fixtures").Page) => page.getByRole("navigation", { name: "Filters" });

test("search with a typo, then size and price filters, without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const search = page.getByRole("combobox", { name: "Search products" });
  await search.fill("drsess");
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]q=drsess/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “drsess”");
  await expect(cards(page).first()).toContainText("Dress");

  // A size in stock: the link says how many products it shows, and the grid shows that many.
  await page.getByText("Filters", { exact: true }).click();
  const size = filters(page).getByRole("link", { name: /^M\b/ });
  const sizeCount = Number((await size.textContent())?.match(/\d+/)?.[0]);
  expect(sizeCount).toBeGreaterThan(0);
  await size.click();
  await expect(page).toHaveURL(/[?&]size=M/);
  expect(params(page)).toMatchObject({ q: "drsess", size: "M" });
  await expect(page.getByText(`${sizeCount} ${sizeCount === 1 ? "piece" : "pieces"}`)).toBeVisible();
  await expect(filters(page).getByRole("link", { name: /^M\b/ })).toHaveAttribute("aria-current", "true");

  // A price range on top: both stay in the address, and a new search keeps them.
  const range = filters(page).getByRole("link", { name: /^\$50 – \$100/ });
  const rangeCount = Number((await range.textContent())?.match(/(\d+)\D*$/)?.[1]);
  await range.click();
  await expect(page).toHaveURL(/[?&]min=50/);
  expect(params(page)).toMatchObject({ q: "drsess", size: "M", min: "50", max: "100" });
  await expect(page.getByText(`${rangeCount} ${rangeCount === 1 ? "piece" : "pieces"}`)).toBeVisible();
  await page.getByRole("combobox", { name: "Search products" }).fill("xyzzy");
  await page.getByRole("combobox", { name: "Search products" }).press("Enter");
  await expect(page).toHaveURL(/[?&]q=xyzzy/);
  expect(params(page)).toMatchObject({ q: "xyzzy", size: "M", min: "50", max: "100" });

  // Nothing found: the page says what to relax, and each suggestion is a link without that filter.
  await expect(page.getByText("No products match your search.")).toBeVisible();
  await page.getByRole("link", { name: "Remove Search “xyzzy”" }).click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  expect(params(page)).toMatchObject({ size: "M", min: "50", max: "100" });
  expect(await cards(page).count()).toBeGreaterThan(0);
  await context.close();
});

test("suggestions under the search box: arrow keys, Enter opens the product, Escape closes", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("combobox", { name: "Search products" });
  await search.click();
  await search.pressSequentially("jaket", { delay: 40 });
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(search).toHaveAttribute("aria-expanded", "true");
  await expect(list.getByRole("option").first()).toContainText("Jacket");
  await search.press("Escape");
  await expect(list).toBeHidden();
  await expect(search).toHaveAttribute("aria-expanded", "false");
  await search.press("ArrowDown");
  await expect(search).toHaveAttribute("aria-activedescendant", "search-suggestions-0");
  const title = (await list.getByRole("option").first().locator("span").first().textContent()) ?? "";
  await search.press("Enter");
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});
