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

  test("Load more works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(cards(page)).toHaveCount(24);
    await expect(page).toHaveURL(/\?limit=24#item-13$/);
    await context.close();
  });

  test("filters by category and keeps the filter in the URL", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Shoes" }).click();
    await expect(page).toHaveURL(/category=shoes/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shoes");
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(0);
    for (const card of await cards(page).all()) await expect(card.getByText("Shoes", { exact: true })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Shoes" }),
    ).toHaveAttribute("aria-current", "page");
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

  test("a search with no match says so, and SQL or HTML in it is only text", async ({ page }) => {
    await page.goto(`/?q=${encodeURIComponent("<img src=x onerror=alert(1)> ' or 1=1 --")}`);
    await expect(page.getByText("No products match your search.")).toBeVisible();
    await expect(page.locator("img[src='x']")).toHaveCount(0);
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

  test("unknown pages show the 404 page", async ({ page }) => {
    const res = await page.goto("/this/does/not/exist");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("the footer has real content", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Shipping & returns" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Shipping & returns" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("All rights reserved");
  });
});
