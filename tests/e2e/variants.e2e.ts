import path from "node:path";
import { expectNoAxeViolations } from "./a11y";
import { expect, type Page, test } from "./fixtures";
import { buyWithSandboxCard, productId, saveAddress, signedInContext, uniqueEmail } from "./people";

/**
 * Stock per size and colour (issue 14, docs/decisions/032-stock-per-variant.md). "E2E Biker
 * Jacket <project>" (tests/e2e/prepare.ts): sizes M and L, colours Black and Cognac, 2 pieces
 * of Cognac M and 5 of every other. The shopper buys Cognac M until it is sold out; the page
 * then shows M unavailable in Cognac (and Cognac unavailable in M) while Black L stays selectable.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");
const sizeButton = (page: Page, size: string) => page.getByRole("group", { name: /^Size/ }).getByRole("button", { name: size, exact: true });
const colorButton = (page: Page, color: string) => page.getByRole("group", { name: /^Color/ }).getByRole("button", { name: color, exact: true });
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
  await page.screenshot({ path: path.join(SCREENS, `variants-${info.project.name}-cognac-m-sold-out.png`), fullPage: true });
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
