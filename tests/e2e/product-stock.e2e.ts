import path from "node:path";
import { expectNoAxeViolations } from "./a11y";
import { expect, type Page, test } from "./fixtures";
import { buyWithSandboxCard, productId, saveAddress, signedInContext, uniqueEmail } from "./people";
import { toast } from "./shop-steps";

/**
 * The product page keeps to what is left (issue 24): "E2E Stock Jacket <project>" (tests/e2e/prepare.ts)
 * has S in Black sold out, 2 of M in Cognac and 2 of L in Black, 5 of the rest. The quantity stops
 * at what is left less what the cart holds; a missing size or colour is said beside the choices;
 * a sold-out option stays reachable by keyboard under its state; after adding, a panel shows the
 * line; a sale while the page is open shows at once.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");
const sizes = (page: Page) => page.getByRole("group", { name: /^Size/ });
const colors = (page: Page) => page.getByRole("group", { name: /^Color/ });
const quantity = (page: Page) => page.getByRole("spinbutton", { name: "Quantity" });
const addButton = (page: Page) => page.getByRole("button", { name: /^(Add to cart|Out of Stock)$/ });
const panel = (page: Page) => page.getByRole("dialog", { name: "Now in your cart" });

async function openJacket(browser: Parameters<typeof signedInContext>[0], info: Parameters<typeof signedInContext>[1]) {
  const title = `E2E Stock Jacket ${info.project.name}`;
  const base = String(info.project.use.baseURL);
  const context = await signedInContext(browser, info, uniqueEmail("stock", info), { name: "Stella" });
  const id = await productId(context.request, base, title);
  const page = await context.newPage();
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return { context, page, id, title, base };
}

test("a missing size or colour is said beside the choices, and focus goes there", async ({ browser }, info) => {
  const { context, page } = await openJacket(browser, info);
  await addButton(page).click();
  await expect(toast(page, "Please select a size")).toBeVisible();
  const sizeAlert = sizes(page).locator("xpath=..").getByRole("alert");
  await expect(sizeAlert).toHaveText("Please select a size");
  await expect(sizes(page)).toHaveAccessibleDescription("Please select a size");
  await expect(sizes(page).getByRole("button", { name: "S", exact: true })).toBeFocused();
  await expectNoAxeViolations(page, "the product page asking for a size");
  await page.screenshot({ path: path.join(SCREENS, `product-stock-${info.project.name}-select-size.png`) });

  await page.keyboard.press("Enter");
  await expect(sizeAlert).toHaveCount(0);
  await addButton(page).click();
  const colorAlert = colors(page).locator("xpath=..").getByRole("alert");
  await expect(colorAlert).toHaveText("Please select a color");
  // Black is sold out in S: focus goes to the first colour that can be picked.
  await expect(colors(page).getByRole("button", { name: "Black, out of stock" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(colors(page).getByRole("button", { name: "Cognac", exact: true })).toBeFocused();

  // A sold-out option is reached by Tab under its state, and Enter picks nothing.
  await page.keyboard.press("Shift+Tab");
  await expect(colors(page).getByRole("button", { name: "Black, out of stock" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(colors(page).getByRole("button", { name: "Black, out of stock" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(colorAlert).toHaveText("Please select a color");
  await context.close();
});

test("the quantity stops at what is left less the cart; after adding, a panel shows the line", async ({
  browser,
}, info) => {
  const { context, page, title } = await openJacket(browser, info);
  await sizes(page).getByRole("button", { name: "M", exact: true }).click();
  await colors(page).getByRole("button", { name: "Cognac", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Only \d+ left$/ })).toHaveText("Only 2 left");
  const plus = page.getByRole("button", { name: "Increase quantity" });
  await plus.click();
  await expect(quantity(page)).toHaveValue("2");
  await expect(plus).toBeDisabled();
  await quantity(page).fill("9");
  await quantity(page).blur();
  await expect(quantity(page)).toHaveValue("2");

  await addButton(page).click();
  await expect(toast(page, "Added to cart")).toBeVisible();
  const added = panel(page);
  await expect(added).toBeVisible();
  await expect(added).toBeFocused();
  await expect(added).toContainText(title);
  await expect(added).toContainText("Size: M");
  await expect(added).toContainText("Color: Cognac");
  await expect(added).toContainText("Quantity: 2");
  await expect(added).toContainText("$498.00");
  await expect(added.getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");
  await expect(added.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
  const box = await added.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  await expectNoAxeViolations(page, "the product page with the added-to-cart panel");
  await page.screenshot({ path: path.join(SCREENS, `product-stock-${info.project.name}-panel.png`) });

  // Escape closes it and puts focus back on the button; both pieces left are now in the cart.
  await page.keyboard.press("Escape");
  await expect(added).toBeHidden();
  await expect(addButton(page)).toBeFocused();
  await expect(page.getByText("All 2 left are in your cart")).toBeVisible();
  await expect(addButton(page)).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  // Another size has its own stock; the panel's links lead on.
  await sizes(page).getByRole("button", { name: "L", exact: true }).click();
  await expect(addButton(page)).not.toHaveAttribute("aria-disabled", "true");
  await addButton(page).click();
  await expect(panel(page)).toContainText("Size: L");
  await panel(page).getByRole("link", { name: "View cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await context.close();
});

test("a sale while the page is open lowers the quantity, then says the choice has just sold out", async ({
  browser,
}, info) => {
  test.slow();
  const { context, page, id, base } = await openJacket(browser, info);
  const addressId = await saveAddress(context.request, base);
  await sizes(page).getByRole("button", { name: "L", exact: true }).click();
  await colors(page).getByRole("button", { name: "Black", exact: true }).click();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(quantity(page)).toHaveValue("2");

  const lBlack = { productId: id, selectedSize: "L", color: "Black", quantity: 1 };
  await buyWithSandboxCard(context.request, base, lBlack, addressId);
  await expect(page.getByRole("status").filter({ hasText: /^Only \d+ left$/ })).toHaveText("Only 1 left");
  await expect(quantity(page)).toHaveValue("1");

  await buyWithSandboxCard(context.request, base, lBlack, addressId);
  await expect(page.getByText("L, Black has just sold out")).toBeVisible();
  await expect(addButton(page)).toHaveText("Out of Stock");
  await expect(addButton(page)).toHaveAttribute("aria-disabled", "true");
  await expect(sizes(page).getByRole("button", { name: "L, out of stock" })).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page, "the product page with a choice just sold out");
  await page.screenshot({ path: path.join(SCREENS, `product-stock-${info.project.name}-sold-out.png`) });
  // Clicking it adds nothing.
  await addButton(page).click({ force: true });
  await expect(toast(page, "Added to cart")).toHaveCount(0);

  // Picking again: Cognac in L is still there.
  await colors(page).getByRole("button", { name: "Black, out of stock" }).click();
  await colors(page).getByRole("button", { name: "Cognac", exact: true }).click();
  await expect(addButton(page)).toHaveText("Add to cart");
  await context.close();
});
