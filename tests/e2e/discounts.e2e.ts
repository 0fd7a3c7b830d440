import path from "node:path";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./a11y";
import { ADMIN, signedInContext } from "./people";
import { newShopper } from "./shopper";
import { addFromProductPage, toast } from "./shop-steps";

/**
 * Discount codes (docs/decisions/034-discount-codes.md): the administrator creates a 15 % code in
 * the Discounts tab; a shopper applies it in the cart (typed in lower case, with spaces), sees it
 * at checkout, pays with the sandbox PayPal wallet and finds the discount on the order.
 * "Cloud Lounge Sweat Set" is a demo product: $89.00. 15 % is $13.35; tax 10 % of $75.65 is
 * $7.57 (7.565 rounded half up); with $0.10 shipping the total is $83.32.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");
const PRODUCT = "Cloud Lounge Sweat Set";
const orderNumber = (orderId: string) => orderId.replace(/-/g, "").slice(-8).toUpperCase();

test("a 15 % code made in the Discounts tab (a refused form outlives a live update), applied in the cart, paid with the sandbox, shown on the order", async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  const code = `E2E15${project.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;

  // The administrator creates the code.
  const adminContext = await signedInContext(browser, info, ADMIN);
  const admin = await adminContext.newPage();
  await admin.goto("/admin");
  await admin.getByRole("tab", { name: "Discounts" }).click();
  await expect(admin).toHaveURL(/\/admin\?tab=discounts$/);
  await expect(admin.getByRole("heading", { name: "New discount code" })).toBeVisible();
  await admin.getByRole("textbox", { name: "Code" }).fill(code.toLowerCase());
  await admin.getByRole("combobox", { name: "Type" }).selectOption("percent");
  await admin.getByRole("textbox", { name: "Value" }).fill("15");
  await admin.getByRole("button", { name: "Create code" }).click();
  await expect(toast(admin, `Discount code ${code} created`)).toBeVisible();
  const listed =
    project === "phone"
      ? admin.getByRole("list", { name: "Discount codes" }).getByRole("listitem").filter({ hasText: code })
      : admin.getByRole("table", { name: "Discount codes" }).getByRole("row").filter({ hasText: code });
  await expect(listed).toContainText("15 % off");
  await expect(listed).toContainText("Active");
  // An odd input is refused next to its field.
  await admin.getByRole("textbox", { name: "Code" }).fill(`${code}X`);
  await admin.getByRole("textbox", { name: "Value" }).fill("150");
  await admin.getByRole("button", { name: "Create code" }).click();
  await expect(
    admin.getByRole("tabpanel").getByText("The percentage must be a whole number from 1 to 100"),
  ).toBeVisible();
  // A live update (another tab saves a product) reloads the tab's data; the refused form keeps
  // what was typed and its message.
  const other = await adminContext.newPage();
  await other.goto(`/?q=${encodeURIComponent(PRODUCT)}`);
  await other.getByRole("link", { name: `Edit ${PRODUCT}` }).click();
  await expect(other.getByRole("heading", { level: 1, name: "Edit Product" })).toBeVisible();
  const reloaded = admin.waitForResponse(
    (r) => new URL(r.url()).pathname === "/admin.data" && r.request().method() === "GET",
  );
  await other.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(other, "Product updated successfully!")).toBeVisible();
  await reloaded;
  await other.close();
  await expect(
    admin.getByRole("tabpanel").getByText("The percentage must be a whole number from 1 to 100"),
  ).toBeVisible();
  await expect(admin.getByRole("textbox", { name: "Value" })).toHaveValue("150");
  await expect(admin.getByRole("textbox", { name: "Code" })).toHaveValue(`${code}X`);
  await expectNoAxeViolations(admin, `the Discounts tab (${project})`);
  await admin.evaluate(() => window.scrollTo(0, 0));
  await admin.screenshot({ path: path.join(SCREENS, `admin-discounts-${project}.png`), fullPage: true });
  await adminContext.close();

  // A shopper buys the set with the code.
  const setup = await browser.newContext();
  const { state } = await newShopper(setup, String(baseURL), { label: `discount-${project}`, address: true });
  await setup.close();
  const { viewport, isMobile, hasTouch } = info.project.use;
  const context = await browser.newContext({ storageState: state, viewport, isMobile, hasTouch });
  const page = await context.newPage();
  await addFromProductPage(page, PRODUCT, "M", "Blush");
  await page.goto("/cart");

  const cartSummary = page.getByRole("region", { name: "Order Summary" });
  // A code that does not exist is refused, with the reason.
  await cartSummary.getByRole("textbox", { name: "Discount code" }).fill("nosuchcode");
  await cartSummary.getByRole("button", { name: "Apply" }).click();
  await expect(cartSummary.getByRole("alert")).toContainText("This discount code is not valid.");
  await cartSummary.getByRole("button", { name: "Remove", exact: true }).click();

  await cartSummary.getByRole("textbox", { name: "Discount code" }).fill(` ${code.toLowerCase()} `);
  await cartSummary.getByRole("button", { name: "Apply" }).click();
  await expect(cartSummary.getByTestId("discount-applied")).toContainText(`Code ${code} applied: −$13.35`);
  await expect(cartSummary).toContainText(`Discount (${code})`);
  await expect(cartSummary).toContainText("$7.57");
  await expect(cartSummary).toContainText("$83.32");
  await expectNoAxeViolations(page, `the cart with a discount code (${project})`);
  await page.screenshot({ path: path.join(SCREENS, `cart-discount-${project}.png`), fullPage: true });

  await cartSummary.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByTestId("summary-discount")).toHaveText("−$13.35");
  await expect(summary.getByTestId("summary-tax")).toHaveText("$7.57");
  await expect(summary.getByTestId("summary-total")).toHaveText("$83.32");
  await expectNoAxeViolations(page, `the checkout with a discount code (${project})`);
  await page.screenshot({ path: path.join(SCREENS, `checkout-discount-${project}.png`), fullPage: true });

  const approval = page.waitForEvent("popup");
  const captured = page.waitForResponse((r) => r.url().endsWith("/api/capture-paypal-order"));
  await page.getByRole("button", { name: "PayPal (sandbox)" }).click();
  const popup = await approval;
  await expect(popup.getByTestId("sandbox-amount")).toHaveText("$83.32");
  await popup.getByRole("button", { name: "Approve payment" }).click();
  const outcome = await (await captured).json();
  expect(outcome).toMatchObject({ outcome: "paid", status: "COMPLETED" });
  await expect(page).toHaveURL(`/orders?placed=${outcome.orderId}`);
  const order = page.getByRole("article", { name: `Order #${orderNumber(outcome.orderId)}` });
  await expect(order).toContainText(`Discount (${code})`);
  await expect(order).toContainText("−$13.35");
  await expect(order).toContainText("$83.32");
  // The code went with the cart.
  expect(await page.evaluate(() => window.localStorage.getItem("cart:discount:v1"))).toBeNull();
  await expectNoAxeViolations(page, `My Orders with a discount (${project})`);
  await order.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENS, `order-discount-${project}.png`), fullPage: true });
  await context.close();
});
