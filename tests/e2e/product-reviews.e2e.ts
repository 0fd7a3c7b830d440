import { expectNoAxeViolations } from "./a11y";
import { type Browser, expect, type Page, type TestInfo, test } from "./fixtures";
import { toast } from "./shop-steps";
import { newShopper } from "./shopper";

/**
 * The reviews on the product page (issue 24): the author under their profile's
 * first name (following it when it changes), the shopper's own review shown once (beside the form, not again in the list), and a
 * visitor told to log in before typing. Each project reviews its own demo product.
 */

const PRODUCT: Record<string, string> = { desktop: "Ink Linen Blazer", phone: "Oxblood Penny Loafers" };

async function openProduct(page: Page, title: string) {
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `View ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

async function shopperPage(browser: Browser, info: TestInfo, firstName: string) {
  const { viewport, isMobile, hasTouch } = info.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch });
  await newShopper(context, String(info.project.use.baseURL), { label: `own-review-${info.project.name}`, firstName });
  return { page: await context.newPage(), close: () => context.close() };
}

test("a visitor is told to log in before typing; the link comes back to the product's reviews", async ({
  page,
}, info) => {
  const title = PRODUCT[info.project.name];
  await openProduct(page, title);
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  const path = new URL(page.url()).pathname;
  const form = page.getByRole("form", { name: "Write a review" });
  const login = form.getByRole("link", { name: "Log in to write a review" });
  await expect(login).toBeVisible();
  await expect(login).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(`${path}#reviews`)}`);
  // Posting anyway still gets the brief's alert.
  await form.getByRole("textbox", { name: "Write your review" }).fill("Lovely");
  await form.getByRole("button", { name: "Post review" }).click();
  await expect(toast(page, "Please log in to leave a review.")).toBeVisible();
  await login.click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`${path}#reviews`)}`);
});

test("the shopper's own review shows once, and others see it under the profile's first name", async ({
  browser,
  page,
}, info) => {
  const title = PRODUCT[info.project.name];
  const shopper = await shopperPage(browser, info, "Juliette");
  await openProduct(shopper.page, title);
  const text = `Sharp and comfortable ${info.project.name} ${Date.now()}`;
  const form = shopper.page.getByRole("form", { name: "Write a review" });
  await expect(form.getByRole("link", { name: "Log in to write a review" })).toHaveCount(0);
  await form.getByRole("textbox", { name: "Write your review" }).fill(text);
  await form.getByRole("button", { name: "Post review" }).click();
  await expect(toast(shopper.page, "Review posted")).toBeVisible();

  await expect(shopper.page.getByRole("region", { name: "Your review" })).toContainText(text);
  await expect(shopper.page.getByText(text)).toHaveCount(1);
  await shopper.page.reload();
  await expect(shopper.page.getByText(text)).toHaveCount(1);
  await expectNoAxeViolations(shopper.page, "the product page with the shopper's own review");

  await openProduct(page, title);
  const article = page.getByRole("list", { name: "Customer reviews" }).getByRole("article").filter({ hasText: text });
  await expect(article.getByRole("heading")).toHaveText("Juliette");

  // The review follows the profile: a new first name shows at once, also on the visitor's page.
  const base = String(info.project.use.baseURL);
  const saved = await shopper.page.request.post(`${base}/profile`, {
    form: { firstName: "Jules", lastName: "Tester", phone: "" },
    headers: { origin: base },
  });
  expect(saved.status()).toBeLessThan(400);
  await page.reload();
  await expect(article.getByRole("heading")).toHaveText("Jules");
  await shopper.close();
});
