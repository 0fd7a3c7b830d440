import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { accounts } from "../../server/db/schema";
import { type FakeSmtp, linkIn, startFakeSmtp } from "../fakes/smtp";
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
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";

/** The screens over HTTP as a browser without JavaScript uses them: form posts, redirects, cookies. */

let database: DatabaseHandle;
let smtp: FakeSmtp;
let t: AccountsTestApp;
const pages: string[] = [];
let nextAddress = 1;
const browser = () => new TestBrowser(t.app, `192.0.2.${nextAddress++}`);

async function html(res: Response): Promise<string> {
  const text = await res.text();
  pages.push(text);
  return text;
}

/** Follows one redirect the way a browser would, returning the page it lands on. */
async function follow(b: TestBrowser, res: Response): Promise<{ status: number; text: string; url: string }> {
  const location = res.headers.get("location");
  if (!location) throw new Error(`expected a redirect, got ${res.status}`);
  const next = await b.request(location);
  return { status: next.status, text: await html(next), url: location };
}

async function signedIn(email: string) {
  const b = await registerVerified(t, smtp, email, browser());
  const res = await b.postForm("/login", { email, password: GOOD_PASSWORD });
  expect(res.status).toBe(302);
  return b;
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url }, withPages: true });
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

describe("/register", () => {
  it.each([
    [
      "all fields empty",
      { email: "", password: "", confirmPassword: "" },
      ["Email is required", "Password is required", "Please confirm your password"],
    ],
    [
      "a bad e-mail",
      { email: "nope@", password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
      ["Invalid email address"],
    ],
    [
      "a short password",
      { email: "a@example.com", password: "abc", confirmPassword: "abc" },
      ["Password must be at least 6 characters long"],
    ],
    [
      "different passwords",
      { email: "a@example.com", password: GOOD_PASSWORD, confirmPassword: `${GOOD_PASSWORD}x` },
      ["Passwords do not match"],
    ],
    [
      "a common password",
      { email: "a@example.com", password: "password123", confirmPassword: "password123" },
      ["Password is too weak"],
    ],
    [
      "a 10 KB e-mail",
      { email: `${"a".repeat(10_240)}@example.com`, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
      ["Email address must be at most 254 characters long"],
    ],
    [
      "a 10 KB password",
      { email: "a@example.com", password: "x".repeat(10_240), confirmPassword: "x".repeat(10_240) },
      ["Password must be at most 128 characters long"],
    ],
  ])("refuses %s with the documented words", async (_label, fields, expected) => {
    const res = await browser().postForm("/register", fields);
    expect(res.status).toBe(400);
    const page = await html(res);
    for (const text of expected) expect(page).toContain(text);
    expect(await userByEmail(database, "a@example.com")).toBeUndefined();
  });

  it("creates the account, sends the e-mail and goes to /login with 'Verification email sent! Please check your inbox.'", async () => {
    const b = browser();
    const res = await b.postForm("/register", {
      email: "Page.User@Example.com",
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      role: "admin",
      isAdmin: "true",
      emailVerified: "true",
    });
    expect(res.status).toBe(302);
    const landed = await follow(b, res);
    expect(landed.url).toBe("/login");
    expect(landed.text).toContain("Verification email sent! Please check your inbox.");
    const user = await userByEmail(database, "page.user@example.com");
    expect(user.emailVerified).toBe(false);
    await t.services.mail.worker.runOnce();
    const mail = await smtp.waitFor("page.user@example.com");
    // The link leads through better-auth to the store's landing page, then to /login.
    const verify = await b.request(linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email`));
    expect(verify.headers.get("location")).toBe("/verify-email");
    const landing = await b.request("/verify-email");
    expect(landing.headers.get("location")).toBe("/login");
    const again = await b.request(linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email`));
    const used = await follow(b, again);
    expect(used.text).toContain("This verification link has already been used.");
  });

  it("says 'Email already exists' for a registered address", async () => {
    const res = await browser().postForm("/register", {
      email: "page.user@example.com",
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    expect(res.status).toBe(422);
    expect(await html(res)).toContain("Email already exists");
  });
});

describe("/login", () => {
  it("signs in, sets the session cookie and comes back to where the shopper was with 'Login successful!'", async () => {
    await registerVerified(t, smtp, "shopper@example.com", browser());
    const b = browser();
    const res = await b.postForm("/login", {
      email: "shopper@example.com",
      password: GOOD_PASSWORD,
      redirectTo: "/addresses",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/addresses");
    expect(res.headers.getSetCookie().join("\n")).toMatch(/threadline\.session_token=.*HttpOnly; SameSite=Lax/);
    const landed = await follow(b, res);
    expect(landed.status).toBe(200);
    expect(landed.text).toContain("Login successful!");
    expect(landed.text).toContain("My Addresses");
  });

  it("never redirects off the site", async () => {
    const res = await browser().postForm("/login", {
      email: "shopper@example.com",
      password: GOOD_PASSWORD,
      redirectTo: "//evil.example/x",
    });
    expect(res.headers.get("location")).toBe("/");
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const wrong = await browser().postForm("/login", { email: "shopper@example.com", password: "Wrong-Password-1" });
    const unknown = await browser().postForm("/login", { email: "ghost@example.com", password: "Wrong-Password-1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await html(wrong), await html(unknown)];
    expect(a).toContain("Invalid email or password");
    expect(b).toContain("Invalid email or password");
    expect(wrong.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
  });

  it("warns an unverified account, gives no session, and offers to resend the e-mail", async () => {
    const b = browser();
    await b.postForm("/register", {
      email: "waiting@example.com",
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    });
    const res = await b.postForm("/login", { email: "waiting@example.com", password: GOOD_PASSWORD });
    expect(res.status).toBe(403);
    const page = await html(res);
    expect(page).toContain("Please verify your email before logging in.");
    expect(page).toContain("Resend verification email");
    expect(b.hasSession()).toBe(false);
    const before = smtp.inbox.length;
    const resend = await b.postForm("/login", { intent: "resend", email: "waiting@example.com" });
    expect(resend.status).toBe(200);
    expect(await html(resend)).toContain("Verification email sent! Please check your inbox.");
    await t.services.mail.worker.runOnce();
    expect((await smtp.waitFor("waiting@example.com", { after: before })).subject).toBe(
      "Verify your email for Threadline",
    );
  });

  it("says 'Too many attempts. Please try again later.' when one address keeps trying", async () => {
    const b = browser();
    let last: Response | undefined;
    for (let i = 0; i < 21; i++)
      last = await b.postForm("/login", { email: `nobody${i}@example.com`, password: "Wrong-Password-1" });
    expect(last!.status).toBe(429);
    expect(await html(last!)).toContain("Too many attempts. Please try again later.");
  });

  it("refuses a 10 KB password with a clear 400", async () => {
    const res = await browser().postForm("/login", { email: "shopper@example.com", password: "x".repeat(10_240) });
    expect(res.status).toBe(400);
    expect(await html(res)).toContain("Password must be at most 128 characters long");
  });

  it("hides 'Continue with Google' when Google is not configured", async () => {
    const page = await html(await browser().request("/login"));
    expect(page).toContain("Forgot password?");
    expect(page).not.toContain("Continue with Google");
  });
});

describe("forgot and reset password", () => {
  it("answers the same for a known and an unknown e-mail", async () => {
    const known = await html(await browser().postForm("/forgot-password", { email: "shopper@example.com" }));
    const unknown = await html(await browser().postForm("/forgot-password", { email: "ghost@example.com" }));
    const words = "If an account exists for that email, we have sent a link to reset the password.";
    expect(known).toContain(words);
    expect(unknown).toContain(words);
  });

  it("resets through the e-mailed link once", async () => {
    const b = browser();
    const before = smtp.inbox.length;
    await b.postForm("/forgot-password", { email: "shopper@example.com" });
    await t.services.mail.worker.runOnce();
    const mail = await smtp.waitFor("shopper@example.com", { after: before });
    const landing = await b.request(linkIn(mail, `${PUBLIC_URL}/api/auth/reset-password/`));
    const page = new URL(landing.headers.get("location")!);
    expect(page.pathname).toBe("/reset-password");
    const token = page.searchParams.get("token")!;
    expect(await html(await b.request(`${page.pathname}${page.search}`))).toContain("Choose a new password");
    const weak = await b.postForm("/reset-password", { token, password: "password1", confirmPassword: "password1" });
    expect(await html(weak)).toContain("Password is too weak");
    const done = await b.postForm("/reset-password", {
      token,
      password: "Brand-New-Harbor-9",
      confirmPassword: "Brand-New-Harbor-9",
    });
    expect(done.status).toBe(302);
    expect((await follow(b, done)).text).toContain("Your password has been changed. You can now log in.");
    const reuse = await b.postForm("/reset-password", {
      token,
      password: "Other-New-Harbor-8",
      confirmPassword: "Other-New-Harbor-8",
    });
    expect(await html(reuse)).toContain("This reset link is invalid or has expired.");
    expect(
      (await browser().postForm("/login", { email: "shopper@example.com", password: "Brand-New-Harbor-9" })).status,
    ).toBe(302);
  });
});

describe("pages for signed-in shoppers", () => {
  it.each(["/profile", "/addresses"])("%s sends a visitor to /login and back afterwards", async (path) => {
    const res = await browser().request(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it("the profile changes first name, last name and phone only", async () => {
    const b = await signedIn("profile@example.com");
    const res = await b.postForm("/profile", {
      firstName: "Grace",
      lastName: "Hopper",
      phone: "+1 555 010 2030",
      email: "other@example.com",
      emailVerified: "false",
      isAdmin: "true",
    });
    expect(res.status).toBe(200);
    expect(await html(res)).toContain("Profile updated successfully!");
    const user = await userByEmail(database, "profile@example.com");
    expect(user).toMatchObject({
      firstName: "Grace",
      lastName: "Hopper",
      phone: "+1 555 010 2030",
      emailVerified: true,
    });
    // The header greets by first name.
    expect(await html(await b.request("/"))).toContain("Grace");
    const bad = await b.postForm("/profile", { firstName: "x".repeat(51), lastName: "", phone: "" });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain("Failed to update profile");
  });

  it("addresses follow the default rules through the page", async () => {
    const b = await signedIn("book@example.com");
    const add = (name: string, extra: Record<string, string> = {}) =>
      b.postForm("/addresses", {
        intent: "create",
        name,
        phone: "555 010 2030",
        street: `${name} Street`,
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
        ...extra,
      });
    const first = await add("Home");
    expect(await html(first)).toContain("Address added successfully!");
    await add("Work", { country: "Canada", state: "ON", zipCode: "K1A 0B1" });
    await add("Gym");
    const list = async () => t.services.accounts.listAddresses((await userByEmail(database, "book@example.com")).id);
    expect((await list()).map((a) => [a.name, a.isDefault, a.country])).toEqual([
      ["Home", true, "United States"],
      ["Work", false, "Canada"],
      ["Gym", false, "United States"],
    ]);
    const gym = (await list())[2];
    const setDefault = await b.postForm("/addresses", { intent: "set-default", id: gym.id });
    expect(await html(setDefault)).toContain("Default address updated!");
    const removed = await b.postForm("/addresses", { intent: "delete", id: gym.id });
    expect(await html(removed)).toContain("Address deleted successfully!");
    expect((await list()).map((a) => [a.name, a.isDefault])).toEqual([
      ["Home", true],
      ["Work", false],
    ]);
    const invalid = await add("", { zipCode: "" });
    expect(invalid.status).toBe(400);
    const page = await html(invalid);
    expect(page).toContain("Failed to save address");
    expect(page).toContain("Name is required");
    expect(page).toContain("ZIP code is required");
  });

  it("refuses a state-changing form post from a foreign origin", async () => {
    const b = await signedIn("csrf-page@example.com");
    const res = await b.postForm(
      "/addresses",
      { intent: "create", name: "Evil", phone: "555 010 2030", street: "x", city: "x", state: "x", zipCode: "12345" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    expect(await t.services.accounts.listAddresses((await userByEmail(database, "csrf-page@example.com")).id)).toEqual(
      [],
    );
  });

  it("Sign Out ends the session and goes home", async () => {
    const b = await signedIn("leaving@example.com");
    const cookies = new Map(b.cookies);
    const res = await b.postForm("/logout", {});
    expect(res.headers.get("location")).toBe("/");
    expect(b.hasSession()).toBe(false);
    const replay = browser();
    for (const [k, v] of cookies) replay.cookies.set(k, v);
    expect((await replay.request("/profile")).status).toBe(302);
  });
});

describe("the account pages' one layout, as the server renders it", () => {
  it("My Profile, My Orders and My Addresses: each its heading, the same three account links, its own marked current", async () => {
    const b = await signedIn("layout@example.com");
    for (const [path, title] of [
      ["/profile", "My Profile"],
      ["/orders", "My Orders"],
      ["/addresses", "My Addresses"],
    ]) {
      const res = await b.request(path);
      expect(res.status).toBe(200);
      const page = withoutTextSeparators(await html(res));
      expect(elements(page, /<h1[\s>]/).map(textOf)).toEqual([title]);
      const links = elements(element(page, /<nav [^>]*aria-label="My account"/), /<a /);
      expect(links.map(textOf)).toEqual(["My Profile", "My Orders", "My Addresses"]);
      expect(links.filter((a) => attribute(a, "aria-current") === "page").map(textOf)).toEqual([title]);
    }
  });
});

describe("what pages reveal", () => {
  it("the header of a signed-in page carries the user without secrets; no page has a hash or token", async () => {
    const b = await signedIn("reveal@example.com");
    const page = await html(await b.request("/profile"));
    expect(page).toContain("reveal@example.com");
    const hashes = (await database.db.select({ password: accounts.password }).from(accounts))
      .map((a) => a.password)
      .filter((p): p is string => Boolean(p));
    const tokens = [...b.cookies.values()].map((v) => decodeURIComponent(v).split(".")[0]);
    const all = pages.join("\n");
    for (const secret of [...hashes, ...tokens]) expect(all).not.toContain(secret);
  });
});
