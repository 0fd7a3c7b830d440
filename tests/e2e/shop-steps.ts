import { expect, type Page } from "./fixtures";

/**
 * The toast (sonner) that says `text`, in front. The store shows one toast at a time
 * (visibleToasts in app/root.tsx): a newer one hides an older one, which stays in the list,
 * hidden, until its time is up. So an older toast with the same words is never the one meant.
 */
export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast][data-front="true"]').filter({ hasText: text });

/**
 * From the home grid's search to the product page, `size` and `color` chosen, into the cart:
 * the shopper's way of adding a piece, done when the "Added to cart" toast shows.
 */
export async function addFromProductPage(page: Page, product: string, size: string, color: string) {
  await page.goto(`/?q=${encodeURIComponent(product)}`);
  await page.getByRole("link", { name: `View ${product}` }).click();
  await page.getByRole("group", { name: "Size" }).getByRole("button", { name: size, exact: true }).click();
  await page.getByRole("group", { name: "Color" }).getByRole("button", { name: color }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "Added to cart")).toBeVisible();
}
