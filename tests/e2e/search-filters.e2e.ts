import { expect, test } from "./fixtures";

/**
 * Issue 27: the forgiving search and the filters without JavaScript (GET forms and links that
 * combine in the address bar, each with its count), and the suggestions' combobox with it.
 */
const _cards = (page: import("./fixtures").Page) => page.getByRole("list", { name: "Products" }).getByRole("article");
/** The address's search parameters, whatever their order. */
const _params = (page: import("./fixtures").Page) => Object.fromEntries(new URL(page.url()).searchParams);
const _filters = (page: import("./fixtures").Page) => page.getByRole("navigation", { name: "Filters" });

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
