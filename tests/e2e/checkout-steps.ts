import { expect, type Page } from "./fixtures";
import { ADDRESS } from "./roles";
import { addFromProductPage } from "./shop-steps";

/**
 * What the checkout specs share (checkout.e2e.ts, checkout-payments.e2e.ts): the worker's shared
 * shopper (tests/e2e/shopper.ts), the way from the product page to the checkout, and the one set
 * ("Cloud Lounge Sweat Set", a demo product: $89.00, sizes XS-XXL, three colours, 30 in stock) as the
 * summary and the order show it.
 */

export { ADDRESS, PASSWORD } from "./roles";
export const PRODUCT = "Cloud Lounge Sweat Set";

/** The checkout specs run as the worker's shared shopper, who has a saved default address. */
export { test } from "./shopper";

export const summary = (page: Page) => page.getByRole("region", { name: "Order Summary" });

/** From the home grid to the product page, size and colour chosen, into the cart, and on to the checkout. */
export async function buyFromProductPage(page: Page, size: string, color: string) {
  await addFromProductPage(page, PRODUCT, size, color);
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
}

/** Unfolds the summary's items (a phone starts with them folded; two columns show them open). */
export async function openSummaryItems(page: Page) {
  const items = summary(page).getByTestId("summary-items");
  if (!(await items.evaluate((details: HTMLDetailsElement) => details.open))) {
    await items.locator("summary").click();
  }
  await expect(items).toHaveAttribute("open", "");
}

/** $89.00 + 10 % tax + $0.10 shipping. */
export async function expectOneSetSummary(page: Page, size: string, color: string) {
  const box = summary(page);
  await openSummaryItems(page);
  await expect(box.getByText(PRODUCT)).toBeVisible();
  await expect(box.getByText(`Size: ${size}`)).toBeVisible();
  await expect(box.getByText(`Color: ${color}`)).toBeVisible();
  await expect(box.getByText("Qty: 1")).toBeVisible();
  await expect(box.getByTestId("summary-subtotal")).toHaveText("$89.00");
  await expect(box.getByTestId("summary-shipping")).toHaveText("$0.10");
  await expect(box.getByTestId("summary-tax")).toHaveText("$8.90");
  // One wording with the cart: "Tax (10%)".
  await expect(box.getByText("Tax (10%)", { exact: true })).toBeVisible();
  await expect(box.getByTestId("summary-total")).toHaveText("$98.00");
  const shipTo = box.getByTestId("shipping-to");
  await expect(shipTo).toContainText("Shipping to:");
  for (const part of [ADDRESS.name, ADDRESS.street, ADDRESS.city, ADDRESS.state, ADDRESS.zipCode])
    await expect(shipTo).toContainText(part);
}

/** The number people see for an order: the last 8 characters of its id, in capitals (docs/product.md §9). */
export const orderNumber = (orderId: string) => orderId.replace(/-/g, "").slice(-8).toUpperCase();

/** The one set as the order shows it once paid (the colour and size are each test's). */
export const PLACED = {
  title: PRODUCT,
  linePrice: "$89.00",
  address: [ADDRESS.name, ADDRESS.street, `${ADDRESS.city}, ${ADDRESS.state} ${ADDRESS.zipCode}`, ADDRESS.phone],
  totals: { subtotal: "$89.00", shipping: "$0.10", tax: "$8.90", total: "$98.00" },
};

export const cartLines = (page: Page) => page.evaluate(() => window.localStorage.getItem("cart:v1"));
