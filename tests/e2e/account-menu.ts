import { expect, type Page } from "./fixtures";

/**
 * The signed-in header's profile menu comes in its own small file after the page
 * (docs/decisions/025-what-the-browser-loads-when.md): a press before React has taken over the
 * button does nothing. Waits until it has, so a test presses what a shopper would press a moment later.
 */
export async function accountMenuReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const menu = document.querySelector("[data-account-menu]");
    return menu !== null && Object.keys(menu).some((key) => key.startsWith("__reactProps"));
  });
}

/** Opens the profile menu once it works, and waits for its items. */
export async function openAccountMenu(page: Page): Promise<void> {
  await accountMenuReady(page);
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await expect(page.getByRole("menu")).toBeVisible();
}
