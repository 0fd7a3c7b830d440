import { expect, type Page } from "./fixtures";
import { expectNoAxeViolations } from "./a11y";
import { addFromProductPage, toast } from "./shop-steps";
import {
  ADDRESS,
  buyFromProductPage,
  cartLines,
  expectOneSetSummary,
  newShopper,
  orderNumber,
  PRODUCT,
  summary,
  test,
} from "./checkout-steps";

/**
 * The checkout (docs/product.md §2) with the built-in sandbox for both methods (no PayPal or
 * Stripe keys in the e2e run): the states before paying (visitor, empty cart, no address), the
 * choices, prices the browser cannot set, and one payment per double click. The whole purchases
 * are in checkout-payments.e2e.ts.
 */

test("a visitor sees the login panel and a toast, and is sent to log in only after reading it", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  // The panel is what the server sends (and what a browser without scripts keeps).
  const html = await (await context.request.get(`${baseURL}/checkout`)).text();
  expect(html).toContain("Please log in to checkout");
  expect(html).toMatch(/href="\/login\?redirectTo=%2Fcheckout"[^>]*>Login</);
  const opened = Date.now();
  await page.goto("/checkout");
  await expect(toast(page, "Please log in to checkout")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Please log in to checkout" })).toBeVisible();
  // Not sent away at once: still here two seconds later, then on to the login page (docs/product.md §2: toast and redirect).
  await page.waitForTimeout(Math.max(0, 2000 - (Date.now() - opened)));
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/, { timeout: 10_000 });
  await context.close();
});

test("a visitor may stay on the checkout's login panel", async ({ browser }, info) => {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: info.project.use.viewport ?? undefined,
  });
  const page = await context.newPage();
  await page.goto("/checkout");
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByText("Taking you to the login page")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "Login" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fcheckout",
  );
  await expectNoAxeViolations(page, "the visitor's checkout panel");
  await page.screenshot({ path: info.outputPath("checkout-visitor.png") });
  await page.waitForTimeout(5500);
  await expect(page).toHaveURL(/\/checkout$/);
  await context.close();
});

test("an empty cart sends the shopper back to the cart with a toast", async ({ page }) => {
  await page.goto("/checkout");
  await expect(toast(page, "Your cart is empty")).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

test("a shopper without an address is asked to add one", async ({ browser, baseURL }, testInfo) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const state = await newShopper(context, String(baseURL), `noaddr-${testInfo.project.name}`, false);
  await context.close();
  const fresh = await browser.newContext({ storageState: state, viewport: testInfo.project.use.viewport ?? undefined });
  const page = await fresh.newPage();
  await addFromProductPage(page, PRODUCT, "M", "Blush");
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Shipping address required" })).toBeVisible();
  await expect(page.getByText("Please add a shipping address before checkout.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add Address" })).toHaveAttribute("href", "/addresses");
  await fresh.close();
});

test("the checkout's choices: default address, billing, payment methods", async ({ page }) => {
  await buyFromProductPage(page, "L", "Heather Grey");
  await expectOneSetSummary(page, "L", "Heather Grey");
  const shipping = page.getByRole("combobox", { name: "Shipping Address" });
  await expect(shipping.locator("option:checked")).toHaveText(
    `${ADDRESS.name} - ${ADDRESS.street}, ${ADDRESS.city} (Default)`,
  );

  const same = page.getByRole("checkbox", { name: "Same as shipping address" });
  await expect(same).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Billing Address" })).toHaveCount(0);
  await same.uncheck();
  await expect(page.getByRole("combobox", { name: "Billing Address" })).toBeVisible();
  await same.check();

  await expect(page.getByRole("radio", { name: /Pay with your PayPal account/ })).toBeChecked();
  await expect(page.getByRole("button", { name: "PayPal (sandbox)" })).toBeVisible();
  await page.getByRole("radio", { name: /Pay securely with card using Stripe/ }).check();
  await expect(page.getByRole("button", { name: "Pay with Card (Stripe)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "PayPal (sandbox)" })).toHaveCount(0);

  // No shipping address chosen: the card button says so and nothing is created.
  let created = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/create-stripe-session")) created++;
  });
  await shipping.selectOption("");
  await page.getByRole("button", { name: "Pay with Card (Stripe)" }).click();
  await expect(toast(page, "Please select a shipping address")).toBeVisible();
  expect(created).toBe(0);
});

test("on a phone the order total is shown before the payment buttons", async ({ page }, info) => {
  await buyFromProductPage(page, "M", "Blush");
  const payTotal = page.getByTestId("pay-total");
  const wallet = page.getByRole("button", { name: "PayPal (sandbox)" });
  if (info.project.name === "phone") {
    await expect(payTotal).toBeVisible();
    await expect(payTotal).toContainText("Order total");
    await expect(payTotal).toContainText("$98.00");
    // Above the button, and the summary (with its own total) comes after it.
    expect((await payTotal.boundingBox())!.y).toBeLessThan((await wallet.boundingBox())!.y);
    expect((await wallet.boundingBox())!.y).toBeLessThan((await summary(page).boundingBox())!.y);
  } else {
    // Two columns: the summary and its total stand beside the payment buttons.
    await expect(payTotal).toBeHidden();
    expect((await summary(page).boundingBox())!.x).toBeGreaterThan((await wallet.boundingBox())!.x);
    await expect(summary(page).getByTestId("summary-total")).toBeInViewport();
  }
  await expectNoAxeViolations(page, "the checkout");
  await page.screenshot({ path: info.outputPath("checkout.png"), fullPage: true });
});

test("a price the browser kept is not what is charged: the server's price and total win", async ({ page }) => {
  await page.goto(`/?q=${encodeURIComponent(PRODUCT)}`);
  const href = String(await page.getByRole("link", { name: `View ${PRODUCT}` }).getAttribute("href"));
  const forged = [
    {
      productId: href.split("/").pop(),
      title: PRODUCT,
      priceCents: 1,
      quantity: 1,
      imageUrls: [],
      selectedSize: "S",
      color: "Cloud Blue",
    },
  ];
  await page.evaluate((lines) => window.localStorage.setItem("cart:v1", JSON.stringify(lines)), forged);
  await page.goto("/checkout");
  await expect(page.getByRole("status").filter({ hasText: "changed from $0.01 to $89.00" })).toBeVisible();
  await expect(summary(page).getByTestId("summary-total")).toHaveText("$98.00");
  const created = page.waitForRequest((r) => r.url().endsWith("/api/create-paypal-order"));
  const approval = page.waitForEvent("popup");
  await page.getByRole("button", { name: "PayPal (sandbox)" }).click();
  // What the page sends names the product, size, colour and quantity, and addresses: no price.
  const sent = (await created).postDataJSON();
  expect(Object.keys(sent).sort()).toEqual(["billingAddressId", "lines", "sameAsShipping", "shippingAddressId"]);
  expect(Object.keys(sent.lines[0]).sort()).toEqual(["color", "productId", "quantity", "selectedSize"]);
  const popup = await approval;
  await expect(popup.getByTestId("sandbox-amount")).toHaveText("$98.00");
  await popup.getByRole("button", { name: "Cancel" }).click();
  await expect(toast(page, "Payment cancelled")).toBeVisible();
});

test("a double click starts one payment, for either method", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (r) => {
    if (/\/api\/create-(paypal-order|stripe-session)$/.test(r.url())) calls.push(r.url().split("/").pop()!);
  });
  await buyFromProductPage(page, "L", "Cloud Blue");

  const popups: Page[] = [];
  page.on("popup", (p) => popups.push(p));
  await page.getByRole("button", { name: "PayPal (sandbox)" }).dblclick();
  await expect(page.getByRole("status").filter({ hasText: "Processing payment..." })).toBeVisible();
  await expect.poll(() => popups.length).toBe(1);
  await popups[0].getByRole("button", { name: "Cancel" }).click();
  await expect(toast(page, "Payment cancelled")).toBeVisible();
  expect(calls).toEqual(["create-paypal-order"]);

  await page.getByRole("radio", { name: /Pay securely with card using Stripe/ }).check();
  const card = page.getByRole("button", { name: "Pay with Card (Stripe)" });
  // Hold the answer back, so the busy state is certain to be seen and the second click lands during it.
  await page.route("**/api/create-stripe-session", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await card.dblclick();
  await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  expect(calls).toEqual(["create-paypal-order", "create-stripe-session"]);
});

test("paying again after the capture failed continues with the same, already approved PayPal order", async ({
  page,
}) => {
  await buyFromProductPage(page, "M", "Heather Grey");
  const created: string[] = [];
  page.on("response", async (r) => {
    if (r.url().endsWith("/api/create-paypal-order") && r.ok()) created.push((await r.json()).id);
  });
  // The first capture never reaches the server (the connection drops).
  let dropped = false;
  await page.route("**/api/capture-paypal-order", async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    return route.abort("connectionreset");
  });
  const first = page.waitForEvent("popup");
  await page.getByRole("button", { name: "PayPal (sandbox)" }).click();
  await (await first).getByRole("button", { name: "Approve payment" }).click();
  await expect(toast(page, "PayPal payment failed. Please try again.")).toBeVisible();
  expect(await cartLines(page)).not.toBeNull();

  // Again: the server hands out the same order, approved already; the window says so and goes on.
  const second = page.waitForEvent("popup");
  const captured = page.waitForResponse((r) => r.url().endsWith("/api/capture-paypal-order"));
  await page.getByRole("button", { name: "PayPal (sandbox)" }).click();
  const popup = await second;
  await expect(popup.getByText("This payment is already approved.")).toBeVisible();
  await popup.getByRole("button", { name: "Continue to the store" }).click();
  const outcome = await (await captured).json();
  expect(outcome.status).toBe("COMPLETED");
  expect(created).toHaveLength(2);
  expect(created[1]).toBe(created[0]);
  await expect(toast(page, "Payment successful! Order placed.")).toBeVisible();
  await expect(page.getByRole("article", { name: `Order #${orderNumber(outcome.orderId)}` })).toContainText(PRODUCT);
});
