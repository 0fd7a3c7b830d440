import path from "node:path";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./a11y";
import { ADMIN, signedInContext } from "./people";

/**
 * The owner's Overview (decision 053): the sales chart with its table, the 7/30/90-day switch
 * as plain links (checked without JavaScript), a "To do" figure that lands on its filtered list,
 * and low stock naming the size and colour with a link to the product's stock grid.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");

test("the Overview shows sales, what to do and what runs low", async ({ browser }, testInfo) => {
  const project = testInfo.project.name;
  const context = await signedInContext(browser, testInfo, ADMIN);
  const page = await context.newPage();
  await page.goto("/admin");

  // The chart: two bar charts with their own names, and the same figures as a table.
  const sales = page.getByRole("region", { name: "Sales, last 30 days" });
  await expect(sales).toBeVisible();
  await expect(sales.getByRole("img", { name: /^Revenue per day: / })).toBeVisible();
  await expect(sales.getByRole("img", { name: /^Orders per day: / })).toBeVisible();
  await expect(sales.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  const table = sales.getByRole("table", { name: /Revenue and orders per day, last 30 days/ });
  await expect(table).toBeHidden();
  await sales.getByText("Show as table").click();
  await expect(table).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(31);

  // Low stock names the variant and links to the product's stock grid.
  const low = page.getByRole("region", { name: "Low stock" });
  const first = low
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: /^Edit stock of / }) })
    .first();
  await expect(first.getByRole("list").getByRole("listitem").first()).toHaveText(/^.+: (Sold out|\d left)$/);

  await expectNoAxeViolations(page, `the Overview with its table open (${project})`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS, `admin-overview-${project}.png`), fullPage: true });

  const edit = first.getByRole("link", { name: /^Edit stock of / });
  await expect(edit).toHaveAttribute("href", /^\/admin\/edit-product\/[0-9a-f-]+#stock$/);
  await edit.click();
  await expect(page).toHaveURL(/\/admin\/edit-product\/[0-9a-f-]+#stock$/);
  await expect(page.getByRole("group", { name: "Stock" })).toBeInViewport();

  // A "To do" figure lands on the list of exactly those.
  await page.goto("/admin");
  await page
    .getByRole("region", { name: "To do" })
    .getByRole("link", { name: /Orders to ship/ })
    .click();
  await expect(page).toHaveURL(/\/admin\?tab=orders&show=to-ship$/);
  await expect(page.getByText("Orders to ship (confirmed or processing)")).toBeVisible();
  await expect(page.getByRole("link", { name: "Show all orders" })).toBeVisible();
  await context.close();
});
