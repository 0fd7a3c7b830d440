import path from "node:path";
import { expect, type Page, type TestInfo, test, PHONE } from "./fixtures";
import { toast } from "./shop-steps";
import { expectNoAxeViolations } from "./a11y";
import { orderLink } from "./admin-orders";
import { ADMIN, buyWithSandboxCard, productId, saveAddress, signedInContext, uniqueEmail } from "./people";

/**
 * The Orders tab as a table (issue 25, decision 054), at both widths: a table from md up, a card
 * per order on a phone, nothing wider than the screen; the number opens the order, Shipped takes
 * a carrier and tracking number, and the shopper's My Orders links to the carrier's page.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");
const shoot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: path.join(SCREENS, `order-table-${info.project.name}-${name}.png`), fullPage: true });

test(
  "the table, the order it opens, and Shipped with its tracking for the shopper",
  PHONE,
  async ({ browser }, info) => {
    test.setTimeout(90_000);
    const base = String(info.project.use.baseURL);
    const name = `Lena Tablerow ${info.project.name} ${Date.now().toString(36)}`;
    const shopperContext = await signedInContext(browser, info, uniqueEmail("order-table", info), { name });
    const addressId = await saveAddress(shopperContext.request, base);
    const tee = await productId(shopperContext.request, base, "E2E Order Desk Tee");
    const number = await buyWithSandboxCard(
      shopperContext.request,
      base,
      { productId: tee, selectedSize: "M", color: "Sand", quantity: 2 },
      addressId,
    );

    const admin = await (await signedInContext(browser, info, ADMIN)).newPage();
    await admin.goto("/admin?tab=orders");
    await expect(orderLink(admin, number)).toBeVisible();
    const width = info.project.name === "phone" ? 390 : 1280;
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shoot(admin, info, "list");

    await admin.goto(`/admin?tab=orders&q=${encodeURIComponent(name)}`);
    const row = admin.locator(`[data-order-row="${number}"]:visible`);
    await expect(row).toContainText(name);
    await expect(row).toContainText("2 items");
    // $40.00 + 10 % tax + $0.10 shipping.
    await expect(row).toContainText("$44.10");
    await expect(row).toContainText("Card · Paid");
    await expect(row.locator("[data-sandbox]")).toHaveText("Sandbox");
    await expect(row.locator("[data-status]")).toHaveText("Placed");
    const table = admin.getByRole("table", { name: "Orders" });
    if (info.project.name === "phone") await expect(table).toBeHidden();
    else await expect(table.getByRole("columnheader")).toHaveCount(7);
    await expectNoAxeViolations(admin, "the Orders table");

    await orderLink(admin, number).click();
    const card = admin.getByRole("article", { name: `Order #${number}` });
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Processing", exact: true }).click();
    await expect(card.locator("[data-status]").first()).toHaveText("Processing");
    await card.getByLabel("Carrier").selectOption({ label: "Royal Mail" });
    await card.getByLabel("Tracking number").fill("ab 123 456 785 gb");
    await expectNoAxeViolations(admin, "an order's detail view with the tracking fields");
    await shoot(admin, info, "detail");
    await card.getByRole("button", { name: "Shipped", exact: true }).click();
    await expect(toast(admin, "Order status updated to Shipped")).toBeVisible();
    const royalMail = "https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB";
    await expect(card.getByTestId("order-tracking").getByRole("link")).toHaveAttribute("href", royalMail);
    await admin.getByRole("link", { name: "Back to orders" }).click();
    await expect(admin.locator(`[data-order-row="${number}"]:visible [data-status]`)).toHaveText("Shipped");

    const shopper = await shopperContext.newPage();
    await shopper.goto("/orders");
    const tracking = shopper.getByRole("article", { name: `Order #${number}` }).getByTestId("order-tracking");
    await expect(tracking).toContainText("Royal Mail AB 123 456 785 GB");
    await expect(tracking.getByRole("link")).toHaveAttribute("href", royalMail);
    await tracking.scrollIntoViewIfNeeded();
    await shoot(shopper, info, "my-orders-tracking");
    await shopperContext.close();
    await admin.context().close();
  },
);
