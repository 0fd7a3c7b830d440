import { expect, type Page, test, PHONE } from "./fixtures";
import { expectNoAxeViolations } from "./a11y";

/**
 * The size guide on the product page (issue 27, item 4; decision 060): a "Size guide" button
 * beside the sizes opens a dialog (focus in, Escape out, focus back) with the category's table
 * in cm or inches; at 390 px the table scrolls inside the dialog, never the page. Without
 * JavaScript the same link leads to the guide printed in the page. A category without a guide
 * (Accessories) has no link. Runs on both projects: the width matters here.
 */

const DRESS = "Rosa Floral Midi Dress";
const ACCESSORY = "Gingham Bucket Hat";

async function openProduct(page: Page, title: string) {
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `View ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

test(
  "the Size guide button opens the category's table in cm and inches, and gives the focus back",
  PHONE,
  async ({ page }) => {
    await openProduct(page, DRESS);
    const button = page.getByRole("button", { name: "Size guide" });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Size guide" });
    await expect(dialog).toBeVisible();
    // The focus moved into the dialog.
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);

    const table = dialog.getByRole("table", { name: "Dress: body measurements in centimetres" });
    await expect(table.getByRole("columnheader")).toHaveText([
      "Size",
      "Bust (cm)",
      "Waist (cm)",
      "Hips (cm)",
      "Length (cm)",
    ]);
    const rowM = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "M", exact: true }) });
    await expect(rowM.getByRole("cell")).toHaveText(["88", "70", "94", "98"]);

    await dialog.getByRole("button", { name: "in", exact: true }).click();
    await expect(dialog.getByRole("button", { name: "in", exact: true })).toHaveAttribute("aria-pressed", "true");
    const inches = dialog.getByRole("table", { name: "Dress: body measurements in inches" });
    const rowMInches = inches.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "M", exact: true }) });
    // 88 / 2.54 = 34.6; 70 → 27.6; 94 → 37; 98 → 38.6 (one decimal).
    await expect(rowMInches.getByRole("cell")).toHaveText(["34.6", "27.6", "37", "38.6"]);

    // Nothing sticks out of the page, whatever the width (the table scrolls inside its box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, "the size guide dialog");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    // A category without a guide has no link.
    await openProduct(page, ACCESSORY);
    await expect(page.getByRole("group", { name: "Size" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Size guide" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Size guide" })).toHaveCount(0);
  },
);

test("without JavaScript the Size guide link leads to the guide in the page", async ({ browser }, info) => {
  const { viewport } = info.project.use;
  const context = await browser.newContext({ viewport, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/?q=${encodeURIComponent(DRESS)}`);
  await page.getByRole("link", { name: `View ${DRESS}` }).click();
  await page.getByRole("link", { name: "Size guide" }).click();
  await expect(page).toHaveURL(/#size-guide$/);
  const section = page.getByRole("region", { name: "Size guide" });
  await expect(section.getByRole("table", { name: "Dress: body measurements in centimetres" })).toBeVisible();
  await expect(section.getByRole("table", { name: "Dress: body measurements in inches" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await context.close();
});
