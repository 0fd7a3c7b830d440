import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  PUBLIC_URL,
  registerVerified,
  TestBrowser,
} from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";

/**
 * Finding 11: after sign-in, a redirectTo that only becomes another host once the URL is
 * normalised ("/.//evil.example" is "//evil.example") sent the browser off the store. Every
 * path that redirects after sign-in is tried with each value: the signed-in /login (and its
 * .data request), the login form's action, and /auth/complete (where Google sign-in returns).
 */

const HOSTILE = [
  "/.//evil.example",
  "/%2E//evil.example/x",
  "/%2e%2e//evil.example",
  "/a/..//evil.example",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "https://evil.example",
  "https:evil.example",
  "javascript:alert(1)",
  "/\t/evil.example",
];

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let shopper: TestBrowser;
const EMAIL = "redirects@example.com";

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT: "1000" }, withPages: true });
  shopper = await registerVerified(t, smtp, EMAIL, new TestBrowser(t.app, "198.51.100.10"));
  expect((await shopper.postJson("/api/auth/sign-in/email", { email: EMAIL, password: GOOD_PASSWORD })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

/** Where a browser goes for this Location header: it must be the store. */
function expectOnStore(location: string | null) {
  expect(location).not.toBeNull();
  const target = new URL(location!, `${PUBLIC_URL}/login`);
  expect(target.origin).toBe(PUBLIC_URL);
  expect(location!.startsWith("//")).toBe(false);
  expect(location).not.toContain("evil");
}

const query = (value: string) => `redirectTo=${encodeURIComponent(value)}`;

describe.each(HOSTILE)("redirectTo %j ends on the store", (value) => {
  it("from /login when already signed in", async () => {
    const res = await shopper.request(`/login?${query(value)}`);
    expect(res.status).toBe(302);
    expectOnStore(res.headers.get("location"));
  });

  it("from /login.data (the client-side navigation's request) when already signed in", async () => {
    const res = await shopper.request(`/login.data?${query(value)}`);
    const redirect = res.headers.get("x-remix-redirect") ?? res.headers.get("location");
    if (redirect) expectOnStore(redirect);
    expect(await res.text()).not.toContain("evil");
  });

  it("from the login form's action", async () => {
    const browser = new TestBrowser(t.app, "198.51.100.20");
    const res = await browser.postForm("/login", { email: EMAIL, password: GOOD_PASSWORD, redirectTo: value });
    expect(res.status).toBe(302);
    expectOnStore(res.headers.get("location"));
    expect(browser.hasSession()).toBe(true);
  });

  it("from /auth/complete, where Google sign-in comes back", async () => {
    const res = await shopper.request(`/auth/complete?${query(value)}`);
    expect(res.status).toBe(302);
    expectOnStore(res.headers.get("location"));
  });

  it("is not echoed into the login form for later", async () => {
    const html = await (await new TestBrowser(t.app, "198.51.100.21").request(`/login?${query(value)}`)).text();
    expect(html).toContain('name="redirectTo" value="/"');
  });
});

describe("a path on the store is kept", () => {
  it.each([
    ["/addresses", "/addresses"],
    ["/orders?x=1", "/orders?x=1"],
    ["/./profile", "/profile"],
    // An encoded tab stays encoded: a (missing) page of the store, not another host.
    ["/%09/evil.example", "/%09/evil.example"],
  ])("%s -> %s", async (value, expected) => {
    const res = await shopper.request(`/login?${query(value)}`);
    expect(res.headers.get("location")).toBe(expected);
    const form = await new TestBrowser(t.app, "198.51.100.22").postForm("/login", {
      email: EMAIL,
      password: GOOD_PASSWORD,
      redirectTo: value,
    });
    expect(form.headers.get("location")).toBe(expected);
  });
});
