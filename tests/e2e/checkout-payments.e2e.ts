import { expect, PHONE } from "./fixtures";
import { expectNoAxeViolations } from "./a11y";
import { expectPlacedOrder } from "./placed-order";
import { toast } from "./shop-steps";
import {
  buyFromProductPage,
  cartLines,
  expectOneSetSummary,
  openSummaryItems,
  orderNumber,
  PLACED,
  PRODUCT,
  summary,
  test,
} from "./checkout-steps";

/**
 * Whole purchases with the built-in sandbox, from the product page to where each payment ends
 * (docs/product.md §2): the PayPal wallet on My Orders, the card on the confirmation, each with the
 * order in full; and what cancelling either keeps.
 */

test("a full purchase with the sandbox PayPal wallet ends on the order", async ({ page }, info) => {
  await buyFromProductPage(page, "M", "Cloud Blue");
  await expectOneSetSummary(page, "M", "Cloud Blue");
  const approval = page.waitForEvent("popup");
  const captured = page.waitForResponse((r) => r.url().endsWith("/api/capture-paypal-order"));
  await page.getByRole("button", { name: "PayPal (sandbox)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Processing payment..." })).toBeVisible();
  // Locked while the buyer decides.
  await expect(page.getByRole("combobox", { name: "Shipping Address" })).toBeDisabled();
  const popup = await approval;
  await expect(popup.getByText("Sandbox — no real money", { exact: false })).toBeVisible();
  await expect(popup.getByTestId("sandbox-amount")).toHaveText("$98.00");
  await expect(popup.getByText(PRODUCT)).toBeVisible();
  await popup.getByRole("button", { name: "Approve payment" }).click();

  // The server recorded the order only for a paid outcome (PayPal's COMPLETED capture).
  const outcome = await (await captured).json();
  expect(outcome).toMatchObject({
    outcome: "paid",
    status: "COMPLETED",
    orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
  await expect(toast(page, "Payment successful! Order placed.")).toBeVisible();
  // My Orders, with the order just paid in full on top (issue 23, item 2).
  await expect(page).toHaveURL(`/orders?placed=${outcome.orderId}`);
  expect(popup.isClosed()).toBe(true);
  expect(await cartLines(page)).toBeNull();
  await expect(page.getByRole("heading", { level: 2, name: "Payment successful! Order placed." })).toBeVisible();
  await expect(page.getByText("Thank you for your purchase. Your order has been received.")).toBeVisible();
  await expectPlacedOrder(page, { ...PLACED, number: orderNumber(outcome.orderId), size: "M", color: "Cloud Blue" });
  await expectNoAxeViolations(page, "My Orders with the order just placed");
  await page.screenshot({ path: info.outputPath("orders-placed.png"), fullPage: true });
  const order = page.getByRole("article", { name: `Order #${orderNumber(outcome.orderId)}` });
  await expect(order).toContainText(PRODUCT);
  await expect(order).toContainText("$98.00");
  await expect(order).toContainText("Tax (10%)");
});

test("the line's picture is the chosen colour's, from the cart to the order", async ({ page }, info) => {
  await page.goto(`/?q=${encodeURIComponent(PRODUCT)}`);
  await page.getByRole("link", { name: `View ${PRODUCT}` }).click();
  // Heather Grey is the set's second colour and has its own picture, the second image.
  const grey = String(await page.getByRole("button", { name: "Show image 2 of 3" }).locator("img").getAttribute("src"));
  await page.getByRole("group", { name: "Size" }).getByRole("button", { name: "S", exact: true }).click();
  await page.getByRole("group", { name: "Color" }).getByRole("button", { name: "Heather Grey" }).click();
  await expect(page.getByRole("img", { name: `${PRODUCT}, image 2 of 3` })).toBeVisible();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("4");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "Added to cart")).toBeVisible();
  await page.goto("/checkout");
  const box = summary(page);
  await openSummaryItems(page);
  await expect(box.getByRole("img", { name: PRODUCT })).toHaveAttribute("src", grey);
  // 'Qty: 4' stays on one line.
  const qty = box.getByText("Qty: 4", { exact: true });
  expect((await qty.boundingBox())!.height).toBeLessThan(20);
  const approval = page.waitForEvent("popup");
  const captured = page.waitForResponse((r) => r.url().endsWith("/api/capture-paypal-order"));
  await page.getByRole("button", { name: "PayPal (sandbox)" }).click();
  await (await approval).getByRole("button", { name: "Approve payment" }).click();
  const outcome = await (await captured).json();
  await expect(page).toHaveURL(`/orders?placed=${outcome.orderId}`);
  await expect(page.getByTestId("placed-order").locator("img")).toHaveAttribute("src", grey);
  const order = page.getByRole("article", { name: `Order #${orderNumber(outcome.orderId)}` });
  await expect(order.locator("img").first()).toHaveAttribute("src", grey);
  await expect(order.getByText("Qty: 4", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "My Orders with an order");
  await page.screenshot({ path: info.outputPath("my-orders.png"), fullPage: true });
});

test("cancelling the sandbox PayPal approval keeps the cart", async ({ page }) => {
  await buyFromProductPage(page, "S", "Blush");
  const approval = page.waitForEvent("popup");
  await page.getByRole("button", { name: "PayPal (sandbox)" }).click();
  const popup = await approval;
  await popup.getByRole("button", { name: "Cancel" }).click();
  await expect(toast(page, "Payment cancelled")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("button", { name: "PayPal (sandbox)" })).toBeEnabled();
  expect(await cartLines(page)).not.toBeNull();
});

test("with the approval window blocked, the sandbox PayPal approval happens in the same tab", async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await buyFromProductPage(page, "XXL", "Heather Grey");
  await page.getByRole("button", { name: "PayPal (sandbox)" }).click();
  await expect(page).toHaveURL(/\/sandbox\/paypal\/SANDBOX[A-Z0-9]+$/);
  await expect(page.getByTestId("sandbox-amount")).toHaveText("$98.00");
  const captured = page.waitForResponse((r) => r.url().endsWith("/api/capture-paypal-order"));
  await page.getByRole("button", { name: "Approve payment" }).click();
  const outcome = await (await captured).json();
  expect(outcome).toMatchObject({ outcome: "paid", status: "COMPLETED" });
  await expect(toast(page, "Payment successful! Order placed.")).toBeVisible();
  await expect(page).toHaveURL(`/orders?placed=${outcome.orderId}`);
  await expect(page.getByRole("article", { name: `Order #${orderNumber(outcome.orderId)}` })).toContainText(PRODUCT);
  expect(await cartLines(page)).toBeNull();
});

test(
  "a full purchase with the sandbox card checkout ends on the confirmation",
  PHONE,
  async ({ page, browser }, info) => {
    await buyFromProductPage(page, "XL", "Blush");
    await page.getByRole("radio", { name: /Pay securely with card using Stripe/ }).check();
    // The session's answer is held back, so what the checkout says while it prepares the redirect can be read.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/create-stripe-session", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Pay with Card (Stripe)" }).click();
    const status = page.getByRole("region", { name: "Pay" }).getByRole("status");
    await expect(status).toContainText("Processing payment...");
    await expect(status).toContainText("Redirecting to Stripe Checkout...");
    await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_[A-Za-z0-9]+$/);
    await expect(page.getByText("Sandbox — no real money", { exact: false })).toBeVisible();
    await expect(page.getByTestId("sandbox-amount")).toHaveText("$98.00");
    await expect(page.getByText(PRODUCT)).toBeVisible();
    await page.getByRole("button", { name: "Pay $98.00" }).click();

    await expect(page).toHaveURL(/\/payment-success\?session_id=cs_sandbox_/);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("Thank you for your purchase. Your order has been received.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    // The order in full, as the wallet's end shows it (issue 23, item 2).
    const number = await expectPlacedOrder(page, { ...PLACED, size: "XL", color: "Blush" });
    await expect.poll(() => cartLines(page)).toBeNull();
    await expectNoAxeViolations(page, "the card's confirmation with the order");
    await page.screenshot({ path: info.outputPath("payment-success.png"), fullPage: true });

    // A reload confirms the same order again instead of making another.
    await page.reload();
    await expect(page.getByTestId("placed-order").getByRole("heading", { name: `Order #${number}` })).toBeVisible();
    // The link alone shows nobody else the order: just the brief's texts.
    const stranger = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const other = await stranger.newPage();
    await other.goto(page.url());
    await expect(other.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
    await expect(other.getByText("Thank you for your purchase. Your order has been received.")).toBeVisible();
    await expect(other.getByTestId("placed-order")).toHaveCount(0);
    await expect(other.getByText(number)).toHaveCount(0);
    await stranger.close();
    await page.getByRole("link", { name: "View My Orders" }).click();
    await expect(page.getByRole("article", { name: `Order #${number}` })).toContainText(PRODUCT);
  },
);

test("cancelling on the sandbox card checkout leads to the cancelled notice", async ({ page }) => {
  await buyFromProductPage(page, "XS", "Cloud Blue");
  await page.getByRole("radio", { name: /Pay securely with card using Stripe/ }).check();
  await page.getByRole("button", { name: "Pay with Card (Stripe)" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/payment-cancelled$/);
  await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
  await expect(page.getByText("Your payment was cancelled. You can try again or modify your order.")).toBeVisible();
  await page.getByRole("link", { name: "Return to Checkout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
});
