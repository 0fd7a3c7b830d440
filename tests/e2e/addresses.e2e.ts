import { expect, type Page, test } from "./fixtures";
import { expectNoAxeViolations } from "./a11y";
import { PRODUCT } from "./checkout-steps";
import { newPerson } from "./roles";
import { addFromProductPage, toast } from "./shop-steps";

/**
 * Addresses that fit their country (docs/product.md §4 Addresses): the form's labels, lists,
 * placeholders and checks follow the chosen country, what is saved is spelled the normal way,
 * and each card prints it as that country's post does. Also the way back to the checkout.
 */

test.beforeEach(async ({ browser, baseURL, page }, info) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const { state } = await newPerson(context, String(baseURL), {
    label: `addr-${info.project.name}-${info.title.length}`,
  });
  await context.close();
  await page.context().addCookies(state.cookies);
});

const newForm = (page: Page) => page.getByRole("form", { name: "Add a new address" });

async function fillCommon(page: Page, name: string, street: string) {
  const form = newForm(page);
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("Phone").fill("+1 555 010 2030");
  await form.getByLabel("Street").fill(street);
}

test("a Canadian and a British address: the form follows the country", async ({ page }, info) => {
  await page.goto("/addresses");
  await page.getByRole("button", { name: "Add Address" }).click();
  const form = newForm(page);
  // United States first: a state from the list and a ZIP code.
  await expect(form.getByLabel("Country")).toHaveValue("United States");
  await expect(form.getByRole("combobox", { name: "State" })).toBeVisible();
  await expect(form.getByLabel("ZIP code")).toHaveAttribute("placeholder", "12345");
  await page.screenshot({ path: info.outputPath("addresses-form-us.png"), fullPage: true });

  // Canada: a province from the list, a postal code like A1A 1A1.
  await form.getByLabel("Country").selectOption("Canada");
  await fillCommon(page, "Studio", "24 Sussex Drive");
  await form.getByLabel("City").fill("Ottawa");
  await expect(form.getByRole("combobox", { name: "Province" })).toBeVisible();
  await expect(form.getByRole("combobox", { name: "Province" }).getByRole("option", { name: "Quebec" })).toHaveCount(1);
  await expect(form.getByLabel("Postal code")).toHaveAttribute("placeholder", "A1A 1A1");
  await form.getByLabel("Postal code").fill("62701");
  await form.getByRole("button", { name: "Save Address" }).click();
  await expect(form.getByText("Province is required")).toBeVisible();
  await expect(form.getByText("Enter a postal code like A1A 1A1")).toBeVisible();
  await expectNoAxeViolations(page, "the Canadian address form with errors");
  await page.screenshot({ path: info.outputPath("addresses-form-ca.png"), fullPage: true });
  await form.getByLabel("Province").selectOption("Ontario");
  await form.getByLabel("Postal code").fill("k1m1m4");
  await form.getByRole("button", { name: "Save Address" }).click();
  await expect(toast(page, "Address added successfully!")).toBeVisible();
  const studio = page.getByRole("article", { name: "Studio" });
  // The card prints it first; the delete dialog inside the card (closed) prints it again.
  await expect(studio.locator("address").first()).toHaveText(/24 Sussex DriveOttawa ON K1M 1M4Canada/);

  // United Kingdom: town or city, an optional county, a postcode.
  await page.getByRole("button", { name: "Add Address" }).click();
  await form.getByLabel("Country").selectOption("United Kingdom");
  await expect(form.getByLabel("Town or city")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "County (optional)" })).toBeVisible();
  await expect(form.getByLabel("Postcode")).toHaveAttribute("placeholder", "SW1A 1AA");
  await fillCommon(page, "Flat", "221B Baker Street");
  await form.getByLabel("Town or city").fill("London");
  await form.getByLabel("Postcode").fill("nw16xe");
  await page.screenshot({ path: info.outputPath("addresses-form-uk.png"), fullPage: true });
  await form.getByRole("button", { name: "Save Address" }).click();
  await expect(toast(page, "Address added successfully!")).toBeVisible();
  const flat = page.getByRole("article", { name: "Flat" });
  await expect(flat.locator("address").first()).toHaveText(/221B Baker StreetLondonNW1 6XEUnited Kingdom/);
  await expectNoAxeViolations(page, "My Addresses with a Canadian and a British address");
  await page.screenshot({ path: info.outputPath("addresses-cards.png"), fullPage: true });

  // Editing shows what was saved, chosen in the list.
  await studio.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Edit address" });
  await expect(edit.getByLabel("Country")).toHaveValue("Canada");
  await expect(edit.getByLabel("Province")).toHaveValue("ON");
  await expect(edit.getByLabel("Postal code")).toHaveValue("K1M 1M4");
});

test("My Addresses reached from the checkout leads back to it", async ({ page }) => {
  await page.goto("/addresses?from=checkout");
  await expect(page.getByRole("heading", { level: 1, name: "My Addresses" })).toBeVisible();
  const back = page.getByRole("link", { name: "Back to checkout" });
  await expect(back).toHaveAttribute("href", "/checkout");
  await expectNoAxeViolations(page, "My Addresses from the checkout");
  // Any other value leads nowhere.
  await page.goto("/addresses?from=https%3A%2F%2Fevil.example");
  await expect(page.getByRole("heading", { level: 1, name: "My Addresses" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to checkout" })).toHaveCount(0);
  await addFromProductPage(page, PRODUCT, "M", "Blush");
  await page.goto("/addresses?from=checkout");
  await back.click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { level: 1, name: "Shipping address required" })).toBeVisible();
});
