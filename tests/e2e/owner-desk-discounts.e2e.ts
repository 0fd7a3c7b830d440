import path from "node:path";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./a11y";
import { ADMIN, signedInContext } from "./people";
import { toast } from "./shop-steps";

/**
 * The owner's desk (issue 25, item 8), at 1280 px only (the states and days are the same
 * at both widths): discount codes say their real state, an end date of 30 Jun reads 30 Jun (the
 * e2e store's zone is UTC; other zones are the unit and integration tests'), and a refused form
 * says every problem at once.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");

test("discount codes say their state, their days as entered, and every problem of a form at once", async ({
  browser,
}, info) => {
  const context = await signedInContext(browser, info, ADMIN);
  const admin = await context.newPage();
  const stamp = Date.now().toString(36).toUpperCase();
  await admin.goto("/admin?tab=discounts");

  const create = async (code: string, startsAt: string, endsAt: string) => {
    await admin.getByRole("textbox", { name: "Code" }).fill(code);
    await admin.getByRole("textbox", { name: "Value" }).fill("10");
    await admin.getByLabel("Starts on").fill(startsAt);
    await admin.getByLabel("Ends after").fill(endsAt);
    await admin.getByRole("button", { name: "Create code" }).click();
    await expect(toast(admin, `Discount code ${code} created`)).toBeVisible();
  };
  const row = (code: string) =>
    admin.getByRole("table", { name: "Discount codes" }).getByRole("row").filter({ hasText: code });

  // Every problem at once: the code, the value and the dates together.
  await admin.getByRole("textbox", { name: "Code" }).fill("x");
  await admin.getByRole("textbox", { name: "Value" }).fill("150");
  await admin.getByLabel("Starts on").fill("2026-06-10");
  await admin.getByLabel("Ends after").fill("2026-06-01");
  await admin.getByRole("button", { name: "Create code" }).click();
  const panel = admin.getByRole("tabpanel");
  await expect(panel.getByRole("alert").filter({ hasText: "Please correct these 3 fields" })).toBeVisible();
  await expect(admin.getByRole("textbox", { name: "Code" })).toHaveAccessibleDescription(/A code is 3 to 32 letters/);
  await expect(admin.getByRole("textbox", { name: "Value" })).toHaveAccessibleDescription(/whole number from 1 to 100/);
  await expect(admin.getByLabel("Ends after")).toHaveAccessibleDescription(/on or after the start date/);
  await expectNoAxeViolations(admin, "the discount form with three errors");
  await admin.evaluate(() => window.scrollTo(0, 0));
  await admin.screenshot({ path: path.join(SCREENS, "owner-desk-discount-errors.png"), fullPage: true });

  // An end date of 30 Jun reads 30 Jun; the states are the real ones.
  await create(`JUNE${stamp}`, "2026-06-01", "2026-06-30");
  await expect(row(`JUNE${stamp}`)).toContainText("Until Jun 30, 2026");
  await expect(row(`JUNE${stamp}`)).not.toContainText("Jul 1");
  const now = new Date();
  const expected = now < new Date("2026-07-01T00:00:00Z") ? "Active" : "Expired";
  await expect(row(`JUNE${stamp}`).locator("[data-state]")).toHaveText(expected);
  const nextYear = now.getUTCFullYear() + 1;
  await create(`LATER${stamp}`, `${nextYear}-01-01`, "");
  await expect(row(`LATER${stamp}`).locator("[data-state]")).toHaveText("Scheduled");
  await expect(row(`LATER${stamp}`)).toContainText(`From Jan 1, ${nextYear}`);
  // Editing shows the same days back.
  await row(`JUNE${stamp}`)
    .getByRole("link", { name: `Edit JUNE${stamp}` })
    .click();
  await expect(admin.getByLabel("Ends after")).toHaveValue("2026-06-30");
  await expect(admin.getByLabel("Starts on")).toHaveValue("2026-06-01");
  await expectNoAxeViolations(admin, "the Discounts tab with its states");
  await admin.evaluate(() => window.scrollTo(0, 0));
  await admin.screenshot({ path: path.join(SCREENS, "owner-desk-discount-states.png"), fullPage: true });
  await context.close();
});
