import { expect, type Page, PHONE } from "./fixtures";
import { test } from "./shopper";

/**
 * The cart (docs/product.md §2, §4, §5 and §9) against the fixtures of tests/e2e/prepare.ts:
 * "E2E Gallery Dress" ($89.00, sizes S/M/L, colours Terracotta/Sage, 4 in stock),
 * "E2E Imageless Tee" ($12.00, no choices, 3 in stock), "E2E Sold Out Scarf" ($25.00, none in stock).
 */

const DRESS = "E2E Gallery Dress";
const TEE = "E2E Imageless Tee";
const SCARF = "E2E Sold Out Scarf";
const GONE_ID = "0b0e6c1e-4d9f-4c2a-9d59-000000000000";

const items = (page: Page) => page.getByRole("region", { name: "Items in your cart" }).getByRole("listitem");
const summary = (page: Page) => page.getByRole("region", { name: "Order Summary" });

async function expectSummary(page: Page, label: string, subtotal: string, tax: string, total: string) {
  const box = summary(page);
  await expect(box.getByText(label, { exact: true })).toBeVisible();
  await expect(box.getByText(label, { exact: true }).locator("xpath=..")).toContainText(subtotal);
  await expect(box.getByText("Shipping", { exact: true }).locator("xpath=..")).toContainText("$0.10");
  await expect(box.getByText("Tax (10%)", { exact: true }).locator("xpath=..")).toContainText(tax);
  await expect(box.getByText("Total", { exact: true }).locator("xpath=..")).toContainText(total);
}

async function productId(page: Page, title: string): Promise<string> {
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  const href = await page.getByRole("link", { name: `View ${title}` }).getAttribute("href");
  return String(href).split("/").pop()!;
}

test(
  "the product page asks for size and colour, adds lines, and the cart changes and clears them",
  PHONE,
  async ({ page }, testInfo) => {
    await page.goto("/");
    await page.getByRole("link", { name: `View ${DRESS}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: DRESS })).toBeVisible();
    const add = page.getByRole("button", { name: "Add to cart" });

    await add.click();
    // Said twice: the toast, and beside the choices (issue 24).
    await expect(page.getByText("Please select a size").first()).toBeVisible();
    await page.getByRole("group", { name: "Size" }).getByRole("button", { name: "M" }).click();
    await add.click();
    await expect(page.getByText("Please select a color").first()).toBeVisible();
    await page.getByRole("group", { name: "Color" }).getByRole("button", { name: "Sage" }).click();
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await add.click();
    await expect(page.getByText("Added to cart")).toBeVisible();
    // Another size is another line.
    await page.getByRole("group", { name: "Size" }).getByRole("button", { name: "L" }).click();
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
    await add.click();

    await page.goto("/cart");
    await expect(items(page)).toHaveCount(2);
    await expect(items(page).first()).toContainText("Size: M · Color: Sage");
    await expect(items(page).first()).toContainText("$89.00");
    await expect(items(page).first()).toContainText("$178.00");
    await expect(items(page).nth(1)).toContainText("Size: L · Color: Sage");
    // 3 × 89.00 = 267.00; tax 26.70; shipping 0.10.
    await expectSummary(page, "Subtotal (3 items)", "$267.00", "$26.70", "$293.80");
    await page.screenshot({ path: testInfo.outputPath("cart-lines.png"), fullPage: true });

    await page
      .getByRole("button", { name: `Increase quantity of ${DRESS}` })
      .first()
      .click();
    await expect(
      items(page)
        .first()
        .getByRole("status", { name: `Quantity of ${DRESS}` }),
    ).toHaveText("3");
    await expectSummary(page, "Subtotal (4 items)", "$356.00", "$35.60", "$391.70");
    await page
      .getByRole("button", { name: `Decrease quantity of ${DRESS}` })
      .first()
      .click();
    await page
      .getByRole("button", { name: `Decrease quantity of ${DRESS}` })
      .first()
      .click();
    await expect(page.getByRole("button", { name: `Decrease quantity of ${DRESS}` }).first()).toBeDisabled();
    await expectSummary(page, "Subtotal (2 items)", "$178.00", "$17.80", "$195.90");

    await page.getByRole("button", { name: `Remove ${DRESS} (Size: L, Color: Sage)` }).click();
    await expect(items(page)).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");

    // The cart survives a reload: it is kept in the browser.
    await page.reload();
    await expect(items(page)).toHaveCount(1);
    await page.getByRole("button", { name: "Clear All" }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  },
);

test("a card adds a product without choices at once and sends one with sizes to its page", async ({ page }) => {
  await page.goto(`/?q=${encodeURIComponent(TEE)}`);
  await page.getByRole("article").filter({ hasText: TEE }).getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();

  await page.goto("/");
  await page.getByRole("article").filter({ hasText: DRESS }).getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Please select a size")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: DRESS })).toBeVisible();

  await page.goto("/cart");
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toContainText(TEE);
});

test("the cart is checked with the server: gone products leave, prices update, sold-out items block checkout", async ({
  page,
}, testInfo) => {
  const teeId = await productId(page, TEE);
  const scarfId = await productId(page, SCARF);
  const line = (id: string, title: string, priceCents: number) => ({
    productId: id,
    title,
    priceCents,
    quantity: 1,
    imageUrls: [],
    selectedSize: null,
    color: null,
  });
  await page.evaluate(
    (lines) => localStorage.setItem("cart:v1", JSON.stringify(lines)),
    [line(teeId, TEE, 999), line(GONE_ID, "Vanished Velvet Blazer", 15900), line(scarfId, SCARF, 2500)],
  );

  await page.goto("/cart");
  const notices = page.getByRole("status").filter({ hasText: "no longer available" });
  await expect(notices).toContainText(
    "“Vanished Velvet Blazer” is no longer available and was removed from your cart.",
  );
  await expect(notices).toContainText(`The price of “${TEE}” changed from $9.99 to $12.00.`);
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).filter({ hasText: TEE })).toContainText("$12.00");
  const scarf = items(page).filter({ hasText: SCARF });
  await expect(scarf.getByText("Out of Stock", { exact: true })).toBeVisible();
  const proceed = page.getByRole("button", { name: "Proceed to Checkout" });
  await expect(proceed).toBeDisabled();
  await expect(page.getByText("Some items in your cart can't be ordered as they are.")).toBeVisible();
  // The sold-out scarf is left out of the totals: 12.00 + 1.20 + 0.10.
  await expectSummary(page, "Subtotal (1 item)", "$12.00", "$1.20", "$13.30");
  // The header's badge counts the same lines as the subtotal: the scarf is in the cart, not in either.
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.screenshot({ path: testInfo.outputPath("cart-checked.png"), fullPage: true });

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cart:v1") ?? "[]"));
  expect(stored.map((l: { productId: string; priceCents: number }) => [l.productId, l.priceCents])).toEqual([
    [teeId, 1200],
    [scarfId, 2500],
  ]);

  await page.getByRole("button", { name: `Remove ${SCARF}` }).click();
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toBeVisible();

  // More pieces than in stock (3) are marked too, and the shopper can step down to what is left.
  await page.getByRole("button", { name: `Increase quantity of ${TEE}` }).click();
  await page.getByRole("button", { name: `Increase quantity of ${TEE}` }).click();
  await page.getByRole("button", { name: `Increase quantity of ${TEE}` }).click();
  await expect(page.getByText("Only 3 left in stock.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toBeDisabled();
  await page.getByRole("button", { name: "Set quantity to 3" }).click();
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toBeVisible();
  await expectSummary(page, "Subtotal (3 items)", "$36.00", "$3.60", "$39.70");
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  // And on the next page too, where no check runs.
  await page.goto("/");
  await expect(page.getByTestId("cart-count")).toHaveText("3");
});

test("two tabs stay in step", async ({ context, page }) => {
  const teeId = await productId(page, TEE);
  await page.evaluate(
    (id) =>
      localStorage.setItem(
        "cart:v1",
        JSON.stringify([
          {
            productId: id,
            title: "E2E Imageless Tee",
            priceCents: 1200,
            quantity: 1,
            imageUrls: [],
            selectedSize: null,
            color: null,
          },
        ]),
      ),
    teeId,
  );
  await page.goto("/cart");
  await expect(items(page)).toHaveCount(1);
  const other = await context.newPage();
  await other.goto("/cart");
  await other.getByRole("button", { name: `Increase quantity of ${TEE}` }).click();
  await expect(page.getByRole("status", { name: `Quantity of ${TEE}` })).toHaveText("2");
  await other.getByRole("button", { name: "Clear All" }).click();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});
