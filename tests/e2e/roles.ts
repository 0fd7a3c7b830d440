import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequest, type APIRequestContext, type BrowserContext, expect } from "@playwright/test";
import { verificationLink } from "./mailbox";

/**
 * The people of the end-to-end tests, and the one place that signs anyone up or in (docs/testing.md,
 * "Sign-in once per role"). The `roles` setup project (roles.setup.ts) signs the owner and one shopper
 * per worker in once, through the store's own endpoints, and saves their cookies here; tests open
 * contexts with that state instead of signing in. A test that needs a person of its own (their own
 * orders, a shopper the owner must not have seen) makes one with `newPerson`, through the same API.
 * Only the tests of signing up and signing in use the forms.
 */

export const ADMIN = "admin@example.com";
export const PASSWORD = "Velvet-Harbor-42";
/** The shared shopper's first name and default address (saved by the setup project). */
export const SHOPPER_FIRST_NAME = "Ines";
export const ADDRESS = {
  name: "Ada Shopper",
  phone: "+1 555 0100",
  street: "12 Loom Street",
  city: "Portland",
  state: "OR",
  zipCode: "97201",
  country: "United States",
};

/** As many shared shoppers as Playwright runs workers: tests running at once never share one. */
export const SHOPPER_SLOTS = 2;

/** Beside the e2e store's data folder (one per port: tests/e2e/playwright.config.ts). */
const ROLES_DIR = path.resolve(import.meta.dirname, "../../test-results", `e2e-roles-${process.env.E2E_PORT ?? 3199}`);
export const OWNER_STATE = path.join(ROLES_DIR, "owner.json");
export const shopperStateFile = (slot: number) => path.join(ROLES_DIR, `shopper-${slot % SHOPPER_SLOTS}.json`);

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** The saved state of a role (cookies only). */
export function savedState(file: string): StorageState {
  return JSON.parse(readFileSync(file, "utf8")) as StorageState;
}

/**
 * Signs `email` up (unless it exists and `existing` allows it), opens the e-mailed verification link and
 * signs in; `request` keeps the session cookie. The one copy of these steps.
 */
export async function signUpAndIn(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  options: { name?: string; existing?: boolean } = {},
): Promise<void> {
  const headers = { origin: baseURL };
  const signUp = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: { name: options.name ?? "", email, password: PASSWORD },
    headers,
  });
  if (options.existing) expect([200, 422]).toContain(signUp.status());
  else expect(signUp.status(), await signUp.text()).toBe(200);
  // An account that exists and is verified signs in at once (the owner's mails share the
  // administrator's mailbox, decision 054, which may push its verification out of the list).
  if (signUp.status() === 422) {
    const direct = await request.post(`${baseURL}/api/auth/sign-in/email`, {
      data: { email, password: PASSWORD },
      headers,
    });
    if (direct.status() === 200) return;
  }
  await request.get(await verificationLink(request, baseURL, email), { maxRedirects: 0 });
  const signIn = await request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers,
  });
  expect(signIn.status()).toBe(200);
}

/** Saves a first name on the profile of the signed-in person of `request`. */
export async function saveFirstName(request: APIRequestContext, baseURL: string, firstName: string): Promise<void> {
  const saved = await request.post(`${baseURL}/profile`, {
    form: { firstName, lastName: "Tester", phone: "" },
    headers: { origin: baseURL },
  });
  expect(saved.status()).toBeLessThan(400);
}

/** Saves the default address through the address book's form; returns its id. */
export async function saveAddress(
  request: APIRequestContext,
  baseURL: string,
  address: Partial<typeof ADDRESS> = {},
): Promise<string> {
  const saved = await request.post(`${baseURL}/addresses`, {
    form: { intent: "create", ...ADDRESS, ...address, isDefault: "on" },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(saved.status()).toBeLessThan(400);
  const html = await (await request.get(`${baseURL}/addresses`)).text();
  const id = /name="id" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  expect(id, "the saved address is listed").toBeTruthy();
  return id as string;
}

/** An address unique to this run, so tests running at once never share a person. */
export const uniqueAddress = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/**
 * A new verified person signed in on `context` (a person of the test's own), optionally with a first
 * name and a saved default address; returns their e-mail and cookies.
 */
export async function newPerson(
  context: BrowserContext,
  baseURL: string,
  options: { label: string; firstName?: string; address?: boolean; email?: string },
): Promise<{ email: string; state: StorageState }> {
  const email = options.email ?? uniqueAddress(options.label);
  await signUpAndIn(context.request, baseURL, email);
  if (options.firstName) await saveFirstName(context.request, baseURL, options.firstName);
  if (options.address) await saveAddress(context.request, baseURL);
  return { email, state: { cookies: (await context.storageState()).cookies, origins: [] } };
}

/**
 * Empties the cart the server keeps for the signed-in shopper of `request` (a request context with the
 * store's baseURL and the shopper's cookies). A shared shopper starts each test with it, since the cart
 * follows the shopper into every new browser context (docs/decisions/050-server-cart.md).
 */
export async function emptySavedCart(request: APIRequestContext): Promise<void> {
  const got = await request.get("/api/cart");
  expect(got.status()).toBe(200);
  const { version } = (await got.json()) as { version: number };
  const put = await request.put("/api/cart", { data: { lines: [], baseVersion: version } });
  expect(put.status()).toBe(200);
}

/** The state of the worker's shared shopper, their saved cart emptied first. */
export async function sharedShopperState(
  playwright: { request: APIRequest },
  baseURL: string | undefined,
  slot: number,
): Promise<StorageState> {
  const state = savedState(shopperStateFile(slot));
  const request = await playwright.request.newContext({ baseURL, storageState: state });
  await emptySavedCart(request);
  await request.dispose();
  return state;
}
