import path from "node:path";
import { type APIRequestContext, type Browser, expect, type Locator, type Page, type TestInfo, test } from "./fixtures";
import { openAdminOrder } from "./admin-orders";
import sharp from "sharp";
import { changeStatus, orderCard } from "./returns-steps";
import { toast } from "./shop-steps";
import { ADMIN, buyWithSandboxCard, productId, saveAddress, signedInContext, signIn, uniqueEmail } from "./people";
import { askToDelete } from "./confirm";

/**
 * The administrator's order desk (issue 10, items 11-14 and 16): status notes that do not
 * repeat, a cancel that asks first, filters for every status with counts, search and pages
 * that hold, the product form's colour and image checks, and where the focus goes after a
 * navigation. Orders are bought through the store's own endpoints by shoppers made for each
 * test; "E2E Order Desk Tee" ($20.00, size M, colour Sand) has stock for all of them.
 */

const DESK_TEE = "E2E Order Desk Tee";
const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");
const shoot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: path.join(SCREENS, `order-desk-${info.project.name}-${name}.png`) });

/** A shopper of its own, with an address; `buy` places one order of `quantity` pieces and returns its number. */
async function newBuyer(browser: Browser, info: TestInfo, label: string, name: string) {
  const context = await browser.newContext();
  const base = String(info.project.use.baseURL);
  const email = uniqueEmail(label, info);
  await signIn(context.request, base, email, { name });
  const addressId = await saveAddress(context.request, base);
  const request: APIRequestContext = context.request;
  return {
    email,
    context,
    buy: async (title = DESK_TEE, quantity = 1) => {
      const id = await productId(request, base, title);
      const line =
        title === DESK_TEE
          ? { productId: id, selectedSize: "M", color: "Sand", quantity }
          : { productId: id, selectedSize: null, color: null, quantity };
      return buyWithSandboxCard(request, base, line, addressId);
    },
  };
}

const adminPage = async (browser: Browser, info: TestInfo) => (await signedInContext(browser, info, ADMIN)).newPage();

test("the history note is cleared after each status change and never sent twice", async ({ browser }, info) => {
  test.setTimeout(90_000);
  const buyer = await newBuyer(browser, info, "desk-note", "Nora Note");
  const number = await buyer.buy();
  const admin = await adminPage(browser, info);
  const card = await openAdminOrder(admin, number);
  const note = card.getByLabel("Note for the history (optional)");

  await changeStatus(admin, card, "Confirmed");
  await changeStatus(admin, card, "Processing");
  await note.fill("Left the warehouse with DHL");
  await changeStatus(admin, card, "Shipped");
  // The field is empty again for the next change: nothing typed, nothing but the default is saved.
  await expect(note).toHaveValue("");
  await changeStatus(admin, card, "Delivered");
  await card.getByRole("button", { name: "Show status history" }).click();
  const history = card.getByRole("listitem");
  await expect(history.filter({ hasText: "Left the warehouse with DHL" })).toHaveCount(1);
  await expect(history.filter({ hasText: /^Delivered/ })).toContainText("Order delivered");
  await shoot(admin, info, "note-history");

  // The customer sees the same history: the note once, under Shipped.
  const shopper = await buyer.context.newPage();
  await shopper.goto("/orders");
  const mine = orderCard(shopper, number);
  await expect(mine.getByText("Left the warehouse with DHL")).toHaveCount(1);
  await expect(mine.getByText("Order delivered")).toBeVisible();
  await buyer.context.close();
  await admin.context().close();
});

test("cancelling asks first, says the money is refunded and the stock goes back, then does both", async ({
  browser,
}, info) => {
  test.setTimeout(90_000);
  const scarf = `E2E Restock Scarf ${info.project.name}`;
  const buyer = await newBuyer(browser, info, "desk-cancel", "Cora Cancel");
  // Both pieces there are: the scarf is sold out.
  const number = await buyer.buy(scarf, 2);
  const shopper = await buyer.context.newPage();
  await shopper.goto(`/?q=${encodeURIComponent(scarf)}`);
  await shopper.getByRole("link", { name: `View ${scarf}` }).click();
  await expect(shopper.getByText("Out of Stock").first()).toBeVisible();

  const admin = await adminPage(browser, info);
  const card = await openAdminOrder(admin, number);
  const cancel = card.getByRole("button", { name: "Cancelled", exact: true });
  const dialog = admin.getByRole("dialog", { name: `Cancel order #${number}?` });

  // Before the page runs its scripts the button submits like the others (and the server refuses a
  // cancellation without the dialog's confirmation): wait until it opens the dialog.
  await expect(cancel).toHaveAttribute("type", "button");
  // Escape, then Keep order: nothing happens either way.
  await cancel.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep order" })).toBeFocused();
  // $30.00 + 10 % tax + $0.10 shipping.
  await expect(dialog).toContainText("$33.10, paid with card (Stripe)");
  await expect(dialog).toContainText("$33.10 is refunded to their card through the sandbox (no real money)");
  await expect(dialog).toContainText("The 2 pieces go back into stock.");
  await expect(dialog).toContainText("The customer is emailed that the order is cancelled and refunded.");
  await shoot(admin, info, "cancel-dialog");
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await cancel.click();
  await dialog.getByRole("button", { name: "Keep order" }).click();
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await admin.reload();
  await expect(card.locator("[data-status]").first()).toHaveText("Placed");

  await cancel.click();
  await dialog.getByRole("button", { name: "Cancel and refund" }).click();
  await expect(toast(admin, "Order status updated to Cancelled")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.locator("[data-status]").first()).toHaveText("Cancelled");
  await expect(card.getByText("No further actions available")).toBeVisible();
  // The refund is on the card: the whole amount, and nothing left to pay.
  await expect(card.getByRole("listitem").filter({ hasText: "Refunded in full (order cancelled)" })).toContainText(
    "$33.10",
  );
  await expect(card.getByText("Net paid")).toBeVisible();
  await shoot(admin, info, "cancelled-refunded");
  // The two pieces are back: the shopper's open product page says so (live, or after a reload).
  await shopper.reload();
  await expect(shopper.getByText("In Stock").first()).toBeVisible();
  await buyer.context.close();
  await admin.context().close();
});

test("a colour needs a value, and a picked file is checked by its content", async ({ browser }, info) => {
  test.setTimeout(90_000);
  const admin = await adminPage(browser, info);
  await admin.goto("/admin/add-product");
  await admin.getByLabel("Product Title").fill(`E2E Colour Check ${info.project.name}`);
  await admin.getByLabel("Category").selectOption("Accessories");
  await admin.getByLabel("Price ($)").fill("12.00");
  await admin.getByLabel("Description").fill("Checks the colour and image rules.");
  await admin.getByRole("button", { name: "Add color" }).click();
  await admin.getByLabel("Color 1 name").fill("Sand");
  await expect(admin.getByLabel("Color 1 value")).toHaveValue("");

  // A text file named .png and a PNG cut short: named under the picker, no preview.
  const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#c2b280" } })
    .png()
    .toBuffer();
  await admin.getByLabel("Choose images").setInputFiles([
    { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("These are my notes, not a picture.") },
    { name: "cut.png", mimeType: "image/png", buffer: photo.subarray(0, 60) },
  ]);
  const refused = admin.getByRole("alert").filter({ hasText: "These files were not added:" });
  await expect(refused).toContainText("notes.png is not a PNG, JPEG or WebP image");
  await expect(refused).toContainText("cut.png could not be read as an image");
  await expect(admin.getByRole("list", { name: "New images" })).toHaveCount(0);
  await admin.getByLabel("Choose images").setInputFiles([{ name: "sand.png", mimeType: "image/png", buffer: photo }]);
  await expect(admin.getByRole("list", { name: "New images" }).getByRole("listitem")).toHaveCount(1);
  await expect(refused).toHaveCount(0);

  // Sand without a value is refused, not saved as black.
  await admin.getByRole("button", { name: "Add Product" }).click();
  await expect(
    admin.getByText("Choose a colour value for Sand: pick it or type a hex value such as #c2b280"),
  ).toBeVisible();
  await expect(admin.getByLabel("Color 1 value")).toHaveAttribute("aria-invalid", "true");
  await expect(admin).toHaveURL(/\/admin\/add-product$/);
  await shoot(admin, info, "colour-error");
  await admin.getByLabel("Color 1 value").fill("#C2B280");
  await expect(admin.getByLabel("Pick color 1")).toHaveValue("#c2b280");
  await admin.getByLabel("Pick color 1").fill("#8fa98a");
  await expect(admin.getByLabel("Color 1 value")).toHaveValue("#8fa98a");
  await admin.getByRole("button", { name: "Add Product" }).click();
  await expect(toast(admin, "Product added")).toBeVisible();

  // Saved with its value; then removed, so it does not stand among other tests' newest products.
  const title = `E2E Colour Check ${info.project.name}`;
  await admin.goto(`/?q=${encodeURIComponent(title)}`);
  await admin.getByRole("link", { name: `View ${title}` }).click();
  await expect(admin.getByRole("group", { name: "Color" }).getByRole("button", { name: "Sand" })).toBeVisible();
  const swatch = await admin.getByRole("group", { name: "Color" }).getByRole("button", { name: "Sand" }).innerHTML();
  expect(swatch).toContain("rgb(143, 169, 138)");
  await admin.goto("/admin?tab=products");
  await askToDelete(admin.getByRole("button", { name: `Delete ${title}` }));
  await admin.getByRole("dialog").getByRole("button", { name: "Delete product" }).click();
  await expect(toast(admin, "Product deleted successfully!")).toBeVisible();
  await admin.context().close();
});

/** Moves the focus to `target` as a keyboard user would (so :focus-visible applies). */
async function keyboardFocus(page: Page, target: Locator) {
  await target.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
}

/** The first ancestor whose overflow cuts the element's focus ring, or null when it is whole. */
function clippingAncestor(target: Locator) {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const grow = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const b = a.getBoundingClientRect();
      const box = {
        left: b.left + a.clientLeft,
        top: b.top + a.clientTop,
        right: b.left + a.clientLeft + a.clientWidth,
        bottom: b.top + a.clientTop + a.clientHeight,
      };
      if (
        r.left - grow < box.left ||
        r.top - grow < box.top ||
        r.right + grow > box.right ||
        r.bottom + grow > box.bottom
      ) {
        return `${a.tagName.toLowerCase()}.${a.className}`;
      }
    }
    return null;
  });
}

test("after a navigation the focus is on the new page's heading and its title is announced", async ({ page }) => {
  const announcer = page.getByTestId("route-announcer");
  await page.goto("/");
  const view = page.getByRole("link", { name: "View E2E Gallery Dress" });
  await keyboardFocus(page, view);
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { level: 1, name: "E2E Gallery Dress" });
  await expect(heading).toBeFocused();
  await expect(announcer).toHaveText("E2E Gallery Dress | Threadline");
  // Tab goes on from the top of the new page's content, not from the header.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.getElementById("main")?.contains(document.activeElement))).toBe(true);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Log ?in$|^Sign in$/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(announcer).toHaveText(/\| Threadline$/);
  await page.goBack();
  await expect(heading).toBeFocused();
  await expect(announcer).toHaveText("E2E Gallery Dress | Threadline");

  // A new query on the same page (a category) keeps the focus on the chip that was used.
  await page.goto("/");
  const dress = page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: /^Dress\b/ });
  await keyboardFocus(page, dress);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/category=dress/);
  await expect(dress).toBeFocused();
});

test("the active filter chips' focus rings are whole", async ({ browser }, info) => {
  const admin = await adminPage(browser, info);
  await admin.goto("/admin?tab=orders");
  const active = admin.getByRole("navigation", { name: "Order filters" }).getByRole("link", { name: /^All/ });
  await keyboardFocus(admin, active);
  expect(await clippingAncestor(active)).toBeNull();
  await shoot(admin, info, "filter-focus");

  await admin.goto("/?category=dress");
  const chip = admin.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: /^Dress\b/ });
  await keyboardFocus(admin, chip);
  expect(await clippingAncestor(chip)).toBeNull();
  await admin.goto("/profile");
  const account = admin.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "My Profile" });
  await keyboardFocus(admin, account);
  expect(await clippingAncestor(account)).toBeNull();
  await admin.context().close();
});
