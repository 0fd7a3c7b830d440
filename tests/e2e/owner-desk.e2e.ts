import path from "node:path";
import { expect, type Page, test } from "./fixtures";
import { expectNoAxeViolations } from "./a11y";
import { ADMIN, saveAddress, signedInContext } from "./people";
import { newPerson } from "./roles";
import { toast } from "./shop-steps";
import { askToDelete } from "./confirm";

/**
 * The owner's desk (issue 25): the Products tab's search and category filter in the address, the
 * owner landing on the saved product's row, the add form saying why it cannot be sent yet, the
 * discount codes' real states with their days as entered (the shop's zone is UTC here), and the
 * store's own delete dialogs naming what goes (a product, an address).
 */

const SCREENS = path.resolve(import.meta.dirname, "../../test-results/screens");
// Each project edits its own demo product, so the two runs never meet.
const PRODUCT: Record<string, string> = { desktop: "Midnight Dot Maxi Dress", phone: "Noir Evening Slip Dress" };

async function shoot(page: Page, name: string, project: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS, `owner-desk-${name}-${project}.png`), fullPage: true });
}

/** The products as the page shows them at this width: the table's rows, or the phone's cards. */
const listed = (page: Page, project: string) =>
  project === "phone"
    ? page.getByRole("list", { name: "Products" }).getByRole("listitem")
    : page
        .getByRole("table", { name: "Products" })
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader") });

test("search and filter the products, save one and land on its row, the add form's hint", async ({ browser }, info) => {
  const project = info.project.name;
  const title = PRODUCT[project];
  const context = await signedInContext(browser, info, ADMIN);
  const admin = await context.newPage();
  await admin.goto("/admin?tab=products");

  // Search and category: in the address, answered by the server.
  const search = admin.getByRole("search", { name: "Product search" });
  await search.getByRole("searchbox", { name: "Search products" }).fill("dot maxi");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/[?&]q=dot\+maxi/);
  await expect(listed(admin, project).filter({ hasText: "Midnight Dot Maxi Dress" })).toHaveCount(1);
  await expect(listed(admin, project).filter({ hasText: "Noir Evening Slip Dress" })).toHaveCount(0);
  await search.getByRole("searchbox", { name: "Search products" }).fill("");
  await search.getByRole("combobox", { name: "Category" }).selectOption("Shoes");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/[?&]category=shoes/);
  await expect(listed(admin, project).first()).toBeVisible();
  // Every row is a shoe, waited for: the address changes as the navigation commits, a moment before
  // React has put the new rows in place of the searched ones (the race a CI run met).
  await expect(listed(admin, project).filter({ hasNotText: "Shoes" })).toHaveCount(0);
  await expect(search.getByRole("combobox", { name: "Category" })).toHaveValue("shoes");
  await expectNoAxeViolations(admin, `the Products tab filtered (${project})`);
  await shoot(admin, "products-filtered", project);

  // Edit a product: back on its row, marked and focused, with the toast.
  await search.getByRole("searchbox", { name: "Search products" }).fill(title);
  await search.getByRole("combobox", { name: "Category" }).selectOption("");
  await search.getByRole("button", { name: "Search" }).click();
  await admin.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Edit Product" })).toBeVisible();
  await admin.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(admin, "Product updated successfully!")).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\?tab=products&q=&highlight=[0-9a-f-]{36}#product-[0-9a-f-]{36}$/);
  const row = listed(admin, project).filter({ hasText: title });
  await expect(row).toBeFocused();
  await expect(row).toHaveAttribute("aria-current", "true");
  await expect(row).toContainText("Just saved");
  await expectNoAxeViolations(admin, `the Products tab after a save (${project})`);
  await admin.screenshot({ path: path.join(SCREENS, `owner-desk-product-saved-${project}.png`) });

  // The add form says why its button waits.
  await admin.goto("/admin/add-product");
  const submit = admin.getByRole("button", { name: "Add Product" });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription("Add at least one image to save.");
  await expect(admin.getByText("Add at least one image to save.")).toBeVisible();
  await context.close();
});

test("deleting asks in the store's dialog, naming the product or the address", async ({ browser, baseURL }, info) => {
  const project = info.project.name;
  const title = PRODUCT[project];

  // A product: the dialog names it; keeping it changes nothing.
  const context = await signedInContext(browser, info, ADMIN);
  const admin = await context.newPage();
  admin.on("dialog", () => {
    throw new Error("the browser's own confirm box was used");
  });
  await admin.goto(`/admin?tab=products&q=${encodeURIComponent(title)}`);
  await askToDelete(admin.getByRole("button", { name: `Delete ${title}` }));
  const dialog = admin.getByRole("dialog", { name: "Are you sure you want to delete this product?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  await expect(dialog.getByRole("button", { name: "Keep product" })).toBeFocused();
  await expectNoAxeViolations(admin, `the delete-product dialog (${project})`);
  await admin.screenshot({ path: path.join(SCREENS, `owner-desk-delete-product-${project}.png`) });
  await dialog.getByRole("button", { name: "Keep product" }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole("button", { name: `Delete ${title}` })).toBeFocused();
  await admin.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(listed(admin, project).filter({ hasText: title })).toHaveCount(1);
  await context.close();

  // An address: the dialog names it, and deleting removes that one.
  const shopperContext = await browser.newContext({
    viewport: info.project.use.viewport,
    isMobile: info.project.use.isMobile,
    hasTouch: info.project.use.hasTouch,
  });
  await newPerson(shopperContext, String(baseURL), { label: `desk-${project}` });
  await saveAddress(shopperContext.request, String(baseURL), { name: "Summer House", street: "3 Dune Road" });
  await saveAddress(shopperContext.request, String(baseURL), { name: "Home Base" });
  const page = await shopperContext.newPage();
  page.on("dialog", () => {
    throw new Error("the browser's own confirm box was used");
  });
  await page.goto("/addresses");
  await askToDelete(page.getByRole("button", { name: "Delete Summer House" }));
  const ask = page.getByRole("dialog", { name: "Are you sure you want to delete this address?" });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText("Summer House");
  await expect(ask).toContainText("3 Dune Road");
  await expectNoAxeViolations(page, `the delete-address dialog (${project})`);
  await page.screenshot({ path: path.join(SCREENS, `owner-desk-delete-address-${project}.png`) });
  await ask.getByRole("button", { name: "Delete address" }).click();
  await expect(toast(page, "Address deleted successfully!")).toBeVisible();
  await expect(page.getByRole("article", { name: "Summer House" })).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Home Base" })).toBeVisible();
  await shopperContext.close();
});
