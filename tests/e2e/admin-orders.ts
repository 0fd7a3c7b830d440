import { expect, type Locator, type Page } from "./fixtures";

/**
 * The Orders tab lists orders as a table (a card per order on phones) whose number opens the
 * order's detail view (decision 054). These open one order's card from the list.
 */

/** An order's number link in the list (the table's from md up, the phone card's below). */
export const orderLink = (page: Page, number: string) =>
  page.locator("[data-order-row]").getByRole("link", { name: `Order #${number}`, exact: true });
/** Every order of the list shown, as its number link, in the list's order. */
export const orderLinks = (page: Page) => page.locator("[data-order-row]").getByRole("link", { name: /^Order #/ });

/** Searches the list for the number (or goes to `listPath`), opens the order and answers its card. */
export async function openAdminOrder(
  page: Page,
  number: string,
  listPath = `/admin?tab=orders&q=${number}`,
): Promise<Locator> {
  await page.goto(listPath);
  await orderLink(page, number).click();
  const card = page.getByRole("article", { name: `Order #${number}` });
  await expect(card).toBeVisible();
  return card;
}
