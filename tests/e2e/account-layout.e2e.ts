import { expect, PHONE } from "./fixtures";
import { expectNoAxeViolations } from "./a11y";
import { test } from "./shopper";

/** My Profile, My Orders and My Addresses share one layout: heading, side navigation, content. */

const PAGES = [
  ["/profile", "My Profile"],
  ["/orders", "My Orders"],
  ["/addresses", "My Addresses"],
] as const;

test(
  "the three account pages have one layout: the heading, then the account navigation beside the content",
  PHONE,
  async ({ page }, info) => {
    const boxes: { heading: { x: number; y: number }; nav: { x: number; y: number; width: number } }[] = [];
    for (const [path, title] of PAGES) {
      await page.goto(path);
      const heading = page.getByRole("heading", { level: 1, name: title });
      await expect(heading).toBeVisible();
      const nav = page.getByRole("navigation", { name: "My account" });
      await expect(nav.getByRole("link")).toHaveText(["My Profile", "My Orders", "My Addresses"]);
      await expect(nav.getByRole("link", { name: title })).toHaveAttribute("aria-current", "page");
      const h = (await heading.boundingBox())!;
      const n = (await nav.boundingBox())!;
      boxes.push({ heading: { x: h.x, y: h.y }, nav: { x: n.x, y: n.y, width: n.width } });
      await expectNoAxeViolations(page, title);
      await page.screenshot({ path: info.outputPath(`${path.slice(1)}.png`), fullPage: true });
    }
    // Same places on every page.
    for (const box of boxes.slice(1)) {
      expect(Math.abs(box.heading.x - boxes[0].heading.x)).toBeLessThan(1);
      expect(Math.abs(box.heading.y - boxes[0].heading.y)).toBeLessThan(1);
      expect(Math.abs(box.nav.x - boxes[0].nav.x)).toBeLessThan(1);
      expect(Math.abs(box.nav.y - boxes[0].nav.y)).toBeLessThan(1);
    }
  },
);

test("'Add Address' is sized like the other actions", async ({ page }) => {
  await page.goto("/addresses");
  const add = (await page.getByRole("button", { name: "Add Address" }).boundingBox())!;
  const edit = (await page.getByRole("button", { name: "Edit", exact: true }).first().boundingBox())!;
  expect(Math.abs(add.height - edit.height)).toBeLessThan(1);
  expect(add.width).toBeLessThan(200);
});
