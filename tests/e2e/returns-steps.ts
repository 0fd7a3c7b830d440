import path from "node:path";
import { expectNoAxeViolations } from "./a11y";
import { type Browser, expect, type Locator, type Page, type TestInfo } from "./fixtures";
import { openAdminOrder } from "./admin-orders";
import { toast } from "./shop-steps";
import { ADMIN, buyWithSandboxCard, productId, saveAddress, signedInContext, signIn, uniqueEmail } from "./people";

/** Steps shared by returns.e2e.ts (both widths) and returns-decline.e2e.ts (desktop only). */

export const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");
export const shoot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: path.join(SCREENS, `returns-${info.project.name}-${name}.png`), fullPage: true });
/** The orders are paid in the sandbox: their subjects say so at the end. */
export const SANDBOX = " (sandbox, no real money)";
export const orderCard = (page: Page, number: string) => page.getByRole("article", { name: `Order #${number}` });

export async function changeStatus(page: Page, card: Locator, label: string) {
  await card.getByRole("button", { name: label, exact: true }).click();
  await expect(toast(page, `Order status updated to ${label}`)).toBeVisible();
  await expect(card.locator("[data-status]").first()).toHaveText(label);
}

/** A shopper in New York with a delivered order of 2 shirts and 1 pair of socks; the administrator's desk on it. */
export async function deliveredOrder(browser: Browser, info: TestInfo, label: string) {
  const { viewport, isMobile, hasTouch } = info.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, timezoneId: "America/New_York" });
  const base = String(info.project.use.baseURL);
  const email = uniqueEmail(label, info);
  await signIn(context.request, base, email, { name: "Rosa Return" });
  const addressId = await saveAddress(context.request, base);
  const line = async (title: string, quantity: number) => ({
    productId: await productId(context.request, base, title),
    selectedSize: null,
    color: null,
    quantity,
  });
  const number = await buyWithSandboxCard(
    context.request,
    base,
    [await line("E2E Return Shirt", 2), await line("E2E Return Socks", 1)],
    addressId,
  );
  const admin = await (await signedInContext(browser, info, ADMIN)).newPage();
  const desk = await openAdminOrder(admin, number);
  for (const status of ["Processing", "Shipped", "Delivered"]) await changeStatus(admin, desk, status);
  const shopper = await context.newPage();
  return { context, base, email, number, admin, desk, shopper };
}

/** On My Orders: opens the form, chooses one shirt and a reason, sends it. */
export async function requestReturn(page: Page, info: TestInfo, card: Locator, details: string) {
  await card.getByRole("button", { name: "Request a return" }).click();
  const form = card.getByRole("group", { name: "Pieces to return" });
  await expect(form).toBeVisible();
  await card.getByLabel(/E2E Return Shirt/).selectOption("1");
  await card.getByLabel("Reason").selectOption({ label: "Wrong size" });
  await card.getByLabel("Tell us more (optional)").fill(details);
  await shoot(page, info, "request-form");
  await expectNoAxeViolations(page, "the return request form");
  await card.getByRole("button", { name: "Request return" }).click();
  await expect(toast(page, "Return requested")).toBeVisible();
  await expect(card.getByText("Return requested", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Request a return" })).toHaveCount(0);
}
