import { type Browser, expect, type Page, type TestInfo, test } from "./fixtures";
import { toast } from "./shop-steps";
import { expectNoAxeViolations } from "./a11y";
import { newShopper } from "./shopper";

/**
 * Reviews as shoppers see them: a first name or 'Customer' under each review, never an e-mail
 * address; one review per shopper and product, which its author edits or deletes. Each project
 * works on its own demo product, so the two runs never see each other's reviews.
 */

const PRODUCT: Record<string, string> = { desktop: "Sage Rib Knit Skirt Set", phone: "Riviera Stripe Tee & Skirt Set" };

const reviewList = (page: Page) => page.getByRole("list", { name: "Customer reviews" });

async function signedInPage(browser: Browser, info: TestInfo, firstName?: string) {
  const { viewport, isMobile, hasTouch } = info.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch });
  const { email } = await newShopper(context, String(info.project.use.baseURL), {
    label: `reviews-${info.project.name}`,
    firstName,
  });
  return { page: await context.newPage(), email, close: () => context.close() };
}

async function openProduct(page: Page, title: string) {
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `View ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

async function postReview(page: Page, text: string, rating = "4") {
  const form = page.getByRole("form", { name: "Write a review" });
  await form.getByRole("combobox", { name: "Rating" }).selectOption(rating);
  await form.getByRole("textbox", { name: "Write your review" }).fill(text);
  await form.getByRole("button", { name: "Post review" }).click();
  await expect(toast(page, "Review posted")).toBeVisible();
}

test.describe.configure({ mode: "serial" });

test("a shopper writes one review of a product, edits it and deletes it", async ({ browser }, info) => {
  const title = PRODUCT[info.project.name];
  const shopper = await signedInPage(browser, info, "Odile");
  const { page } = shopper;
  await openProduct(page, title);
  const text = `First impressions ${info.project.name} ${Date.now()}`;
  await postReview(page, text, "3");

  // The form gives way to the shopper's own review: one per product.
  const own = page.getByRole("region", { name: "Your review" });
  await expect(own).toContainText(text);
  await expect(own).toContainText("3 out of 5 stars");
  await expect(page.getByRole("form", { name: "Write a review" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Post review" })).toHaveCount(0);
  // Shown once: beside the form, not again in the list (issue 24).
  await expect(page.getByText(text)).toHaveCount(1);
  await page.locator("#reviews").scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, "the product page with the shopper's review");
  await page.screenshot({ path: info.outputPath("own-review.png") });

  // Edit: the form comes back filled in; saving marks the review edited.
  await own.getByRole("button", { name: "Edit review" }).click();
  const edit = page.getByRole("form", { name: "Edit your review" });
  await expect(edit.getByRole("textbox", { name: "Write your review" })).toHaveValue(text);
  await expect(edit.getByRole("combobox", { name: "Rating" })).toHaveValue("3");
  await expectNoAxeViolations(page, "the review being edited");
  await page.screenshot({ path: info.outputPath("edit-review.png") });
  await edit.getByRole("textbox", { name: "Write your review" }).fill("   ");
  await edit.getByRole("button", { name: "Save review" }).click();
  await expect(edit.getByRole("alert")).toHaveText(
    "A review needs some text. To remove it, delete the review instead.",
  );
  const edited = `Better after a wash ${info.project.name}`;
  await edit.getByRole("textbox", { name: "Write your review" }).fill(edited);
  await edit.getByRole("combobox", { name: "Rating" }).selectOption("5");
  await edit.getByRole("button", { name: "Save review" }).click();
  await expect(toast(page, "Review updated")).toBeVisible();
  await expect(own).toContainText(edited);
  await expect(own).toContainText("(edited)");
  await expect(own.getByRole("button", { name: "Edit review" })).toBeFocused();
  await expect(own).toContainText("5 out of 5 stars");
  await expect(page.getByText(edited)).toHaveCount(1);
  await expect(reviewList(page).getByRole("article").filter({ hasText: text })).toHaveCount(0);

  // Delete, after a confirmation: the form is back for a new review.
  await own.getByRole("button", { name: "Delete review" }).click();
  await page
    .getByRole("dialog", { name: "Are you sure you want to delete this review?" })
    .getByRole("button", { name: "Delete review" })
    .click();
  await expect(toast(page, "Review deleted")).toBeVisible();
  // The form is back for a new review, empty and at 5 stars (docs/product.md §5).
  const fresh = page.getByRole("form", { name: "Write a review" });
  await expect(fresh).toBeVisible();
  await expect(fresh.getByRole("textbox", { name: "Write your review" })).toHaveValue("");
  await expect(fresh.getByRole("combobox", { name: "Rating" })).toHaveValue("5");
  await expect(reviewList(page).getByRole("article").filter({ hasText: edited })).toHaveCount(0);
  await shopper.close();
});
