import { type Browser, expect, type Page, type TestInfo, test } from "./fixtures";
import { toast } from "./shop-steps";
import { ADMIN, signedInContext } from "./people";
import { newShopper } from "./shopper";

/**
 * Fit answers on reviews and the owner's size guides (issue 27; decision 060). The rules do
 * not depend on the width: at 1280 px only.
 */

const SHOES = "Canvas Court Sneakers";
const JACKET = "Classic Denim Jacket";

async function openProduct(page: Page, title: string) {
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `View ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

async function shopperPage(browser: Browser, info: TestInfo, firstName: string) {
  const context = await browser.newContext({ viewport: info.project.use.viewport });
  await newShopper(context, String(info.project.use.baseURL), { label: `fit-${firstName.toLowerCase()}`, firstName });
  return { page: await context.newPage(), close: () => context.close() };
}

async function postReview(page: Page, text: string, fit: string) {
  const form = page.getByRole("form", { name: "Write a review" });
  await form.getByRole("radio", { name: fit }).check();
  await form.getByRole("textbox", { name: "Write your review" }).fill(text);
  await form.getByRole("button", { name: "Post review" }).click();
  await expect(toast(page, "Review posted")).toBeVisible();
}

test("reviews carry a fit answer; from three answers the page says what most say", async ({ browser, page }, info) => {
  const shoppers = await Promise.all(["Ines", "Jonas", "Kaya"].map((name) => shopperPage(browser, info, name)));
  const [ines, jonas, kaya] = shoppers;

  await openProduct(ines.page, SHOES);
  await postReview(ines.page, "Comfortable from day one", "True to size");
  const own = ines.page.getByRole("region", { name: "Your review" });
  await expect(own).toContainText("Fit: True to size");

  await openProduct(jonas.page, SHOES);
  await postReview(jonas.page, "Good sneakers", "True to size");

  // Two answers: each review shows its own, the page sums nothing yet.
  await openProduct(page, SHOES);
  const reviews = page.getByRole("list", { name: "Customer reviews" });
  await expect(reviews.getByRole("article").filter({ hasText: "Comfortable from day one" })).toContainText(
    "Fit: True to size",
  );
  await expect(page.getByTestId("fit-summary")).toHaveCount(0);

  await openProduct(kaya.page, SHOES);
  await postReview(kaya.page, "Order a size up", "Runs small");
  await page.reload();
  await expect(page.getByTestId("fit-summary")).toHaveText("Fit: Most say: true to size, 3 answers");

  // An edit changes the answer, and the sum follows.
  await ines.page.reload();
  await own.getByRole("button", { name: "Edit review" }).click();
  const edit = ines.page.getByRole("form", { name: "Edit your review" });
  await expect(edit.getByRole("radio", { name: "True to size" })).toBeChecked();
  await edit.getByRole("radio", { name: "Runs small" }).check();
  await edit.getByRole("button", { name: "Save review" }).click();
  await expect(own).toContainText("Fit: Runs small");
  await page.reload();
  await expect(page.getByTestId("fit-summary")).toHaveText("Fit: Most say: runs small, 3 answers");

  for (const shopper of shoppers) await shopper.close();
});

test("the owner edits a category's size guide: a bad cell is refused, a good one shows on the product page", async ({
  browser,
  page,
}, info) => {
  const context = await signedInContext(browser, info, ADMIN);
  const admin = await context.newPage();
  // A visitor's page of the category first, so the cached visitor page must be replaced.
  await openProduct(page, JACKET);
  await admin.goto("/admin?tab=size-guides&category=jackets");
  const form = admin.getByRole("form", { name: "Jackets size guide" });
  const chestM = form.getByRole("textbox", { name: "M Chest (cm)" });
  await expect(chestM).toHaveValue("94");

  await chestM.fill("abc");
  await form.getByRole("button", { name: "Save size guide" }).click();
  const refusal = "Chest for size M: enter centimetres, a number above 0 and up to 300, at most one decimal.";
  await expect(form.getByRole("alert")).toHaveText(refusal);
  await expect(toast(admin, "Size guide not saved")).toBeVisible();
  await admin.reload();
  await expect(admin.getByRole("textbox", { name: "M Chest (cm)" })).toHaveValue("94");

  await admin.getByRole("textbox", { name: "M Chest (cm)" }).fill("95.5");
  await admin.getByRole("button", { name: "Save size guide" }).click();
  await expect(toast(admin, "Size guide saved for Jackets")).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: "Size guide" }).click();
  const dialog = page.getByRole("dialog", { name: "Size guide" });
  const rowM = dialog.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "M", exact: true }) });
  await expect(rowM.getByRole("cell").first()).toHaveText("95.5");
  await dialog.getByRole("button", { name: "in", exact: true }).click();
  await expect(rowM.getByRole("cell").first()).toHaveText("37.6");
  await context.close();
});
