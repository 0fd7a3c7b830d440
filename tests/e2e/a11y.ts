import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/**
 * Waits until the page has loaded and no finite CSS transition or animation is running. axe reads
 * colours as they are painted: a toast half way through its 0.4 s fade in or out has a fraction of
 * its opacity, and its text fails colour contrast although the settled toast passes (a CI run
 * failed so on `div[data-title]`). Endless animations (spinners) are left alone.
 */
export async function settleMotion(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * axe-core, with every rule it has, over the page once it is still. A toast may start to fade out
 * while axe is reading the page; so a page that fails is read once more after its motion settles,
 * and only what fails the second reading counts (a real fault fails both).
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  const read = async () => {
    await settleMotion(page);
    return (await new AxeBuilder({ page }).analyze()).violations;
  };
  const first = await read();
  return first.length === 0 ? first : read();
}

/** axe over the page as it is now: no violation of any impact, each named with where it is. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const found = (await axeViolations(page)).map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(found, `axe on ${what}`).toEqual([]);
}
