import { newPerson } from "./roles";
import { expect, type Locator, type Page, PHONE } from "./fixtures";
import { expectNoAxeViolations } from "./a11y";
import { addFromProductPage, toast } from "./shop-steps";
import {
  ADDRESS,
  buyFromProductPage,
  cartLines,
  expectOneSetSummary,
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
  // The page's clock stands still until the test moves it (Playwright's fake clock): the redirect's
  // delay is checked by the page's own timers, not by waiting.
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Please log in to checkout" })).toBeVisible();
  // Hydrated: the redirect's timer is set.
  await expect(page.getByText("Taking you to the login page in a few seconds…")).toBeVisible();
  // The toast appears on the page's next tick.
  await page.clock.runFor(100);
  await expect(toast(page, "Please log in to checkout")).toBeVisible();
  // Not sent away at once: still here after 4.9 s, then on to the login page at 5 s (docs/product.md §2: toast and redirect).
  await page.clock.runFor(4_800);
  await expect(page).toHaveURL(/\/checkout$/);
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  await context.close();
});

test("a visitor may stay on the checkout's login panel", async ({ browser }, info) => {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: info.project.use.viewport ?? undefined,
  });
  const page = await context.newPage();
  // The page's timers on Playwright's fake clock (flowing as usual until the test moves it on).
  await page.clock.install();
  await page.goto("/checkout");
  await expect(page.getByText("Taking you to the login page in a few seconds…")).toBeVisible();
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByText("Taking you to the login page")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "Login" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fcheckout",
  );
  await expectNoAxeViolations(page, "the visitor's checkout panel");
  await page.screenshot({ path: info.outputPath("checkout-visitor.png") });
  // Past the redirect's 5 s on the page's clock, with nothing left to fire it: still here, and the
  // page asked nothing of /login (a navigation there would fetch its data first).
  const toLogin: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/login")) toLogin.push(request.url());
  });
  await page.clock.fastForward(10_000);
  await expect(page).toHaveURL(/\/checkout$/);
  expect(toLogin).toEqual([]);
  await expect(page.getByRole("main").getByRole("link", { name: "Login" })).toBeVisible();
  await context.close();
});

test("an empty cart sends the shopper back to the cart with a toast", async ({ page }) => {
  await page.goto("/checkout");
  await expect(toast(page, "Your cart is empty")).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

test("a shopper without an address adds one inside the checkout and goes on paying", async ({
  browser,
  baseURL,
}, testInfo) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const { state } = await newPerson(context, String(baseURL), { label: `noaddr-${testInfo.project.name}` });
  await context.close();
  const fresh = await browser.newContext({ storageState: state, viewport: testInfo.project.use.viewport ?? undefined });
  const page = await fresh.newPage();
  await addFromProductPage(page, PRODUCT, "M", "Blush");
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Shipping address required" })).toBeVisible();
  await expect(page.getByText("Please add a shipping address before checkout.")).toBeVisible();
  // The form of My Addresses, with its rules: a UK address is checked as one.
  const form = page.getByRole("form", { name: "Add a shipping address" });
  await form.getByLabel("Country").selectOption("United Kingdom");
  await form.getByLabel("Full name").fill("Ada Shopper");
  await form.getByLabel("Phone").fill("+44 20 7946 0000");
  await form.getByLabel("Street").fill("10 Downing Street");
  await form.getByLabel("Town or city").fill("London");
  await form.getByLabel("Postcode").fill("62701");
  await form.getByRole("button", { name: "Save Address" }).click();
  await expect(form.getByText("Enter a UK postcode like SW1A 1AA")).toBeVisible();
  await expectNoAxeViolations(page, "the checkout's address form with an error");
  await page.screenshot({ path: testInfo.outputPath("checkout-new-address.png"), fullPage: true });
  await form.getByLabel("Postcode").fill("sw1a2aa");
  await form.getByRole("button", { name: "Save Address" }).click();
  await expect(toast(page, "Address added successfully!")).toBeVisible();
  // The checkout itself, on the address just added, printed the British way.
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Shipping Address" }).locator("option:checked")).toHaveText(
    "Ada Shopper - 10 Downing Street, London (Default)",
  );
  await expect(summary(page).getByTestId("shipping-to")).toContainText("LondonSW1A 2AAUnited Kingdom");
  await page.getByRole("radio", { name: /Pay securely with card using Stripe/ }).check();
  await page.getByRole("button", { name: "Pay with Card (Stripe)" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await page.getByRole("button", { name: "Pay $98.00" }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_sandbox_/);
  const placed = page.getByTestId("placed-order");
  await expect(placed.locator("address")).toContainText("10 Downing StreetLondonSW1A 2AAUnited Kingdom");
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

test("on a phone the order summary and the discount code come before Pay", PHONE, async ({ page }, info) => {
  await buyFromProductPage(page, "M", "Blush");
  const wallet = page.getByRole("button", { name: "PayPal (sandbox)" });
  const items = summary(page).getByTestId("summary-items");
  const code = page.getByRole("textbox", { name: "Discount code" });
  const top = async (l: Locator) => (await l.boundingBox())!.y;
  await expect(wallet).toBeVisible();
  if (info.project.name === "phone") {
    // One column: the summary (its items folded, its totals shown), the code, then Pay.
    await expect(items).not.toHaveAttribute("open", "");
    await expect(summary(page).getByText(PRODUCT)).toBeHidden();
    await expect(summary(page).getByTestId("summary-total")).toHaveText("$98.00");
    expect(await top(summary(page).getByTestId("summary-total"))).toBeLessThan(await top(wallet));
    expect(await top(code)).toBeLessThan(await top(wallet));
    await page.screenshot({ path: info.outputPath("checkout-folded.png"), fullPage: true });
    // Unfolded on request.
    await items.locator("summary").click();
    await expect(summary(page).getByText(PRODUCT)).toBeVisible();
  } else {
    // Two columns: the summary, its items open, stands beside the payment buttons.
    await expect(items).toHaveAttribute("open", "");
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
  // Hold the answer back until the busy state has been seen, so the second click lands during it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/create-stripe-session", async (route) => {
    await held;
    await route.continue();
  });
  await card.dblclick();
  await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
  release();
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
