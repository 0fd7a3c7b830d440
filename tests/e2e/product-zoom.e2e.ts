import path from "node:path";
import { expectNoAxeViolations } from "./a11y";
import { expect, type Locator, type Page, test, PHONE } from "./fixtures";

/**
 * The full-screen photo magnifies (issue 24): 'Magnify' (or a tap on the photo) shows the largest
 * stored variant at twice the fitted size; it pans by mouse drag, by finger and by the arrow keys,
 * a tap zooms out, Escape closes. Demo product "Emerald Wrap Dress" (five photos).
 */

const WRAP = "Emerald Wrap Dress";
const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");

const scrollTop = (stage: Locator) => stage.evaluate((element) => element.scrollTop);

/** A drag downwards over the stage (it scrolls back up): a real finger on the phone, the mouse on the desktop. */
async function dragDown(page: Page, stage: Locator, distance: number, touch: boolean) {
  const box = (await stage.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let i = 1; i <= 8; i++)
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: [{ x, y: y + (distance * i) / 8 }],
      });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    return;
  }
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + distance, { steps: 8 });
  await page.mouse.up();
}

test(
  "the zoom magnifies the largest photo twice, pans by pointer, finger and keys, and Escape closes",
  PHONE,
  async ({ page }, info) => {
    await page.goto(`/?q=${encodeURIComponent(WRAP)}`);
    await page.getByRole("link", { name: `View ${WRAP}` }).click();
    await page.getByRole("button", { name: "Zoom image 1 of 5" }).click();
    const dialog = page.getByRole("dialog", { name: `${WRAP}, full-screen photos` });
    const photo = dialog.getByRole("img", { name: `${WRAP}, image 1 of 5, enlarged` });
    await expect(photo).toBeVisible();
    // The photo as fitted: its 4:5 frame inside the image's box (object-contain letterboxes it).
    const box = (await photo.boundingBox())!;
    const fittedWidth = Math.min(box.width, (box.height * 4) / 5);

    const magnify = dialog.getByRole("button", { name: "Magnify" });
    await expect(magnify).toHaveAttribute("aria-pressed", "false");
    await magnify.click();
    const stage = dialog.getByRole("group", { name: /^Enlarged image, magnified/ });
    await expect(stage).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Zoom out" })).toHaveAttribute("aria-pressed", "true");
    await expect(photo).toHaveAttribute("src", /-960\.webp$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(960);
    const magnified = (await photo.boundingBox())!;
    expect(magnified.width).toBeGreaterThanOrEqual(2 * fittedWidth - 2);
    expect(magnified.height).toBeGreaterThanOrEqual(2.5 * fittedWidth - 2);
    await expectNoAxeViolations(page, "the magnified zoom");
    await page.screenshot({ path: path.join(SCREENS, `product-zoom-${info.project.name}-magnified.png`) });

    // The arrow keys pan (and no longer page through the photos).
    const start = await scrollTop(stage);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => scrollTop(stage)).toBeGreaterThan(start);
    await page.keyboard.press("ArrowRight");
    await expect(photo).toBeVisible();

    // A drag pans: by the mouse on the desktop, by a finger on the phone.
    const before = await scrollTop(stage);
    await dragDown(page, stage, 150, Boolean(info.project.use.hasTouch));
    await expect.poll(() => scrollTop(stage)).toBeLessThan(before - 50);
    await expect(photo).toBeVisible();

    // A tap zooms out; a tap on the photo magnifies it again, around that point.
    await stage.click();
    await expect(dialog.getByRole("group", { name: "Enlarged image", exact: true })).toBeVisible();
    await expect(magnify).toHaveAttribute("aria-pressed", "false");
    await photo.click({ position: { x: 10, y: 10 } });
    await expect(stage).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Zoom image 1 of 5" })).toBeFocused();
  },
);
