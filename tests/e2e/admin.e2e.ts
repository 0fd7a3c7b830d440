import path from "node:path";
import { expect, type Page, test } from "./fixtures";
import { toast } from "./shop-steps";
import { expectNoAxeViolations } from "./a11y";
import sharp from "sharp";
import { ADMIN, signedInContext } from "./people";
import { signUpAndIn } from "./roles";
import { placedOrderNumber } from "./placed-order";
import { askToDelete } from "./confirm";

/**
 * The administrator's day, as a person does it: as ADMIN_EMAIL (admin@example.com, signed in once
 * by the roles project), add a product with two photos, see it
 * first on the home page, edit it (remove a photo, add one), then walk a shopper's order from
 * placed to delivered while the shopper's My Orders follows every step, and delete the product.
 * The order is made the way shoppers make them: the sandbox card checkout.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");
// Each project adds its own product in its own category, so the two runs never take each other's place.
const CATEGORY = { desktop: "2-piece", phone: "Children Collection" } as Record<string, string>;

async function shoot(page: Page, project: string, name: string) {
  // From the top, so the sticky header is not painted over the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS, `admin-${project}-${name}.png`), fullPage: true });
}

async function photo(background: string) {
  const buffer = await sharp({ create: { width: 800, height: 1000, channels: 3, background } })
    .png()
    .toBuffer();
  return { name: `photo-${background.slice(1)}.png`, mimeType: "image/png", buffer };
}

/** A new shopper with a default address, who buys one piece through the sandbox card checkout; returns the order number. */
async function shopperBuys(page: Page, baseURL: string, title: string, project: string): Promise<string> {
  const email = `admin-e2e-buyer-${project}-${Date.now()}@example.com`;
  await signUpAndIn(page.context().request, baseURL, email);
  const saved = await page.context().request.post(`${baseURL}/addresses`, {
    form: {
      intent: "create",
      name: "Olive Buyer",
      phone: "+1 555 0199",
      street: "7 Thread Lane",
      city: "Austin",
      state: "TX",
      zipCode: "73301",
      country: "United States",
      isDefault: "on",
    },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(saved.status()).toBeLessThan(400);
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await page.goto(String(await page.getByRole("link", { name: `View ${title}` }).getAttribute("href")));
  await page.getByRole("group", { name: "Size" }).getByRole("button", { name: "M", exact: true }).click();
  await page.getByRole("group", { name: "Color" }).getByRole("button", { name: "Sand" }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "Added to cart")).toBeVisible();
  await page.goto("/checkout");
  await page.getByRole("radio", { name: /Pay securely with card using Stripe/ }).check();
  await page.getByRole("button", { name: "Pay with Card (Stripe)" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  return placedOrderNumber(page);
}

test("the administrator manages a product and walks an order to delivered", async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const viewport = testInfo.project.use.viewport ?? undefined;
  const title = `E2E Admin Set ${project}`;
  const category = CATEGORY[project] ?? "Jackets";
  const base = String(baseURL);

  const adminContext = await signedInContext(browser, testInfo, ADMIN);
  const admin = await adminContext.newPage();

  // The dashboard, reached through the header's Admin link.
  await admin.goto("/");
  await admin.getByRole("link", { name: "Admin", exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(admin.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  for (const counter of ["Total Products", "Total Orders", "Total Revenue", "Pending Orders"])
    await expect(admin.getByText(counter)).toBeVisible();
  await shoot(admin, project, "overview");

  // Add a product with two photos: no image, no submit.
  await admin
    .getByRole("link", { name: /^Add Product/ })
    .first()
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: "Add Product" })).toBeVisible();
  const submit = admin.getByRole("button", { name: "Add Product" });
  await expect(submit).toBeDisabled();
  await admin.getByLabel("Product Title").fill(title);
  await expect(admin.getByLabel("Category").locator("option").first()).toHaveText("Select a category");
  await expect(admin.getByLabel("Category").locator("option", { hasText: "Pants" })).toHaveCount(0);
  await admin.getByLabel("Category").selectOption(category);
  await admin.getByLabel("Price ($)").fill("42.50");
  await admin.getByLabel("Description").fill("A soft two-tone set for the e2e run.");
  for (const size of ["S", "M", "L"]) await admin.getByRole("checkbox", { name: size, exact: true }).check();
  await admin.getByRole("button", { name: "Add color" }).click();
  await admin.getByLabel("Color 1 name").fill("Sand");
  await admin.getByLabel("Color 1 value").fill("#c2b280");
  // The stock grid follows the sizes and colours: a cell per size in Sand.
  for (const size of ["S", "M", "L"]) await expect(admin.getByLabel(`Stock, ${size}, Sand`)).toBeVisible();
  await admin.getByLabel("Stock, M, Sand").fill("5");
  // Six picked at once: five are taken, the picker goes away, the sixth is refused with the documented text.
  const colours = ["#c2b280", "#3c5a9a", "#aa3344", "#33aa44", "#4433aa", "#999999"];
  await admin.getByLabel("Choose images").setInputFiles(await Promise.all(colours.map(photo)));
  await expect(toast(admin, "Maximum 5 images allowed in total")).toBeVisible();
  const newImages = admin.getByRole("list", { name: "New images" }).getByRole("listitem");
  await expect(newImages).toHaveCount(5);
  await expect(admin.getByLabel("Choose images")).toHaveCount(0);
  for (let i = 0; i < 3; i++) await admin.getByRole("button", { name: "Remove new image 3" }).click();
  await expect(newImages).toHaveCount(2);
  await expect(admin.getByLabel("Choose images")).toHaveCount(1);
  await expect(submit).toBeEnabled();
  // The form checks with the server's schema before sending.
  await admin.getByLabel("Product Title").fill("");
  await submit.click();
  await expect(admin.getByText("Title and price required")).toBeVisible();
  await admin.getByLabel("Product Title").fill(title);
  await shoot(admin, project, "add-product");
  await submit.click();
  await expect(toast(admin, "Product added")).toBeVisible();
  // On its row in the Products tab (owner-desk.e2e.ts looks at the row).
  await expect(admin).toHaveURL(/\/admin\?tab=products&q=&highlight=[0-9a-f-]{36}#product-/);

  // Newest first: at the head of its category.
  await admin.goto(`/?category=${category.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`);
  await expect(admin.getByRole("list", { name: "Products" }).getByRole("article").first()).toHaveAccessibleName(title);
  await admin.goto("/");
  const titles = await admin
    .getByRole("list", { name: "Products" })
    .getByRole("article")
    .evaluateAll((cards) => cards.map((c) => c.querySelector("h3")?.textContent?.trim() ?? ""));
  // Newest first: ahead of the whole catalogue. Only products other e2e tests add at the same moment
  // (titles starting "E2E", e.g. the other project's run or the live-updates test) may stand before it.
  const position = titles.indexOf(title);
  expect(position).toBeGreaterThanOrEqual(0);
  expect(titles.slice(0, position).every((t) => t.startsWith("E2E"))).toBe(true);

  // Edit through the card's shortcut: remove one photo, add another.
  await admin.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Edit Product" })).toBeVisible();
  await expect(admin.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");
  await expect(admin.getByText("PNG, JPG, WEBP")).toBeVisible();
  await expect(admin.getByLabel("Category").locator("option", { hasText: "Pants" })).toHaveCount(1);
  await expect(admin.getByLabel("Color 1 name")).toHaveValue("Sand");
  await expect(admin.getByLabel("Stock, M, Sand")).toHaveValue("5");
  await expect(admin.getByRole("button", { name: /^Remove current image/ })).toHaveCount(2);
  await admin.getByRole("button", { name: "Remove current image 1" }).click();
  await expect(admin.getByRole("button", { name: /^Remove current image/ })).toHaveCount(1);
  await admin.getByLabel("Choose images").setInputFiles([await photo("#8fa98a")]);
  await expect(admin.getByRole("list", { name: "New images" }).getByRole("listitem")).toHaveCount(1);
  await shoot(admin, project, "edit-product");
  await admin.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(admin, "Product updated successfully!")).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\?tab=products&q=&highlight=[0-9a-f-]{36}#product-/);
  await admin.goto(`/?q=${encodeURIComponent(title)}`);
  await admin.goto(String(await admin.getByRole("link", { name: `View ${title}` }).getAttribute("href")));
  await expect(admin.getByRole("img", { name: `${title}, image 1 of 2` })).toBeVisible();

  // A shopper buys it.
  const shopperContext = await browser.newContext({
    viewport,
    isMobile: testInfo.project.use.isMobile,
    hasTouch: testInfo.project.use.hasTouch,
  });
  const shopper = await shopperContext.newPage();
  const number = await shopperBuys(shopper, base, title, project);
  const myOrder = shopper.getByRole("article", { name: `Order #${number}` });
  await shopper.goto("/orders");
  await expect(myOrder).toContainText(title);
  await expect(myOrder).toContainText("Placed");
  // Paid through the sandbox: marked as such, for the shopper and the administrator.
  await expect(myOrder.locator("[data-sandbox]")).toHaveText("Sandbox");

  // The administrator finds it in the table (a card per order on a phone) and opens it.
  await admin.goto("/admin?tab=orders&status=placed");
  await expect(admin.getByRole("tab", { name: "Orders" })).toHaveAttribute("aria-selected", "true");
  const row = admin.locator(`[data-order-row="${number}"]:visible`);
  await expect(row).toContainText(/\d+ items?/);
  await expect(row).toContainText("Card · Paid");
  await expect(row.locator("[data-sandbox]")).toHaveText("Sandbox");
  await expect(row.locator("[data-status]")).toHaveText("Placed");
  if (project === "desktop") {
    await expect(admin.getByRole("table", { name: "Orders" }).getByRole("columnheader")).toHaveText([
      "Order",
      "Date",
      "Customer",
      "Items",
      "Total",
      "Status",
      "Payment",
    ]);
  } else {
    await expect(admin.getByRole("table", { name: "Orders" })).toBeHidden();
    // Nothing wider than the screen: the phone's cards fit.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await shoot(admin, project, "orders-table");
  await row.getByRole("link", { name: `Order #${number}` }).click();
  await expect(admin).toHaveURL(/order=/);

  // The administrator walks it to delivered; the shopper sees every step.
  const card = admin.getByRole("article", { name: `Order #${number}` });
  await expect(card).toContainText(title);
  await expect(card.locator("[data-sandbox]")).toHaveText("Sandbox");
  await expect(card).toContainText("Sandbox payment: no real money was taken.");
  await expect(card.getByRole("button", { name: "Confirmed" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Processing" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Cancelled" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Shipped" })).toHaveCount(0);
  await shoot(admin, project, "orders");
  for (const label of ["Confirmed", "Processing", "Shipped", "Out for delivery", "Delivered"]) {
    if (label === "Shipped") {
      await expectNoAxeViolations(admin, "an order's detail view with the tracking fields");
      // Shipped carries the parcel's tracking: a bad number is refused first, and nothing moves.
      await card.getByLabel("Carrier").selectOption({ label: "UPS" });
      await card.getByLabel("Tracking number").fill("1Z<999>");
      await card.getByRole("button", { name: "Shipped", exact: true }).click();
      await expect(toast(admin, "letters, digits, spaces or hyphens")).toBeVisible();
      await expect(card.locator("[data-status]").first()).toHaveText("Processing");
      await card.getByLabel("Tracking number").fill("1z 999 aa1 0123456784");
    }
    await card.getByRole("button", { name: label, exact: true }).click();
    // The toast names the status as the badge shows it ("Out for delivery", not "out for delivery").
    await expect(toast(admin, `Order status updated to ${label}`)).toContainText(`Order status updated to ${label}`);
    await expect(card.locator("[data-status]").first()).toHaveText(label);
    await shopper.goto("/orders");
    await expect(myOrder.locator("[data-status]")).toHaveText(label);
  }
  await expect(card.getByText("No further actions available")).toBeVisible();
  // The tracking, on the desk and on My Orders, links to the carrier's page.
  const upsPage = "https://www.ups.com/track?tracknum=1Z999AA10123456784";
  await expect(card.getByTestId("order-tracking").getByRole("link")).toHaveAttribute("href", upsPage);
  const tracking = myOrder.getByTestId("order-tracking");
  await expect(tracking).toContainText("UPS 1Z 999 AA1 0123456784");
  await expect(tracking.getByRole("link")).toHaveAttribute("href", upsPage);
  await card.getByRole("button", { name: "Show status history" }).click();
  await expect(card.getByRole("listitem").filter({ hasText: /^Out for delivery/ })).toBeVisible();
  await shoot(admin, project, "orders-delivered");
  await expect(myOrder.getByText("Order placed successfully")).toBeVisible();
  await shoot(shopper, project, "my-orders");

  // Delete the product: confirmed first; the order keeps its own copy.
  await admin.goto("/admin?tab=products");
  await shoot(admin, project, "products");
  await askToDelete(admin.getByRole("button", { name: `Delete ${title}` }));
  const ask = admin.getByRole("dialog", { name: "Are you sure you want to delete this product?" });
  await expect(ask).toContainText(title);
  await ask.getByRole("button", { name: "Delete product" }).click();
  await expect(toast(admin, "Product deleted successfully!")).toBeVisible();
  await expect(admin.getByRole("button", { name: `Delete ${title}` })).toHaveCount(0);
  await shopper.reload();
  await expect(myOrder).toContainText(title);

  await shopperContext.close();
  await adminContext.close();
});
