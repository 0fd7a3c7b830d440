import { type BrowserContext, test as base, expect, type Page } from "./fixtures";
import { expectNoAxeViolations } from "./a11y";
import { verificationLink } from "./mailbox";
import { expectPlacedOrder } from "./placed-order";
import { addFromProductPage, toast } from "./shop-steps";

/**
 * The checkout (docs/product.md §2) with the built-in sandbox for both methods (no PayPal or
 * Stripe keys in the e2e run): a whole purchase from the product page to the order, the
 * states before it (visitor, empty cart, no address), and one payment per double click.
 * "Cloud Lounge Sweat Set" is a demo product: $89.00, sizes XS-XXL, three colours, 30 in stock.
 */

const PASSWORD = "Velvet-Harbor-42";
const PRODUCT = "Cloud Lounge Sweat Set";
const ADDRESS = {
  name: "Ada Shopper",
  phone: "+1 555 0100",
  street: "12 Loom Street",
  city: "Portland",
  state: "OR",
  zipCode: "97201",
};

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A verified, signed-in shopper made through the store's own auth API; with `address`, one saved default address. */
async function newShopper(
  context: BrowserContext,
  baseURL: string,
  label: string,
  address: boolean,
): Promise<StorageState> {
  const email = `checkout-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const headers = { origin: baseURL };
  const signUp = await context.request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: { name: "", email, password: PASSWORD },
    headers,
  });
  expect(signUp.status()).toBe(200);
  await context.request.get(await verificationLink(context.request, baseURL, email), { maxRedirects: 0 });
  const signIn = await context.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers,
  });
  expect(signIn.status()).toBe(200);
  if (address) {
    const saved = await context.request.post(`${baseURL}/addresses`, {
      form: { intent: "create", ...ADDRESS, country: "United States", isDefault: "on" },
      headers,
      maxRedirects: 0,
    });
    expect(saved.status()).toBeLessThan(400);
  }
  return { cookies: (await context.storageState()).cookies, origins: [] };
}

const test = base.extend<object, { shopperState: StorageState }>({
  shopperState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext();
      const state = await newShopper(
        context,
        String(workerInfo.project.use.baseURL),
        `${workerInfo.project.name}-${workerInfo.workerIndex}`,
        true,
      );
      await context.close();
      await use(state);
    },
    { scope: "worker" },
  ],
  storageState: async ({ shopperState }, use) => use(shopperState),
});

const summary = (page: Page) => page.getByRole("region", { name: "Order Summary" });

/** From the home grid to the product page, size and colour chosen, into the cart, and on to the checkout. */
async function buyFromProductPage(page: Page, size: string, color: string) {
  await addFromProductPage(page, PRODUCT, size, color);
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
}

/** $89.00 + 10 % tax + $0.10 shipping. */
async function expectOneSetSummary(page: Page, size: string, color: string) {
  const box = summary(page);
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
const orderNumber = (orderId: string) => orderId.replace(/-/g, "").slice(-8).toUpperCase();

/** The one set as the order shows it once paid (the colour and size are each test's). */
const PLACED = {
  title: PRODUCT,
  linePrice: "$89.00",
  address: [ADDRESS.name, ADDRESS.street, `${ADDRESS.city}, ${ADDRESS.state} ${ADDRESS.zipCode}`, ADDRESS.phone],
  totals: { subtotal: "$89.00", shipping: "$0.10", tax: "$8.90", total: "$98.00" },
};

const cartLines = (page: Page) => page.evaluate(() => window.localStorage.getItem("cart:v1"));

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

test("a full purchase with the sandbox card checkout ends on the confirmation", async ({ page, browser }, info) => {
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
});

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
