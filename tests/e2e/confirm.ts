import { expect, type Locator } from "./fixtures";

/**
 * Clicks a Delete button that asks first (app/components/ui/confirm-delete.tsx). Before the page
 * has hydrated that button submits its form straight away (the no-script fallback, which cannot
 * ask), so a click that lands too early deletes without the dialog. The button announces the
 * dialog (aria-haspopup) only once React runs it: wait for that, then click.
 */
export async function askToDelete(button: Locator): Promise<void> {
  await expect(button).toHaveAttribute("aria-haspopup", "dialog");
  await button.click();
}
