import { expect, test, PHONE } from "./fixtures";

const cards = (page: import("./fixtures").Page) => page.getByRole("list", { name: "Products" }).getByRole("article");

test.describe("home grid", () => {
  test("shows 12 products, then 24 after Load more, without jumping to the top", PHONE, async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Threadline");
    await expect(cards(page)).toHaveCount(12);
    const loadMore = page.getByRole("link", { name: "Load more" });
    await loadMore.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await loadMore.click();
    await expect(cards(page)).toHaveCount(24);
    await expect(page).toHaveURL(/\?limit=24$/);
    const after = await page.evaluate(() => window.scrollY);
    expect(Math.abs(after - before)).toBeLessThan(50);
    // Each card offers Add to cart (a button) and View (a link).
    const first = cards(page).first();
    await expect(first.getByRole("button", { name: /^Add to cart/ })).toBeVisible();
    await expect(first.getByRole("link", { name: /^View / })).toBeVisible();
  });

  test("searches by text and sorts by price", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("combobox", { name: "Search products" });
    await search.fill("jacket");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=jacket/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “jacket”");
    expect(await cards(page).count()).toBeGreaterThan(0);

    await page.goto("/?category=dress");
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
    await expect(page).toHaveURL(/sort=price-asc/);
    const prices = () =>
      cards(page)
        .locator("p.font-semibold")
        .allTextContents()
        .then((texts) => texts.map((t) => Number(t.replace(/[$,]/g, ""))));
    // The address changes before the new list is drawn: wait for the list in its new order.
    await expect.poll(async () => (await prices()).length).toBeGreaterThan(1);
    await expect
      .poll(async () => {
        const shown = await prices();
        return [...shown].sort((a, b) => a - b).join() === shown.join();
      })
      .toBe(true);
  });

  test("a visitor's Add to cart asks to log in and goes to /login", async ({ page }) => {
    await page.goto("/");
    await cards(page)
      .first()
      .getByRole("button", { name: /^Add to cart/ })
      .click();
    await expect(page.getByText("Please login to add items to cart")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});
