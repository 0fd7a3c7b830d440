import path from "node:path";
import { expectNoAxeViolations } from "./a11y";
import { expect, type Page, test } from "./fixtures";
import { toast } from "./shop-steps";
import { ADMIN, buyWithSandboxCard, productId, saveAddress, signedInContext, uniqueEmail } from "./people";

/**
 * Stock per size and colour (issue 14, docs/decisions/032-stock-per-variant.md). "E2E Biker
 * Jacket <project>" (tests/e2e/prepare.ts): sizes M and L, colours Black and Cognac, 2 pieces
 * of Cognac M and 5 of every other. The shopper buys Cognac M until it is sold out; the page
 * then shows M unavailable in Cognac (and Cognac unavailable in M) while Black L stays selectable.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");
// A sold-out option keeps its place, named "M, out of stock" (issue 24).
const option = (name: string) => new RegExp(`^${name}(, out of stock)?$`);
const sizeButton = (page: Page, size: string) =>
  page.getByRole("group", { name: /^Size/ }).getByRole("button", { name: option(size) });
const colorButton = (page: Page, color: string) =>
  page.getByRole("group", { name: /^Color/ }).getByRole("button", { name: option(color) });
const lowStock = (page: Page) => page.getByRole("status").filter({ hasText: /^Only \d+ left$/ });

test("buying the last Cognac M marks it sold out while Black L stays available", async ({ browser }, info) => {
  // Three purchases through the sandbox and four page loads.
  test.slow();
  const title = `E2E Biker Jacket ${info.project.name}`;
  const base = String(info.project.use.baseURL);
  const context = await signedInContext(browser, info, uniqueEmail("variants", info), { name: "Vera" });
  const addressId = await saveAddress(context.request, base);
  const id = await productId(context.request, base, title);
  const page = await context.newPage();
  await page.goto(`/product/${id}`);

  // Every combination has stock: nothing is crossed out; Cognac M is running low.
  await expect(page.getByText("In Stock", { exact: true })).toBeVisible();
  for (const size of ["M", "L"]) await expect(sizeButton(page, size)).toBeEnabled();
  await colorButton(page, "Cognac").click();
  await sizeButton(page, "M").click();
  await expect(lowStock(page)).toHaveText("Only 2 left");
  await expect(page.getByText("Crossed-out choices are sold out.")).toHaveCount(0);

  const cognacM = { productId: id, selectedSize: "M", color: "Cognac", quantity: 1 };
  await buyWithSandboxCard(context.request, base, cognacM, addressId);
  await page.reload();
  await colorButton(page, "Cognac").click();
  await sizeButton(page, "M").click();
  await expect(lowStock(page)).toHaveText("Only 1 left");
  await buyWithSandboxCard(context.request, base, cognacM, addressId);

  // Sold out in that combination: still shown, no longer selectable.
  await page.reload();
  await expect(page.getByText("In Stock", { exact: true })).toBeVisible();
  await colorButton(page, "Cognac").click();
  await expect(sizeButton(page, "M")).toBeVisible();
  await expect(sizeButton(page, "M")).toBeDisabled();
  await expect(sizeButton(page, "L")).toBeEnabled();
  await expect(page.getByText("Crossed-out choices are sold out.")).toBeVisible();
  await page.screenshot({
    path: path.join(SCREENS, `variants-${info.project.name}-cognac-m-sold-out.png`),
    fullPage: true,
  });
  await expectNoAxeViolations(page, "the product page with a sold-out combination");

  // Black L is still there to buy, and picking M first crosses out Cognac instead.
  await colorButton(page, "Cognac").click();
  await colorButton(page, "Black").click();
  await expect(sizeButton(page, "M")).toBeEnabled();
  await sizeButton(page, "L").click();
  await expect(sizeButton(page, "L")).toHaveAttribute("aria-pressed", "true");
  await expect(lowStock(page)).toHaveCount(0);
  await sizeButton(page, "L").click();
  await sizeButton(page, "M").click();
  await expect(colorButton(page, "Cognac")).toBeDisabled();
  await expect(colorButton(page, "Black")).toBeEnabled();

  // The server refuses the sold-out combination whatever the page shows.
  const refused = await context.request.post(`${base}/api/create-stripe-session`, {
    data: { lines: [cognacM], shippingAddressId: addressId, billingAddressId: null, sameAsShipping: true },
    headers: { origin: base },
  });
  expect(refused.status()).toBe(409);
  await buyWithSandboxCard(context.request, base, { ...cognacM, selectedSize: "L", color: "Black" }, addressId);
  await context.close();
});

test("the stock grid saved while pieces sell keeps the sales, and a cell changed on both sides is asked again", async ({
  browser,
}, info) => {
  test.slow();
  const base = String(info.project.use.baseURL);
  const shopper = await signedInContext(browser, info, uniqueEmail("grid-buyer", info), { name: "Greta" });
  const addressId = await saveAddress(shopper.request, base);
  const id = await productId(shopper.request, base, "E2E Grid Jacket");
  const cognacM = { productId: id, selectedSize: "M", color: "Cognac", quantity: 1 };
  const adminContext = await signedInContext(browser, info, ADMIN);
  const admin = await adminContext.newPage();
  const cell = (label: string) => admin.getByRole("spinbutton", { name: `Stock, ${label}`, exact: true });
  const saved = async () => {
    await admin.getByRole("button", { name: "Update Product" }).click();
    await expect(toast(admin, "Product updated successfully!")).toBeVisible();
    await admin.goto(`/admin/edit-product/${id}`);
  };

  // A sale while the form is open, in a cell the administrator leaves alone: the sale stands.
  await admin.goto(`/admin/edit-product/${id}`);
  await expect(cell("M, Cognac")).toHaveValue("2");
  await buyWithSandboxCard(shopper.request, base, cognacM, addressId);
  await cell("L, Black").fill("9");
  await saved();
  await expect(cell("M, Cognac")).toHaveValue("1");
  await expect(cell("L, Black")).toHaveValue("9");

  // The last Cognac M sells while the administrator types a new figure for it: asked again.
  await buyWithSandboxCard(shopper.request, base, cognacM, addressId);
  await cell("M, Cognac").fill("6");
  await admin.getByRole("button", { name: "Update Product" }).click();
  const changed =
    "Stock changed while you edited: M, Cognac is now 0 (the form showed 1). Check your figures and save again to set them.";
  // Under the grid, and in the toast that says the update failed.
  await expect(admin.getByRole("group", { name: "Stock" }).getByText(changed)).toBeVisible();
  await expect(toast(admin, "Failed to update product")).toContainText(changed);
  await expect(cell("M, Cognac")).toHaveValue("6");
  await expect(cell("L, Black")).toHaveValue("9");
  await admin.screenshot({
    path: path.join(SCREENS, `variants-${info.project.name}-stock-changed.png`),
    fullPage: true,
  });
  await expectNoAxeViolations(admin, "the edit form refused because stock changed");
  // Saving again sets the figure, now measured against the stock after the sale.
  await saved();
  await expect(cell("M, Cognac")).toHaveValue("6");
  await shopper.close();
  await adminContext.close();
});
