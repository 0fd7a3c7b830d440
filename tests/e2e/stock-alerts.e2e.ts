import path from "node:path";
import { expectNoAxeViolations } from "./a11y";
import { expect, type Page, test } from "./fixtures";
import { mailMessage } from "./mailbox";
import { ADMIN, productId, signedInContext, uniqueEmail } from "./people";
import { toast } from "./shop-steps";

/**
 * "Notify me" from the request to the e-mail to the unsubscribe (issue 27, items 6–7; decision
 * 061): "E2E Notify Tee" (tests/e2e/prepare.ts) has Sand sold out in S and M. The shopper asks
 * for both, sees them on the profile; the owner sees them waiting on the Overview and restocks
 * M in Sand; one e-mail arrives, with List-Unsubscribe headers and a link that opens the product
 * with M and Sand chosen; the request is spent. The e-mail's one-click POST (as a mail client
 * sends it, no session) cancels the other request; the GET page changes nothing by itself.
 * At 1280 px only: nothing here depends on the width.
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");
const TITLE = "E2E Notify Tee";
const sizes = (page: Page) => page.getByRole("group", { name: /^Size/ });
const colors = (page: Page) => page.getByRole("group", { name: /^Color/ });
const alertsSection = (page: Page) => page.getByRole("region", { name: "Stock alerts" });

async function askFor(page: Page, label: string) {
  // The disclosure stays open after a first request (the form is revalidated, not replaced).
  const select = page.getByRole("combobox", { name: "Size and color" });
  if (!(await select.isVisible())) await page.getByText("Sold out in your size or color? Get an email").click();
  await select.selectOption({ label });
  await page.getByRole("button", { name: "Notify me" }).click();
  await expect(toast(page, "We will email you when it is back in stock.")).toBeVisible();
}

test("notify me: request, the restock's e-mail with its link, and the one-click unsubscribe", async ({
  browser,
  playwright,
}, info) => {
  test.slow();
  const base = String(info.project.use.baseURL);
  const email = uniqueEmail("notify", info);
  const shopper = await signedInContext(browser, info, email, { name: "Nora" });
  const id = await productId(shopper.request, base, TITLE);
  const page = await shopper.newPage();

  // The sold-out sizes in Sand cannot be picked; they are offered in the stock alert's list.
  await page.goto(`/product/${id}`);
  await expect(colors(page).getByRole("button", { name: "Sand, out of stock" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await askFor(page, "M, Sand");
  await askFor(page, "S, Sand");
  await expect(page.getByRole("status").filter({ hasText: "Stock alerts set: S, Sand; M, Sand." })).toBeVisible();
  await expectNoAxeViolations(page, "the product page with stock alerts set");

  // The profile lists both, with Cancel.
  await page.getByRole("link", { name: "Your stock alerts" }).click();
  await expect(page).toHaveURL(/\/profile#stock-alerts$/);
  await expect(alertsSection(page).getByRole("listitem")).toHaveCount(2);
  await expect(alertsSection(page)).toContainText("M, Sand");
  await expect(alertsSection(page)).toContainText("S, Sand");
  await expect(
    alertsSection(page).getByRole("button", { name: `Cancel stock alert for ${TITLE}, M, Sand` }),
  ).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, `stock-alerts-${info.project.name}-profile.png`), fullPage: true });
  await expectNoAxeViolations(page, "the profile's stock alerts");

  // The owner sees who waits, and restocks M in Sand on the grid.
  const adminContext = await signedInContext(browser, info, ADMIN);
  const admin = await adminContext.newPage();
  await admin.goto("/admin");
  const low = admin.getByRole("list", { name: `Low in ${TITLE}` });
  await expect(low).toContainText(/M, Sand: Sold out · \d+ waiting/);
  await admin.goto(`/admin/edit-product/${id}`);
  await admin.getByRole("spinbutton", { name: "Stock, M, Sand", exact: true }).fill("2");
  await admin.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(admin, "Product updated successfully!")).toBeVisible();
  await adminContext.close();

  // One e-mail, with the one-click headers and the link to the product with M and Sand chosen.
  const mail = await mailMessage(shopper.request, base, email, `Back in stock: ${TITLE} (M, Sand)`);
  expect(mail.text).toContain("Hi Nora,");
  const unsubscribe = /<(http[^>]+)>/.exec(mail.headers["List-Unsubscribe"] ?? "")?.[1];
  expect(unsubscribe).toMatch(/\/stock-alerts\/unsubscribe\?token=/);
  expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.text).toContain(`Stop my stock alerts: ${unsubscribe}`);
  const link = /See the product: (\S+)/.exec(mail.text)?.[1];
  expect(link).toBe(`${base}/product/${id}?size=M&color=Sand`);
  await page.goto(link!);
  await expect(sizes(page).getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(colors(page).getByRole("button", { name: "Sand", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Add to cart" })).not.toHaveAttribute("aria-disabled", "true");

  // The request is spent; S in Sand still waits.
  await page.goto("/profile");
  await expect(alertsSection(page).getByRole("listitem")).toHaveCount(1);
  await expect(alertsSection(page)).toContainText("S, Sand");

  // The link's page only asks (a GET changes nothing: mail scanners follow links)…
  const visitor = await browser.newContext();
  const ask = await visitor.newPage();
  await ask.goto(unsubscribe!);
  await expect(ask.getByRole("button", { name: "Stop my stock alerts" })).toBeVisible();
  await expectNoAxeViolations(ask, "the unsubscribe page");
  await page.reload();
  await expect(alertsSection(page).getByRole("listitem")).toHaveCount(1);

  // …the mail client's one-click POST, without a session or a page, cancels.
  const mailClient = await playwright.request.newContext();
  const oneClick = await mailClient.post(unsubscribe!, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
    maxRedirects: 0,
  });
  expect(oneClick.status()).toBe(200);
  await mailClient.dispose();
  await page.reload();
  await expect(alertsSection(page)).toContainText("No stock alerts waiting.");

  // The page's button says the same when nothing is left.
  await ask.getByRole("button", { name: "Stop my stock alerts" }).click();
  await expect(ask.getByText("Your waiting stock alerts are cancelled.")).toBeVisible();
  await ask.screenshot({ path: path.join(SCREENS, `stock-alerts-${info.project.name}-unsubscribed.png`) });
  await visitor.close();
  await shopper.close();
});
