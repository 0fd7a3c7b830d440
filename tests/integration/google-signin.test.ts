import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { accounts, users } from "../../server/db/schema";
import { type FakeOidc, type IdTokenTamper, startFakeOidc } from "../fakes/oidc";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  PUBLIC_URL,
  registerVerified,
  TestBrowser,
  userByEmail,
} from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";

let database: DatabaseHandle;
let smtp: FakeSmtp;
let oidc: FakeOidc;
let t: AccountsTestApp;
let address = 1;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  oidc = await startFakeOidc({
    clientId: "store-client",
    clientSecret: "store-secret",
    redirectUris: [`${PUBLIC_URL}/api/auth/callback/google`],
  });
  t = await createAccountsTestApp(database, {
    env: {
      SMTP_URL: smtp.url,
      GOOGLE_CLIENT_ID: "store-client",
      GOOGLE_CLIENT_SECRET: "store-secret",
      GOOGLE_ISSUER: oidc.issuer,
    },
  });
});
afterAll(async () => {
  await oidc.stop();
  await smtp.stop();
  await database.close();
});
beforeEach(() => {
  oidc.state.tamper = undefined;
});

/** The whole round trip as a browser makes it; returns where the store finally sends it. */
async function googleSignIn(browser = new TestBrowser(t.app, `198.51.100.${address++}`)) {
  const start = await browser.postJson("/api/auth/sign-in/social", {
    provider: "google",
    callbackURL: "/auth/complete?redirectTo=%2Fprofile",
    errorCallbackURL: "/login",
    disableRedirect: true,
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  expect(url.startsWith(`${oidc.issuer}/auth?`)).toBe(true);
  const back = await oidc.authorize(url);
  expect(back.startsWith(`${PUBLIC_URL}/api/auth/callback/google?`)).toBe(true);
  const callback = await browser.request(back);
  expect(callback.status).toBe(302);
  return { browser, location: callback.headers.get("location") ?? "" };
}

const sessionEmail = async (browser: TestBrowser) => {
  const text = await (await browser.request("/api/auth/get-session")).text();
  return text === "null" ? null : (JSON.parse(text).user.email as string);
};

describe("Google sign-in through OpenID Connect", () => {
  it("creates a verified account with the names from Google and signs it in", async () => {
    oidc.state.nextUser = {
      sub: "g-ada",
      email: "Ada.G@gmail.com",
      email_verified: true,
      name: "Ada Lovelace",
      given_name: "Ada",
      family_name: "Lovelace",
    };
    const { browser, location } = await googleSignIn();
    expect(location).toBe("/auth/complete?redirectTo=%2Fprofile");
    expect(await sessionEmail(browser)).toBe("ada.g@gmail.com");
    const user = await userByEmail(database, "ada.g@gmail.com");
    expect(user).toMatchObject({ emailVerified: true, firstName: "Ada", lastName: "Lovelace" });
    // Signing in again finds the same account.
    const again = await googleSignIn();
    expect(await sessionEmail(again.browser)).toBe("ada.g@gmail.com");
    expect(await database.db.select().from(users).where(eq(users.email, "ada.g@gmail.com"))).toHaveLength(1);
  });

  it("links to an existing password account when Google says the e-mail is verified", async () => {
    await registerVerified(t, smtp, "linked@example.com", new TestBrowser(t.app, "198.51.100.200"));
    oidc.state.nextUser = { sub: "g-linked", email: "linked@example.com", email_verified: true };
    const { browser } = await googleSignIn();
    expect(await sessionEmail(browser)).toBe("linked@example.com");
    const user = await userByEmail(database, "linked@example.com");
    const providers = (await database.db.select().from(accounts).where(eq(accounts.userId, user.id))).map(
      (a) => a.providerId,
    );
    expect(providers.sort()).toEqual(["credential", "google"]);
    // The password still works.
    const pw = await new TestBrowser(t.app, "198.51.100.201").postJson("/api/auth/sign-in/email", {
      email: "linked@example.com",
      password: GOOD_PASSWORD,
    });
    expect(pw.status).toBe(200);
  });

  it("does not link when Google does not vouch for the e-mail", async () => {
    await registerVerified(t, smtp, "victim@example.com", new TestBrowser(t.app, "198.51.100.202"));
    oidc.state.nextUser = { sub: "g-attacker", email: "victim@example.com", email_verified: false };
    const { browser, location } = await googleSignIn();
    expect(location).toMatch(/^\/login\?error=/);
    expect(await sessionEmail(browser)).toBeNull();
    const user = await userByEmail(database, "victim@example.com");
    const providers = (await database.db.select().from(accounts).where(eq(accounts.userId, user.id))).map(
      (a) => a.providerId,
    );
    expect(providers).toEqual(["credential"]);
  });

  it("gives no session to a new Google account whose e-mail Google has not verified", async () => {
    oidc.state.nextUser = { sub: "g-unverified", email: "fresh@gmail.com", email_verified: false };
    const { browser, location } = await googleSignIn();
    expect(location).toMatch(/^\/login\?error=/);
    expect(await sessionEmail(browser)).toBeNull();
  });

  it("comes back with access_denied when the person cancels at Google", async () => {
    oidc.state.nextUser = "cancel";
    const { browser, location } = await googleSignIn();
    expect(new URL(location, PUBLIC_URL).searchParams.get("error")).toBe("access_denied");
    expect(await sessionEmail(browser)).toBeNull();
    oidc.state.nextUser = { sub: "g-ada", email: "ada.g@gmail.com", email_verified: true };
  });

  it.each<IdTokenTamper>(["wrong-audience", "wrong-issuer", "bad-signature", "expired"])(
    "refuses an ID token with %s",
    async (mode) => {
      oidc.state.nextUser = { sub: `g-${mode}`, email: `${mode}@gmail.com`, email_verified: true };
      oidc.state.tamper = mode;
      const { browser, location } = await googleSignIn();
      expect(location).toMatch(/^\/login\?error=/);
      expect(await sessionEmail(browser)).toBeNull();
      expect(await userByEmail(database, `${mode}@gmail.com`)).toBeUndefined();
    },
  );

  it("accepts an ID token the fake re-signed unchanged (so the refusals above are about the tampering)", async () => {
    oidc.state.nextUser = { sub: "g-control", email: "control@gmail.com", email_verified: true };
    oidc.state.tamper = "re-signed-unchanged";
    const { browser, location } = await googleSignIn();
    expect(location).toBe("/auth/complete?redirectTo=%2Fprofile");
    expect(await sessionEmail(browser)).toBe("control@gmail.com");
  });

  it("refuses a callback whose state does not match this browser", async () => {
    oidc.state.nextUser = { sub: "g-csrf", email: "csrf@gmail.com", email_verified: true };
    const attacker = new TestBrowser(t.app, "198.51.100.210");
    const start = await attacker.postJson("/api/auth/sign-in/social", {
      provider: "google",
      callbackURL: "/",
      disableRedirect: true,
    });
    const back = await oidc.authorize(((await start.json()) as { url: string }).url);
    const victim = new TestBrowser(t.app, "198.51.100.211");
    await victim.request(back);
    expect(await sessionEmail(victim)).toBeNull();
  });
});

describe("without Google configured", () => {
  it("has no Google provider", async () => {
    const plain = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url } });
    const res = await new TestBrowser(plain.app, "198.51.100.220").postJson("/api/auth/sign-in/social", {
      provider: "google",
      callbackURL: "/",
      disableRedirect: true,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("the login page with Google configured", () => {
  it("shows 'Continue with Google', starts the round trip, and reports the outcome", async () => {
    const withPages = await createAccountsTestApp(database, {
      withPages: true,
      env: {
        SMTP_URL: smtp.url,
        GOOGLE_CLIENT_ID: "store-client",
        GOOGLE_CLIENT_SECRET: "store-secret",
        GOOGLE_ISSUER: oidc.issuer,
      },
    });
    const browser = new TestBrowser(withPages.app, "198.51.100.230");
    expect(await (await browser.request("/login")).text()).toContain("Continue with Google");

    oidc.state.nextUser = { sub: "g-page", email: "page.google@gmail.com", email_verified: true, given_name: "Paige" };
    const start = await browser.postForm("/login", { intent: "google", redirectTo: "/addresses" });
    expect(start.status).toBe(302);
    const back = await oidc.authorize(start.headers.get("location")!);
    const callback = await browser.request(back);
    expect(callback.headers.get("location")).toBe("/auth/complete?redirectTo=%2Faddresses");
    const complete = await browser.request(callback.headers.get("location")!);
    expect(complete.headers.get("location")).toBe("/addresses");
    const page = await (await browser.request("/addresses")).text();
    expect(page).toContain("Google login successful!");
    expect(page).toContain("Paige");

    const failed = await (
      await new TestBrowser(withPages.app, "198.51.100.231").request("/login?error=unable_to_get_user_info")
    ).text();
    expect(failed).toContain("Google login failed. Please try again.");
    const cancelled = await (
      await new TestBrowser(withPages.app, "198.51.100.232").request("/login?error=access_denied")
    ).text();
    expect(cancelled).not.toContain("Google login failed. Please try again.");
  });
});
