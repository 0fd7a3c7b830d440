import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { axeViolations } from "./a11y";

/**
 * What the accessibility sweep does on each screen: waits until the page has settled (no
 * navigation in flight, finite animations such as a toast sliding in finished), runs axe-core
 * with every rule it has (WCAG 2.x A and AA plus best practices), and records what it found
 * under the screen's name. One sweep per role and width visits many screens, so the e2e run
 * stays short; the report names every screen and rule that failed.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");

export interface SweptScreen {
  /** The route module in app/routes.ts this screen is served by, e.g. "routes/cart.tsx". */
  route: string;
  name: string;
  violations: string[];
}

export class Sweep {
  readonly screens: SweptScreen[] = [];

  constructor(
    private readonly info: TestInfo,
    private readonly role: string,
  ) {}

  /** Scans the page as it is now; `route` names the route module that rendered it. */
  async scan(page: Page, route: string, name: string) {
    const violations = (await axeViolations(page)).map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `      ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").slice(0, 220)}`)
          .join("\n"),
    );
    this.screens.push({ route, name, violations });
    if (process.env.A11Y_SCREENSHOTS) {
      // From the top, so the sticky header is not painted over the middle of a full-page shot.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: path.join(SCREENS, `a11y-${this.info.project.name}-${this.role}-${name.replace(/\W+/g, "-")}.png`),
        fullPage: true,
      });
    }
  }

  /** Every violation found, one block per screen, or "" when there was none. */
  report(): string {
    return this.screens
      .filter((s) => s.violations.length)
      .map((s) => `${s.name} [${s.route}]\n  ${s.violations.join("\n  ")}`)
      .join("\n");
  }

  routes(): Set<string> {
    return new Set(this.screens.map((s) => s.route));
  }
}
