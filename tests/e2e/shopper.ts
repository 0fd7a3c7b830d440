import { type BrowserContext, expect } from "@playwright/test";
import { verificationLink } from "./mailbox";

export const PASSWORD = "Velvet-Harbor-42";
export const ADDRESS = {
  name: "Ada Shopper",
  phone: "+1 555 0100",
  street: "12 Loom Street",
  city: "Portland",
  state: "OR",
  zipCode: "97201",
};

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * A verified shopper signed in on `context`, made through the store's own auth API (sign-up,
 * the e-mailed link, sign-in); optionally with a first name and a saved default address.
 */
export async function newShopper(
  context: BrowserContext,
  baseURL: string,
  options: { label: string; firstName?: string; address?: boolean },
): Promise<{ email: string; state: StorageState }> {
  const email = `${options.label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const headers = { origin: baseURL };
  const signUp = await context.request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: { name: "", email, password: PASSWORD },
    headers,
  });
  expect(signUp.status()).toBe(200);
  await context.request.get(await verificationLink(context.request, baseURL, email), { maxRedirects: 0 });
  const signIn = await context.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers,
  });
  expect(signIn.status()).toBe(200);
  if (options.firstName) {
    const saved = await context.request.post(`${baseURL}/profile`, {
      form: { firstName: options.firstName, lastName: "Tester", phone: "" },
      headers,
    });
    expect(saved.status()).toBeLessThan(400);
  }
  if (options.address) {
    const saved = await context.request.post(`${baseURL}/addresses`, {
      form: { intent: "create", ...ADDRESS, country: "United States", isDefault: "on" },
      headers,
      maxRedirects: 0,
    });
    expect(saved.status()).toBeLessThan(400);
  }
  return { email, state: { cookies: (await context.storageState()).cookies, origins: [] } };
}
