import path from "node:path";
import { expectNoAxeViolations } from "./a11y";
import { type Browser, expect, type Page, type TestInfo, test } from "./fixtures";
import { openAdminOrder } from "./admin-orders";
import { changeStatus, orderCard } from "./returns-steps";
import { toast } from "./shop-steps";
import { ADMIN, buyWithSandboxCard, productId, saveAddress, signedInContext, signIn, uniqueEmail } from "./people";

/**
 * Refunds (decision records 033 and 039): the administrator ships an order of three and returns
 * one line, and sees the refund, the net paid and the order unchanged otherwise; before shipping
 * the card offers Cancel items instead, which cancels some pieces and, with the last ones, the
 * order; the customer cancels their own placed order from My Orders and the piece is back in
 * stock. The administrator's cancel with its refund is in order-desk.e2e.ts. Orders are paid in
 * the sandbox.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");
const shoot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: path.join(SCREENS, `refunds-${info.project.name}-${name}.png`), fullPage: true });

async function newBuyer(browser: Browser, info: TestInfo, label: string) {
  const context = await browser.newContext();
  const base = String(info.project.use.baseURL);
  await signIn(context.request, base, uniqueEmail(label, info), { name: "Rita Refund" });
  const addressId = await saveAddress(context.request, base);
  const line = async (title: string, quantity: number, size: string | null = null, color: string | null = null) => ({
    productId: await productId(context.request, base, title),
    selectedSize: size,
    color,
    quantity,
  });
  return { context, base, addressId, line };
}

test("the administrator ships an order and returns one line of three: the refund with its tax is shown, and the net paid", async ({
  browser,
}, info) => {
  test.setTimeout(90_000);
  const buyer = await newBuyer(browser, info, "refund-return");
  // $20.00 + 2 × $25.00 + 3 × $8.00 = $94.00; tax $9.40; shipping $0.10: $103.50.
  const number = await buyWithSandboxCard(
    buyer.context.request,
    buyer.base,
    [
      await buyer.line("E2E Order Desk Tee", 1, "M", "Sand"),
      await buyer.line("E2E Return Shirt", 2),
      await buyer.line("E2E Return Socks", 3),
    ],
    buyer.addressId,
  );
  const admin = await (await signedInContext(browser, info, ADMIN)).newPage();
  const card = await openAdminOrder(admin, number);
  await expect(card).toContainText("$103.50");
  // Nothing is returned before the order is shipped: the card offers Cancel items instead.
  await expect(card.getByRole("button", { name: "Cancel items" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Refund items" })).toHaveCount(0);
  await changeStatus(admin, card, "Processing");
  await changeStatus(admin, card, "Shipped");
  await expect(card.getByRole("button", { name: "Cancel items" })).toHaveCount(0);
  await card.getByRole("button", { name: "Refund items" }).click();
  const shirts = card.getByRole("spinbutton", { name: /E2E Return Shirt/ });
  await expect(shirts).toBeVisible();
  await expect(card.getByRole("button", { name: "Refund", exact: true })).toBeVisible();
  // Too many is said before anything is sent.
  await shirts.fill("3");
  await expect(card.getByText('Only 2 of "E2E Return Shirt" can still be refunded.')).toBeVisible();
  await expect(card.getByRole("button", { name: "Refund", exact: true })).toBeDisabled();
  await shirts.fill("2");
  await expect(card.getByText("Refund $55.00: $50.00 for the items and $5.00 tax.")).toBeVisible();
  await expect(card.getByRole("checkbox", { name: "Put back in stock" })).toBeChecked();
  await card.getByLabel("Note for the refund (optional)").fill("Returned: too small");
  await shoot(admin, info, "refund-form");
  await expectNoAxeViolations(admin, "the refund form");
  await card.getByRole("button", { name: "Refund $55.00" }).click();
  await expect(toast(admin, "Refunded $55.00")).toBeVisible();

  const refund = card.getByRole("listitem").filter({ hasText: "Refunded for returned items" });
  await expect(refund).toContainText("$55.00");
  await expect(refund).toContainText("2 × E2E Return Shirt · back in stock");
  await expect(card.getByText("Net paid")).toBeVisible();
  await expect(card).toContainText("$48.50");
  await card.getByRole("button", { name: "Show status history" }).click();
  await expect(
    card.getByText("Returned: too small — Refunded $55.00 for 2 × E2E Return Shirt; 2 pieces back in stock."),
  ).toBeVisible();
  // The order itself goes on: still Shipped, with its status buttons.
  await expect(card.locator("[data-status]").first()).toHaveText("Shipped");
  // The shirts cannot be refunded again; the other lines can.
  await card.getByRole("button", { name: "Refund items" }).click();
  await expect(card.getByRole("spinbutton", { name: /E2E Return Shirt/ })).toBeDisabled();
  await expect(card.getByRole("spinbutton", { name: /E2E Return Socks/ })).toBeEnabled();
  await shoot(admin, info, "refunded-card");

  // The overview says its revenue is net of refunds.
  await admin.goto("/admin");
  await expect(admin.getByText("What customers paid (items, tax and shipping) less what was refunded")).toBeVisible();
  await shoot(admin, info, "overview");

  // The customer sees the same refund on My Orders.
  const shopper = await buyer.context.newPage();
  await shopper.goto("/orders");
  const mine = orderCard(shopper, number);
  await expect(mine.getByRole("listitem").filter({ hasText: "Refunded for returned items" })).toContainText("$55.00");
  await expect(mine).toContainText("Net paid");
  await shoot(shopper, info, "my-orders-refund");
  await buyer.context.close();
  await admin.context().close();
});

test("before shipping the administrator cancels some pieces, then the rest: the order goes on, then is cancelled", async ({
  browser,
}, info) => {
  test.setTimeout(90_000);
  const buyer = await newBuyer(browser, info, "refund-cancel-items");
  // 2 × $25.00 + 3 × $8.00 = $74.00; tax $7.40; shipping $0.10: $81.50.
  const number = await buyWithSandboxCard(
    buyer.context.request,
    buyer.base,
    [await buyer.line("E2E Return Shirt", 2), await buyer.line("E2E Return Socks", 3)],
    buyer.addressId,
  );
  const admin = await (await signedInContext(browser, info, ADMIN)).newPage();
  const card = await openAdminOrder(admin, number);
  await expect(card).toContainText("$81.50");
  await card.getByRole("button", { name: "Cancel items" }).click();
  const shirts = card.getByRole("spinbutton", { name: /E2E Return Shirt/ });
  const socks = card.getByRole("spinbutton", { name: /E2E Return Socks/ });
  await expect(card.getByRole("group", { name: "Pieces to cancel" })).toBeVisible();
  // Cancelled pieces never left the shop: they always go back, there is nothing to choose.
  await expect(card.getByRole("checkbox", { name: "Put back in stock" })).toHaveCount(0);
  await expect(card.getByText("The order has not been shipped: cancelled pieces go back into stock.")).toBeVisible();
  await socks.fill("1");
  await expect(card.getByText("Refund $8.80: $8.00 for the items and $0.80 tax.")).toBeVisible();
  await card.getByLabel("Note for the cancellation (optional)").fill("Customer asked for one pair fewer");
  await shoot(admin, info, "cancel-items-form");
  await expectNoAxeViolations(admin, "the cancel items form");
  await card.getByRole("button", { name: "Cancel and refund $8.80" }).click();
  await expect(toast(admin, "Refunded $8.80")).toBeVisible();
  const part = card.getByRole("listitem").filter({ hasText: "Refunded for cancelled items" });
  await expect(part).toContainText("$8.80");
  await expect(part).toContainText("1 × E2E Return Socks · back in stock");
  await expect(card.locator("[data-status]").first()).toHaveText("Placed");

  // Every piece left: the order itself is cancelled, and the shipping comes back too.
  await card.getByRole("button", { name: "Cancel items" }).click();
  await shirts.fill("2");
  await socks.fill("2");
  await expect(
    card.getByText(
      "These are all the pieces left: the order is cancelled. Refund $72.70: $66.00 for the items, $6.60 tax and $0.10 shipping.",
    ),
  ).toBeVisible();
  await card.getByRole("button", { name: "Cancel order and refund $72.70" }).click();
  await expect(toast(admin, "Refunded $72.70")).toBeVisible();
  await expect(card.locator("[data-status]").first()).toHaveText("Cancelled");
  await expect(card.getByRole("listitem").filter({ hasText: "Refunded in full (order cancelled)" })).toContainText(
    "$72.70",
  );
  await expect(card.getByRole("button", { name: "Cancel items" })).toHaveCount(0);
  await expect(card.getByText("No further actions available")).toBeVisible();
  await shoot(admin, info, "cancel-items-done");

  // The customer sees both on My Orders.
  const shopper = await buyer.context.newPage();
  await shopper.goto("/orders");
  const mine = orderCard(shopper, number);
  await expect(mine.getByRole("listitem").filter({ hasText: "Refunded for cancelled items" })).toContainText("$8.80");
  await expect(mine.locator("[data-status]").first()).toHaveText("Cancelled");
  await buyer.context.close();
  await admin.context().close();
});

test("the customer cancels their own placed order from My Orders: refunded, and the piece is back in stock", async ({
  browser,
}, info) => {
  test.setTimeout(90_000);
  const beanie = `E2E Cancel Beanie ${info.project.name}`;
  const buyer = await newBuyer(browser, info, "refund-cancel");
  const number = await buyWithSandboxCard(
    buyer.context.request,
    buyer.base,
    await buyer.line(beanie, 1),
    buyer.addressId,
  );
  const product = await buyer.context.newPage();
  await product.goto(`/?q=${encodeURIComponent(beanie)}`);
  await product.getByRole("link", { name: `View ${beanie}` }).click();
  await expect(product.getByText("Out of Stock").first()).toBeVisible();

  const page = await buyer.context.newPage();
  await page.goto("/orders");
  const card = orderCard(page, number);
  const opener = card.getByRole("button", { name: "Cancel order" });
  const dialog = page.getByRole("dialog", { name: `Cancel order #${number}?` });
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep order" })).toBeFocused();
  // $18.00 + $1.80 tax + $0.10 shipping.
  await expect(dialog).toContainText("We will refund $19.90 to your card.");
  await shoot(page, info, "customer-cancel-dialog");
  await expectNoAxeViolations(page, "the customer's cancel dialog");
  await dialog.getByRole("button", { name: "Keep order" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(toast(page, "Your order is cancelled and your money is on its way back")).toBeVisible();
  await expect(card.locator("[data-status]").first()).toHaveText("Cancelled");
  await expect(card.getByRole("listitem").filter({ hasText: "Refunded in full (order cancelled)" })).toContainText(
    "$19.90",
  );
  await expect(card.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await shoot(page, info, "customer-cancelled");
  await product.reload();
  await expect(product.getByText("In Stock").first()).toBeVisible();
  await buyer.context.close();
});
