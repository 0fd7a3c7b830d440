import { type APIRequestContext, type Browser, type BrowserContext, expect, type TestInfo } from "@playwright/test";
import { verificationLink } from "./mailbox";

/**
 * People for end-to-end tests, made through the store's own endpoints (sign-up, the e-mailed
 * link, sign-in, the address book, the sandbox card checkout) rather than by writing to the
 * database, so what a test sees is what a shopper's actions would have made.
 */

export const ADMIN = "admin@example.com";
export const PASSWORD = "Velvet-Harbor-42";
export const ADDRESS = {
  name: "Ada Shopper",
  phone: "+1 555 0100",
  street: "12 Loom Street",
  city: "Portland",
  state: "OR",
  zipCode: "97201",
  country: "United States",
};

/** An address unique to this run and test, so parallel tests never share a person. */
export const uniqueEmail = (label: string, info: TestInfo) =>
  `${label}-${info.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/**
 * Registers `email` (unless it exists: the administrator is shared by every test), opens its
 * verification link and signs in; the request context keeps the session cookie.
 */
export async function signIn(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  options: { name?: string } = {},
) {
  const headers = { origin: baseURL };
  const signUp = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: { name: options.name ?? "", email, password: PASSWORD },
    headers,
  });
  expect([200, 422]).toContain(signUp.status());
  // An account that exists and is verified signs in at once: the administrator's address also gets
  // the owner's mails (decision 054), which may push its verification out of the mailbox's list.
  if (signUp.status() === 422) {
    const direct = await request.post(`${baseURL}/api/auth/sign-in/email`, {
      data: { email, password: PASSWORD },
      headers,
    });
    if (direct.status() === 200) return;
  }
  await request.get(await verificationLink(request, baseURL, email), { maxRedirects: 0 });
  const res = await request.post(`${baseURL}/api/auth/sign-in/email`, { data: { email, password: PASSWORD }, headers });
  expect(res.status()).toBe(200);
}

/** A browser context of the test's project (viewport, touch), signed in as `email`. */
export async function signedInContext(
  browser: Browser,
  info: TestInfo,
  email: string,
  options: { name?: string } = {},
): Promise<BrowserContext> {
  const { viewport, isMobile, hasTouch } = info.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch });
  await signIn(context.request, String(info.project.use.baseURL), email, options);
  return context;
}

/** Saves the shopper's default address through the address book's form; returns its id. */
export async function saveAddress(
  request: APIRequestContext,
  baseURL: string,
  address: Partial<typeof ADDRESS> = {},
): Promise<string> {
  const fields = { ...ADDRESS, ...address };
  const saved = await request.post(`${baseURL}/addresses`, {
    form: { intent: "create", ...fields, isDefault: "on" },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(saved.status()).toBeLessThan(400);
  const html = await (await request.get(`${baseURL}/addresses`)).text();
  const id = /name="id" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  expect(id, "the saved address is listed").toBeTruthy();
  return id as string;
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
