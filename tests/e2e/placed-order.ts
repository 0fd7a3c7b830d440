import { expect, type Page } from "@playwright/test";

/**
 * Where both payments end (docs/product.md: the wallet on My Orders, the card on /payment-success),
 * the order just paid is shown in full: its number, each line with picture, size, colour,
 * quantity and line price, the shipping address, the totals, and that its email is on its way.
 */
export async function expectPlacedOrder(
  page: Page,
  expected: {
    number?: string;
    title: string;
    size: string;
    color: string;
    /** "$89.00" */
    linePrice: string;
    address: readonly string[];
    totals: { subtotal: string; shipping: string; tax: string; total: string };
  },
): Promise<string> {
  const placed = page.getByTestId("placed-order");
  await expect(placed).toBeVisible();
  const heading = placed.getByRole("heading", { name: /^Order #[0-9A-F]{8}$/ });
  await expect(heading).toBeVisible();
  if (expected.number) await expect(heading).toHaveText(`Order #${expected.number}`);
  const items = placed.getByRole("listitem");
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(expected.title);
  await expect(items.getByText(`Size: ${expected.size}`, { exact: true })).toBeVisible();
  await expect(items.getByText(`Color: ${expected.color}`, { exact: true })).toBeVisible();
  await expect(items.getByText("Qty: 1", { exact: true })).toBeVisible();
  await expect(items).toContainText(expected.linePrice);
  // The line's picture has loaded (a broken one has no natural width).
  await expect
    .poll(() => items.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const address = placed.locator("address");
  for (const part of expected.address) await expect(address).toContainText(part);
  const row = (label: string) => placed.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
  await expect(row("Subtotal")).toContainText(expected.totals.subtotal);
  await expect(row("Shipping")).toContainText(expected.totals.shipping);
  await expect(row("Tax (10%)")).toContainText(expected.totals.tax);
  await expect(row("Total")).toContainText(expected.totals.total);
  await expect(placed.getByTestId("confirmation-email")).toHaveText(
    /^A confirmation email is on its way to [^@\s]+@example\.com\.$/,
  );
  return String(await heading.textContent()).replace("Order #", "");
}

/** The number of the order just paid, as the page where the payment ended heads it. */
export async function placedOrderNumber(page: Page): Promise<string> {
  const heading = page.getByTestId("placed-order").getByRole("heading", { name: /^Order #[0-9A-F]{8}$/ });
  await expect(heading).toBeVisible();
  return String(await heading.textContent()).replace("Order #", "");
}
