import { expectNoAxeViolations } from "./a11y";
import { expect, type Page, test } from "./fixtures";
import { newShopper, PASSWORD } from "./shopper";
import { toast } from "./shop-steps";

/**
 * The cart follows the shopper (docs/decisions/050-server-cart.md): kept by the server for a
 * signed-in shopper, it comes back in another browser and after the browser's storage is
 * cleared; "Add to cart" and the cart page work without JavaScript; a visitor's choice comes
 * back added, once, after the login. Fixtures of tests/e2e/prepare.ts: "E2E Gallery Dress"
 * ($89.00, S/M/L × Terracotta/Sage, 4 of each) and "E2E Imageless Tee" ($12.00, no choices).
 */

const DRESS = "E2E Gallery Dress";
const TEE = "E2E Imageless Tee";

const cartLink = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart/ });
const items = (page: Page) => page.getByRole("region", { name: "Items in your cart" }).getByRole("listitem");

async function openProduct(page: Page, title: string) {
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `View ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

async function signInThroughForm(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
}

test("the cart comes back in another browser and after the browser's storage is cleared", async ({
  browser,
  baseURL,
}) => {
  const first = await browser.newContext();
  const { email } = await newShopper(first, String(baseURL), { label: "follows" });
  const page = await first.newPage();
  await openProduct(page, TEE);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "Added to cart")).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
  // The change reaches the server (debounced).
  await expect.poll(async () => (await (await first.request.get("/api/cart")).json()).lines.length).toBe(1);

  // Another browser: sign in there, and the same cart is in it.
  const second = await browser.newContext();
  const other = await second.newPage();
  await other.goto("/login");
  await signInThroughForm(other, email);
  await expect(cartLink(other)).toHaveAccessibleName("Cart, 1 item");
  await other.goto("/cart");
  await expect(items(other)).toHaveCount(1);
  await expect(items(other).first()).toContainText(TEE);
  await second.close();

  // The first browser forgets everything it stored: the cart comes back from the server.
  await page.evaluate(() => localStorage.clear());
  await page.goto("/cart");
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toContainText(TEE);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
  await first.close();
});

test("the cart page as the server renders it passes axe", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await newShopper(context, String(baseURL), { label: "server-cart-axe" });
  const page = await context.newPage();
  await page.goto(`/?q=${encodeURIComponent(TEE)}`);
  const tee = String(await page.getByRole("link", { name: `View ${TEE}` }).getAttribute("href"))
    .split("/")
    .pop();
  const put = await context.request.put("/api/cart", {
    data: { lines: [{ productId: tee, selectedSize: null, color: null, quantity: 1 }], baseVersion: null },
  });
  expect(put.status()).toBe(200);
  // The page's scripts never arrive, so it stays as the server rendered it (axe itself needs scripts on).
  await context.route(/\.js(\?|$)/, (route) => route.abort());
  await page.goto("/cart");
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first().getByRole("button", { name: "Update" })).toBeVisible();
  await expectNoAxeViolations(page, "the cart page as the server renders it");
  await context.close();
});

test("a visitor's Add to cart comes back added after the login, once", async ({ browser, baseURL }) => {
  const setup = await browser.newContext();
  const { email } = await newShopper(setup, String(baseURL), { label: "pending" });
  await setup.close();
  const context = await browser.newContext();
  const page = await context.newPage();
  await openProduct(page, DRESS);
  await page.getByRole("group", { name: "Size" }).getByRole("button", { name: "L", exact: true }).click();
  await page.getByRole("group", { name: "Color" }).getByRole("button", { name: "Terracotta" }).click();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "Please login to add items to cart")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);

  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]+\?size=L&color=Terracotta&quantity=2$/);
  await expect(toast(page, "Added to cart")).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 2 items");

  // Reload and Back add nothing more.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: DRESS })).toBeVisible();
  await page.goBack();
  await page.goto("/cart");
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toContainText("Size: L");
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 2 items");
  await expect
    .poll(async () => (await (await context.request.get("/api/cart")).json()).lines)
    .toEqual([expect.objectContaining({ selectedSize: "L", color: "Terracotta", quantity: 2 })]);
  await context.close();
});
