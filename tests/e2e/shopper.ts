import { type APIRequest, type APIRequestContext, type BrowserContext, expect } from "@playwright/test";
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

/**
 * Empties the cart the server keeps for the signed-in shopper of `request` (a request context
 * with the store's baseURL and the shopper's cookies). A shopper shared by a worker's tests
 * starts each test with it, since the cart now follows the shopper into every new browser
 * context (docs/decisions/050-server-cart.md).
 */
export async function emptySavedCart(request: APIRequestContext): Promise<void> {
  const got = await request.get("/api/cart");
  expect(got.status()).toBe(200);
  const { version } = (await got.json()) as { version: number };
  const put = await request.put("/api/cart", { data: { lines: [], baseVersion: version } });
  expect(put.status()).toBe(200);
}

/** The storageState fixture of a worker's shared shopper: their saved cart emptied before each test. */
export async function freshCartState(
  playwright: { request: APIRequest },
  baseURL: string | undefined,
  state: StorageState,
): Promise<StorageState> {
  const request = await playwright.request.newContext({ baseURL, storageState: state });
  await emptySavedCart(request);
  await request.dispose();
  return state;
}
