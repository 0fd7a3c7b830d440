import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expectNoAxeViolations } from "./a11y";
import { expect, test } from "./fixtures";

/**
 * The mail preview (/dev/mail-preview, the e2e store has no SMTP and the browser is on this
 * machine): every kind of email listed; the order confirmation and the shipped email open,
 * drawn in the shop's layout with a JPEG picture, and their plain text beside. Each email is
 * also drawn alone at the project's width for the screenshots (test-results/screens).
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");

test("a designer looks at the order confirmation and the shipped email", async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  await page.goto("/dev/mail-preview");
  await expect(page.getByRole("heading", { level: 1, name: "Mail preview" })).toBeVisible();
  await expectNoAxeViolations(page, `the mail preview's list (${project})`);

  for (const [name, expected, file] of [
    ["Order confirmation", "Thank you for your purchase.", "order-confirmation"],
    ["Order shipped", "Your order is on its way.", "status-shipped"],
  ] as const) {
    await page.goto("/dev/mail-preview");
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const mail = page.frameLocator("iframe[title$='HTML part']");
    await expect(mail.getByText("Hi Ada,")).toBeVisible();
    await expect(mail.getByText(expected)).toBeVisible();
    await expect(mail.getByText("Questions? Write to")).toBeVisible();
    await expect(page.locator("pre[data-part='text']")).toContainText("Hi Ada,");
    await expect(page.locator("pre[data-part='text']")).toContainText("hello@threadline.shop");

    if (file === "order-confirmation") {
      await expect(mail.getByText("Subtotal: $1,545.00")).toBeVisible();
      await expect(mail.locator("img").first()).toHaveAttribute(
        "src",
        /^http:\/\/127\.0\.0\.1:\d+\/media\/.+-320\.jpg$/,
      );
    }

    // The email alone at this width, as a mail client shows it.
    const html = await page.locator("iframe[title$='HTML part']").getAttribute("srcdoc");
    const alone = await page.context().newPage();
    await alone.setContent(html ?? "", { waitUntil: "load" });
    // The line's picture (the JPEG variant of the newest product's picture) is loaded.
    for (const img of await alone.locator("img").all())
      expect(await img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    // axe over the email itself (the preview's frame is sandboxed: no script, so axe cannot enter
    // it), less the rules about a whole page: a mail client shows the email inside its own page.
    const found = (
      await new AxeBuilder({ page: alone })
        .disableRules(["landmark-one-main", "page-has-heading-one", "region"])
        .analyze()
    ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(found, `axe on the email ${name} (${project})`).toEqual([]);
    await alone.screenshot({ path: path.join(SCREENS, `mail-${file}-${project}.png`), fullPage: true });
    await alone.close();
  }
});
