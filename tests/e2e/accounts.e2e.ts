import { expect, type Page, test } from "./fixtures";
import { accountMenuReady, openAccountMenu } from "./account-menu";
import { askToDelete } from "./confirm";
import { toast } from "./shop-steps";
import { newPerson } from "./roles";

/**
 * Accounts as a shopper meets them: register, open the verification link from the local
 * mailbox (the e2e store has no SMTP, so e-mail lands in /dev/mailbox), sign in, edit the
 * profile, keep three addresses through the default rules, sign out.
 */

const PASSWORD = "Velvet-Harbor-42";

async function openVerificationLink(page: Page, email: string) {
  // The worker sends within moments; the mailbox page is read again until the e-mail is there.
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(page.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  await page
    .getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) })
    .getByRole("link")
    .click();
  await expect(page.getByRole("heading", { name: "Verify your email for Threadline" })).toBeVisible();
  await page.getByRole("link", { name: /\/api\/auth\/verify-email\?token=/ }).click();
}

async function addAddress(page: Page, name: string, street: string, country?: string) {
  await page.getByRole("button", { name: "Add Address" }).click();
  const form = page.getByRole("form", { name: "Add a new address" });
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("Phone").fill("555 010 2030");
  await form.getByLabel("Street").fill(street);
  if (country) await form.getByLabel("Country").selectOption(country);
  if (country === "Canada") {
    await form.getByLabel("City").fill("Ottawa");
    await form.getByLabel("Province").selectOption("Ontario");
    await form.getByLabel("Postal code").fill("k1a0b1");
  } else {
    await form.getByLabel("City").fill("Springfield");
    await form.getByLabel("State").selectOption("Illinois");
    await form.getByLabel("ZIP code").fill("62701");
  }
  await form.getByRole("button", { name: "Save Address" }).click();
  await expect(page.getByRole("article", { name })).toBeVisible();
  // An earlier toast with the same words may still be in the list, hidden: toast() takes the one in front.
  await expect(toast(page, "Address added successfully!")).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole("article", { name });
const isDefault = (page: Page, name: string) => card(page, name).getByText("Default", { exact: true });

test("register, verify through the mailbox, sign in, profile, three addresses, sign out", async ({
  page,
}, testInfo) => {
  // One long journey of some forty steps: three times the default time.
  test.slow();
  const email = `e2e-${testInfo.project.name}-${Date.now()}@example.com`;

  // Logged out: Login and Register, no cart.
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Register" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Cart/ })).toHaveCount(0);

  // Register: the form checks itself with the documented texts before anything is sent.
  await nav.getByRole("link", { name: "Register" }).click();
  await expect(page.getByRole("heading", { name: "Register" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(`${PASSWORD}!`);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Verification email sent! Please check your inbox.")).toBeVisible();

  // Not verified yet: a warning, no session.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please verify your email before logging in." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend verification email" })).toBeVisible();

  // The link from the caught e-mail verifies the address and leads to the login page.
  await openVerificationLink(page, email);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your email is verified. You can now log in.")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Login successful!")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: /^Cart/ })).toBeVisible();
  // Avatar initial from the e-mail while there is no first name.
  await expect(page.getByRole("button", { name: "Account menu for Profile" })).toContainText("E");

  // Profile.
  await openAccountMenu(page);
  await expect(page.getByRole("menuitem")).toHaveText(["My Profile", "My Orders", "My Addresses", "Sign Out"]);
  await page.getByRole("menuitem", { name: "My Profile" }).click();
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeDisabled();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("First name").fill("Zora");
  await page.getByLabel("Last name").fill("Neale");
  await page.getByLabel("Phone").fill("+1 555 010 9999");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu for Zora" })).toContainText("Z");
  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Zora");

  // Addresses: the first is the default; setting another moves it; deleting the default promotes the first remaining.
  await openAccountMenu(page);
  await page.getByRole("menuitem", { name: "My Addresses" }).click();
  await expect(page.getByRole("heading", { name: "My Addresses" })).toBeVisible();
  await expect(page.getByText("You have no saved addresses yet.")).toBeVisible();
  await addAddress(page, "Home", "1 Main St");
  await addAddress(page, "Studio", "2 Side St", "Canada");
  await addAddress(page, "Parents", "3 Long Rd");
  await expect(isDefault(page, "Home")).toBeVisible();
  await expect(isDefault(page, "Studio")).toHaveCount(0);
  await expect(card(page, "Studio")).toContainText("Ottawa ON K1A 0B1");
  await expect(card(page, "Studio")).toContainText("Canada");

  await card(page, "Parents").getByRole("button", { name: "Set as default" }).click();
  await expect(page.getByText("Default address updated!")).toBeVisible();
  await expect(isDefault(page, "Parents")).toBeVisible();
  await expect(isDefault(page, "Home")).toHaveCount(0);

  await card(page, "Studio").getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Edit address" });
  await edit.getByLabel("Street").fill("22 Side St");
  await edit.getByRole("button", { name: "Update Address" }).click();
  await expect(page.getByText("Address updated successfully!")).toBeVisible();
  await expect(card(page, "Studio")).toContainText("22 Side St");

  await askToDelete(card(page, "Parents").getByRole("button", { name: "Delete Parents" }));
  const ask = page.getByRole("dialog", { name: "Are you sure you want to delete this address?" });
  await expect(ask).toContainText("Parents");
  await ask.getByRole("button", { name: "Delete address" }).click();
  await expect(page.getByText("Address deleted successfully!")).toBeVisible();
  await expect(card(page, "Parents")).toHaveCount(0);
  await expect(isDefault(page, "Home")).toBeVisible();
  await expect(page.getByText("Default", { exact: true })).toHaveCount(1);

  // Sign out ends the session: the account pages ask to log in again.
  await openAccountMenu(page);
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
  await page.goto("/addresses");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faddresses$/);
});

test("the profile menu works with the keyboard", async ({ page, context, baseURL }, testInfo) => {
  await newPerson(context, String(baseURL), { label: `e2e-keys-${testInfo.project.name}` });
  await page.goto("/");
  const button = page.getByRole("button", { name: /Account menu/ });
  await accountMenuReady(page);
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "My Profile" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "My Orders" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Sign Out" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "My Profile" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu", { name: "Account" })).toBeHidden();
  await expect(button).toBeFocused();
});
