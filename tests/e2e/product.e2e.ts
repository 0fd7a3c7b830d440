import { expect, type Locator, type Page, test, PHONE } from "./fixtures";

/**
 * The product detail page (docs/product.md §2) against the fixtures of tests/e2e/prepare.ts:
 * "E2E Gallery Dress" (three photos, sizes S/M/L, two colours, newest product) and
 * "E2E Imageless Tee" (no photos, no sizes).
 */

const DRESS = "E2E Gallery Dress";

async function openFromHome(page: Page, title: string, search?: string) {
  await page.goto(search ? `/?q=${encodeURIComponent(search)}` : "/");
  await page.getByRole("link", { name: `View ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
}

const mainImage = (page: Page, n: number) => page.getByRole("img", { name: `${DRESS}, image ${n} of 3` });

async function expectMainImage(page: Page, n: number) {
  await expect(mainImage(page, n)).toBeVisible();
  await expect(page.getByRole("button", { name: `Show image ${n} of 3` })).toHaveAttribute("aria-current", "true");
  for (const other of [1, 2, 3].filter((i) => i !== n)) {
    await expect(page.getByRole("button", { name: `Show image ${other} of 3` })).not.toHaveAttribute("aria-current");
  }
}

/** A horizontal swipe across the main photo: real touch input on the phone, a mouse drag on the desktop. */
async function swipe(page: Page, target: Locator, deltaX: number, hasTouch: boolean) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const steps = 6;
  if (hasTouch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let i = 1; i <= steps; i++) {
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: [{ x: x + (deltaX * i) / steps, y }],
      });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + deltaX, y, { steps });
    await page.mouse.up();
  }
}

test("shows 'Loading product...' while a product opens from the home grid", async ({ page }) => {
  await page.goto("/");
  // Hold the product's data back so the pending state is certain to be on screen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/product\/[^/]+\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: `View ${DRESS}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loading product..." })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: DRESS })).toBeVisible();
  await expect(page.getByText("Loading product...")).toHaveCount(0);
});

test("arrows step through the photos and wrap around at both ends", async ({ page }) => {
  await openFromHome(page, DRESS);
  await expectMainImage(page, 1);
  const firstSrc = await mainImage(page, 1).getAttribute("src");
  const next = page.getByRole("button", { name: "Next image" });
  const previous = page.getByRole("button", { name: "Previous image" });

  await next.click();
  await expectMainImage(page, 2);
  expect(await mainImage(page, 2).getAttribute("src")).not.toBe(firstSrc);
  await next.click();
  await expectMainImage(page, 3);
  await next.click();
  await expectMainImage(page, 1);
  expect(await mainImage(page, 1).getAttribute("src")).toBe(firstSrc);

  await previous.click();
  await expectMainImage(page, 3);
  await previous.click();
  await expectMainImage(page, 2);
});

test("thumbnails and the keyboard choose the photo", async ({ page }) => {
  await openFromHome(page, DRESS);
  await page.getByRole("button", { name: "Show image 3 of 3" }).click();
  await expectMainImage(page, 3);
  await page.getByRole("button", { name: "Show image 2 of 3" }).click();
  await expectMainImage(page, 2);

  await page.getByRole("button", { name: "Show image 1 of 3" }).focus();
  await page.keyboard.press("ArrowRight");
  await expectMainImage(page, 3);
  await page.keyboard.press("ArrowRight");
  await expectMainImage(page, 1);
  await page.keyboard.press("ArrowLeft");
  await expectMainImage(page, 3);
});

test("swipes over 40 px change the photo, shorter ones do not", PHONE, async ({ page }, testInfo) => {
  const hasTouch = Boolean(testInfo.project.use.hasTouch);
  await openFromHome(page, DRESS);
  const frame = page.getByRole("group", { name: "Current image" });
  await frame.scrollIntoViewIfNeeded();

  await swipe(page, frame, -60, hasTouch);
  await expectMainImage(page, 2);
  await swipe(page, frame, -20, hasTouch);
  await expectMainImage(page, 2);
  await swipe(page, frame, 60, hasTouch);
  await expectMainImage(page, 1);
  await swipe(page, frame, 60, hasTouch);
  await expectMainImage(page, 3);
  await swipe(page, frame, 30, hasTouch);
  await expectMainImage(page, 3);
  await swipe(page, frame, -60, hasTouch);
  await expectMainImage(page, 1);
});

test("shows the details, sizes, colours, reviews and breadcrumb", async ({ page }) => {
  await openFromHome(page, DRESS);
  const main = page.getByRole("main");
  await expect(main.getByText("$89.00", { exact: true })).toBeVisible();
  await expect(main.getByText("In Stock", { exact: true })).toBeVisible();
  await expect(main.getByText("A fixture dress with three photos")).toBeVisible();
  // No stars and no "0.0 (0 reviews)" for a product nobody has reviewed yet.
  await expect(main.getByRole("link", { name: "No reviews yet." })).toBeVisible();
  await expect(main.getByText("(0 reviews)")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "Reviews" })).toBeVisible();
  await expect(page.locator("#reviews").getByText("No reviews yet.")).toBeVisible();

  const sizes = page.getByRole("group", { name: "Size" });
  await expect(sizes.getByRole("button")).toHaveText(["S", "M", "L"]);
  const medium = sizes.getByRole("button", { name: "M" });
  await expect(medium).toHaveAttribute("aria-pressed", "false");
  await medium.click();
  await expect(medium).toHaveAttribute("aria-pressed", "true");
  await sizes.getByRole("button", { name: "L" }).click();
  await expect(medium).toHaveAttribute("aria-pressed", "false");
  await expect(sizes.getByRole("button", { name: "L" })).toHaveAttribute("aria-pressed", "true");

  const colors = page.getByRole("group", { name: "Color" });
  const sage = colors.getByRole("button", { name: "Sage" });
  await expect(colors.getByRole("button")).toHaveCount(2);
  await sage.click();
  await expect(sage).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Color: Sage")).toBeVisible();

  await expect(page.getByRole("link", { name: "Go to checkout" })).toHaveAttribute("href", "/checkout");

  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await breadcrumb.getByRole("link", { name: "Dress" }).click();
  await expect(page).toHaveURL(/\/\?category=dress$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dress" })).toBeVisible();
});

test("a visitor's 'Add to cart' asks to log in and goes to /login", async ({ page }) => {
  await openFromHome(page, DRESS);
  const productPath = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Please login to add items to cart")).toBeVisible();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(productPath)}`);
});

test("the quantity is a whole number from 1 to 99", async ({ page }) => {
  await openFromHome(page, DRESS);
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await expect(quantity).toHaveValue("1");

  await quantity.fill("");
  await quantity.pressSequentially("abc");
  await quantity.blur();
  await expect(quantity).toHaveValue("1");

  for (const [typed, kept] of [
    ["0", "1"],
    ["-4", "1"],
    ["3", "3"],
    ["250", "99"],
  ]) {
    await quantity.fill(typed);
    await quantity.blur();
    await expect(quantity).toHaveValue(kept);
  }

  await quantity.fill("2");
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(quantity).toHaveValue("3");
  await page.getByRole("button", { name: "Decrease quantity" }).click();
  await page.getByRole("button", { name: "Decrease quantity" }).click();
  await expect(quantity).toHaveValue("1");
  await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
});
