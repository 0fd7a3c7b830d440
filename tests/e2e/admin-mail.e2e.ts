import path from "node:path";
import { expect, test } from "./fixtures";
import { toast } from "./shop-steps";
import { expectNoAxeViolations } from "./a11y";
import { ADMIN, signedInContext } from "./people";

/**
 * The administrator's Mail tab: an e-mail the worker gave up on (a fixture of tests/e2e/prepare.ts,
 * one per project) is listed with its recipient, subject, error and attempts but never its text;
 * Retry queues it again, the worker sends it (to the local mailbox here), and it leaves the list.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");

test("the administrator sees an email that failed and retries it", async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const subject = `E2E failed mail ${project}`;
  const recipient = `undeliverable-${project}@example.com`;
  const context = await signedInContext(browser, testInfo, ADMIN);
  const page = await context.newPage();

  await page.goto("/admin");
  await page.getByRole("tab", { name: "Mail" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=mail$/);
  await expect(page.getByRole("tab", { name: "Mail" })).toHaveAttribute("aria-selected", "true");

  // Phones show a card per e-mail, wider screens a table; either way the same facts.
  const item =
    project === "phone"
      ? page.getByRole("list", { name: "Failed emails" }).getByRole("listitem").filter({ hasText: subject })
      : page.getByRole("table", { name: "Failed emails" }).getByRole("row").filter({ hasText: subject });
  await expect(item).toBeVisible();
  await expect(item).toContainText(recipient);
  await expect(item).toContainText("Recipient address rejected");
  await expect(item).toContainText("10");
  await expect(item).toContainText("Gave up");
  await expect(page.locator("body")).not.toContainText(`e2e-secret-${project}`);

  await expectNoAxeViolations(page, `the Mail tab (${project})`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS, `admin-mail-${project}.png`), fullPage: true });

  await item.getByRole("button", { name: `Retry the email "${subject}" to ${recipient}` }).click();
  await expect(toast(page, "Email queued to send again")).toBeVisible();

  // The worker was woken: the e-mail reaches the local mailbox and leaves the list.
  await expect
    .poll(async () => (await (await context.request.get(`${baseURL}/dev/mailbox`)).text()).includes(recipient), {
      timeout: 20_000,
    })
    .toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(subject)).toHaveCount(0);
  }).toPass({ timeout: 20_000 });
  await context.close();
});
