import { type BrowserContext, test as base, expect, type Locator, type Page } from "./fixtures";
import { toast } from "./shop-steps";
import { openAccountMenu } from "./account-menu";
import { expectNoAxeViolations } from "./a11y";
import { emptySavedCart, savedState, shopperStateFile, type StorageState } from "./roles";
import { openSummaryItems } from "./checkout-steps";

/**
 * The shop window as a shopper meets it: per-colour pictures, the full-screen zoom, sold-out
 * items, the cards' 'Add to cart' button, toasts and the phone layout. Demo products:
 * "Emerald Wrap Dress" (five photos; Emerald, Navy and Rust each have their own, the 1st, 2nd
 * and 3rd), "Picnic Gingham Sundress" (sold out), "Harbour Stripe Shirt Dress" (sizes only).
 */

const WRAP = "Emerald Wrap Dress";
const SOLD_OUT = "Picnic Gingham Sundress";

/** The worker's shared shopper (signed in once by the roles project, with a default address). */
const test = base.extend<{ shopperState: StorageState }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  shopperState: async ({}, use, info) => use(savedState(shopperStateFile(info.parallelIndex))),
});

async function signedIn(context: BrowserContext, state: StorageState) {
  await context.addCookies(state.cookies);
  await emptySavedCart(context.request);
  return context.newPage();
}

async function openProduct(page: Page, title: string) {
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `View ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

const thumbSrc = (page: Page, n: number) =>
  page
    .getByRole("button", { name: `Show image ${n} of 5` })
    .locator("img")
    .getAttribute("src");

/** A horizontal swipe: real touch input on the phone, a mouse drag on the desktop. */
async function swipe(page: Page, target: Locator, deltaX: number, hasTouch: boolean) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (hasTouch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let i = 1; i <= 6; i++)
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + (deltaX * i) / 6, y }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + deltaX, y, { steps: 6 });
    await page.mouse.up();
  }
}

test("picking a colour shows its picture, and the cart line shows that picture", async ({
  context,
  shopperState,
}, info) => {
  const page = await signedIn(context, shopperState);
  await openProduct(page, WRAP);
  await expect(page.getByRole("img", { name: `${WRAP}, image 1 of 5` })).toBeVisible();
  const colors = page.getByRole("group", { name: "Color" });
  await colors.getByRole("button", { name: "Rust" }).click();
  await expect(page.getByRole("img", { name: `${WRAP}, image 3 of 5` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Show image 3 of 5" })).toHaveAttribute("aria-current", "true");
  await colors.getByRole("button", { name: "Navy" }).click();
  await expect(page.getByRole("img", { name: `${WRAP}, image 2 of 5` })).toBeVisible();
  const navy = String(await thumbSrc(page, 2));
  expect(await page.getByRole("img", { name: `${WRAP}, image 2 of 5` }).getAttribute("src")).toBe(navy);
  await page.screenshot({ path: info.outputPath("colour-picture.png") });

  await page.getByRole("group", { name: "Size" }).getByRole("button", { name: "M", exact: true }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "Added to cart")).toBeVisible();
  await page.goto("/cart");
  const line = page.getByRole("region", { name: "Items in your cart" }).getByRole("listitem").filter({ hasText: WRAP });
  await expect(line).toContainText("Color: Navy");
  // After the server's check too (it decides a line's pictures): the Navy picture.
  await expect(page.getByText("Subtotal (1 item)")).toBeVisible();
  await expect(line.locator("img")).toHaveAttribute("src", navy);
  await page.goto("/checkout");
  // On a phone the summary's items are folded until asked for.
  await openSummaryItems(page);
  await expect(page.getByRole("region", { name: "Order Summary" }).getByRole("img", { name: WRAP })).toHaveAttribute(
    "src",
    navy,
  );
  await page.evaluate(() => window.localStorage.removeItem("cart:v1"));
});

test("the gallery opens a full-screen zoom: keys, arrows and swipes move, focus stays inside, Escape closes", async ({
  page,
}, info) => {
  await openProduct(page, WRAP);
  const zoomButton = page.getByRole("button", { name: "Zoom image 1 of 5" });
  await zoomButton.click();
  const dialog = page.getByRole("dialog", { name: `${WRAP}, full-screen photos` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close full-screen view" })).toBeFocused();
  await expect(dialog.getByRole("img", { name: `${WRAP}, image 1 of 5, enlarged` })).toBeVisible();
  await expectNoAxeViolations(page, "the zoom");
  await page.screenshot({ path: info.outputPath("zoom.png") });

  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("img", { name: `${WRAP}, image 2 of 5, enlarged` })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByRole("img", { name: `${WRAP}, image 5 of 5, enlarged` })).toBeVisible();
  await dialog.getByRole("button", { name: "Next enlarged image" }).click();
  await expect(dialog.getByRole("img", { name: `${WRAP}, image 1 of 5, enlarged` })).toBeVisible();
  await dialog.getByRole("button", { name: "Show enlarged image 4 of 5" }).click();
  await expect(dialog.getByRole("img", { name: `${WRAP}, image 4 of 5, enlarged` })).toBeVisible();
  await swipe(page, dialog.getByRole("group", { name: "Enlarged image" }), -80, Boolean(info.project.use.hasTouch));
  await expect(dialog.getByRole("img", { name: `${WRAP}, image 5 of 5, enlarged` })).toBeVisible();

  // Tab and Shift+Tab go round the dialog's own buttons and never reach the page behind it.
  const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await inDialog()).toBe(true);
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await inDialog()).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Back on the page: the gallery shows where the zoom left off, and focus is where it was.
  await expect(page.getByRole("img", { name: `${WRAP}, image 5 of 5` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Zoom image 5 of 5" })).toBeFocused();
  // A tap on the photo opens it too; the close button closes it.
  await page.getByRole("img", { name: `${WRAP}, image 5 of 5` }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close full-screen view" }).click();
  await expect(dialog).toBeHidden();
});

test("a sold-out product cannot be added: 'Out of Stock' on the card and on the page", async ({
  context,
  shopperState,
}, info) => {
  const page = await signedIn(context, shopperState);
  await page.goto(`/?q=${encodeURIComponent(SOLD_OUT)}`);
  const card = page.getByRole("article", { name: SOLD_OUT });
  const cardButton = card.getByRole("button", { name: `Out of Stock: ${SOLD_OUT}` });
  await expect(cardButton).toBeDisabled();
  await expect(cardButton).toHaveText("Out of Stock");
  await expect(card.getByRole("button", { name: /Add to cart/ })).toHaveCount(0);
  await expectNoAxeViolations(page, "a sold-out card");
  await page.screenshot({ path: info.outputPath("sold-out-card.png") });

  await card.getByRole("link", { name: `View ${SOLD_OUT}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: SOLD_OUT })).toBeVisible();
  const add = page.getByRole("button", { name: "Out of Stock" });
  await expect(add).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  await expectNoAxeViolations(page, "a sold-out product page");
  expect(await page.evaluate(() => window.localStorage.getItem("cart:v1"))).toBeNull();
});

test("the card's 'Add to cart' is a button that adds at once, or sends to the product page for a size", async ({
  context,
  shopperState,
}) => {
  const page = await signedIn(context, shopperState);
  await page.goto(`/?q=${encodeURIComponent("Tan Leather Belt")}`);
  // Sizes: to the product page to choose.
  const belt = page.getByRole("article", { name: "Tan Leather Belt" });
  await belt.getByRole("button", { name: "Add to cart: Tan Leather Belt" }).click();
  await expect(toast(page, "Please select a size")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Tan Leather Belt" })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("cart:v1"))).toBeNull();
  // No choices: added on the spot, announced, and counted on the badge.
  await page.goto(`/?q=${encodeURIComponent("E2E Imageless Tee")}`);
  const tee = page.getByRole("article", { name: "E2E Imageless Tee" });
  await expect(tee.getByRole("link", { name: /Add to cart/ })).toHaveCount(0);
  await tee.getByRole("button", { name: "Add to cart: E2E Imageless Tee" }).click();
  await expect(toast(page, "Added to cart")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await page.evaluate(() => window.localStorage.removeItem("cart:v1"));
});

test("toasts appear below the header, leave the cart and profile reachable, and read clearly", async ({
  context,
  shopperState,
}, info) => {
  const page = await signedIn(context, shopperState);
  await page.goto(`/?q=${encodeURIComponent("E2E Imageless Tee")}`);
  await page.getByRole("button", { name: "Add to cart: E2E Imageless Tee" }).click();
  const added = toast(page, "Added to cart");
  await expect(added).toBeVisible();
  const header = (await page.getByRole("banner").boundingBox())!;
  await expect.poll(async () => (await added.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  const box = (await added.boundingBox())!;
  // Top right: its right edge near the window's.
  expect(box.x + box.width).toBeGreaterThan(viewportWidth(info) - 40);
  await expectNoAxeViolations(page, "a page with a success toast");
  await page.screenshot({ path: info.outputPath("toast.png") });
  // The profile menu and the cart link take clicks while the toast is up.
  await openAccountMenu(page);
  await expect(page.getByRole("menuitem", { name: "My Orders" })).toBeVisible();
  await page.keyboard.press("Escape");
  // The checks above may outlast the toast's 5 seconds on a busy machine: a second piece brings it
  // back, and the toast must then survive the way to the cart.
  await page.getByRole("button", { name: "Add to cart: E2E Imageless Tee" }).click();
  await expect(added).toBeVisible();
  await page.getByRole("link", { name: /^Cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(added).toBeVisible();
  await page.evaluate(() => window.localStorage.removeItem("cart:v1"));
});

const viewportWidth = (info: { project: { use: { viewport?: { width: number } | null } } }) =>
  info.project.use.viewport?.width ?? 1280;

test("product cards keep their buttons in line, and the categories fit or scroll with a hint", async ({
  page,
}, info) => {
  await page.goto("/");
  const cards = page.getByRole("list", { name: "Products" }).getByRole("article");
  await expect(cards.first()).toBeVisible();
  const columns = info.project.name === "phone" ? 2 : 4;
  // Each row of cards: the buttons share one line, whether the titles take one line or two.
  for (let row = 0; row < 3; row++) {
    const tops: number[] = [];
    const titleHeights: number[] = [];
    for (let col = 0; col < columns; col++) {
      const card = cards.nth(row * columns + col);
      tops.push((await card.getByRole("link", { name: /^View / }).boundingBox())!.y);
      titleHeights.push((await card.getByRole("heading").boundingBox())!.height);
    }
    expect(
      Math.max(...tops) - Math.min(...tops),
      `row ${row + 1} (title heights ${titleHeights.join(", ")})`,
    ).toBeLessThan(1);
  }
  const chips = page.getByRole("navigation", { name: "Categories" });
  const scroller = chips.locator("div").first();
  const { scrollable } = await scroller.evaluate((el) => ({ scrollable: el.scrollWidth > el.clientWidth + 4 }));
  const after = chips.locator('[data-scroll-hint="after"]');
  if (info.project.name === "phone") {
    // Too many chips for a phone: the row scrolls, and a fade with an arrow says there is more.
    expect(scrollable).toBe(true);
    await expect(after).toHaveCSS("opacity", "1");
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(after).toHaveCSS("opacity", "0");
    await expect(chips.locator('[data-scroll-hint="before"]')).toHaveCSS("opacity", "1");
    await expect(chips.getByRole("link", { name: "Accessories" })).toBeInViewport();
  } else {
    expect(scrollable).toBe(false);
    await expect(after).toHaveCSS("opacity", "0");
  }
  await page.screenshot({ path: info.outputPath("home.png") });
});
