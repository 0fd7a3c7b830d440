import { type APIRequestContext, type Browser, type BrowserContext, expect, type TestInfo } from "@playwright/test";
import { ADMIN, OWNER_STATE, signUpAndIn } from "./roles";

/**
 * People for end-to-end tests, made through the store's own endpoints (sign-up, the e-mailed
 * link, sign-in, the address book, the sandbox card checkout) rather than by writing to the
 * database, so what a test sees is what a shopper's actions would have made.
 */

export { ADDRESS, ADMIN, PASSWORD, saveAddress } from "./roles";

/** An address unique to this run and test, so parallel tests never share a person. */
export const uniqueEmail = (label: string, info: TestInfo) =>
  `${label}-${info.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/**
 * Signs `email` in on `request` (its context keeps the cookie): registered and verified first unless the
 * account exists. The owner is never signed in here: open the owner's context with `signedInContext`.
 */
export async function signIn(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  options: { name?: string } = {},
) {
  expect(email, "the owner's context comes from the roles project: signedInContext(browser, info, ADMIN)").not.toBe(
    ADMIN,
  );
  await signUpAndIn(request, baseURL, email, { ...options, existing: true });
}

/**
 * A browser context of the test's project (viewport, touch), signed in as `email`: the owner from the
 * state the roles project saved (tests/e2e/roles.setup.ts), anyone else signed up and in now.
 */
export async function signedInContext(
  browser: Browser,
  info: TestInfo,
  email: string,
  options: { name?: string } = {},
): Promise<BrowserContext> {
  const { viewport, isMobile, hasTouch } = info.project.use;
  if (email === ADMIN) return browser.newContext({ viewport, isMobile, hasTouch, storageState: OWNER_STATE });
  const context = await browser.newContext({ viewport, isMobile, hasTouch });
  await signIn(context.request, String(info.project.use.baseURL), email, options);
  return context;
}

/** A product's id, found through the home page's search as a shopper would. */
export async function productId(request: APIRequestContext, baseURL: string, title: string): Promise<string> {
  const html = await (await request.get(`${baseURL}/?q=${encodeURIComponent(title)}`)).text();
  const id = new RegExp(
    `href="/product/([0-9a-f-]{36})"[^>]*aria-label="View ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`,
  ).exec(html)?.[1];
  const fallback = /href="\/product\/([0-9a-f-]{36})"/.exec(html)?.[1];
  const found = id ?? fallback;
  expect(found, `a product titled ${title}`).toBeTruthy();
  return found as string;
}

type CartLine = { productId: string; selectedSize: string | null; color: string | null; quantity: number };

/**
 * Buys through the sandbox card checkout's endpoints, as the checkout page and the hosted page
 * would: open a session, press Pay, land on the confirmation. Returns the order's number.
 */
export async function buyWithSandboxCard(
  request: APIRequestContext,
  baseURL: string,
  line: CartLine | CartLine[],
  addressId: string,
): Promise<string> {
  const headers = { origin: baseURL };
  const created = await request.post(`${baseURL}/api/create-stripe-session`, {
    data: {
      lines: Array.isArray(line) ? line : [line],
      shippingAddressId: addressId,
      billingAddressId: null,
      sameAsShipping: true,
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  const session = (await created.json()) as { id: string };
  const paid = await request.post(`${baseURL}/sandbox/checkout/${session.id}`, {
    form: { intent: "pay" },
    headers,
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  const confirmation = await (await request.get(`${baseURL}/payment-success?session_id=${session.id}`)).text();
  const number = /#<!-- -->([0-9A-F]{8})|#([0-9A-F]{8})/.exec(confirmation);
  expect(number, "the confirmation names the order").toBeTruthy();
  return (number?.[1] ?? number?.[2]) as string;
}
