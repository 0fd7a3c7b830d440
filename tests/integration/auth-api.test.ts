import { eq, sql } from "drizzle-orm";
import { createEmailVerificationToken } from "better-auth/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import type { DatabaseHandle } from "../../server/db/client";
import { accounts, rateLimits, sessions, verifications } from "../../server/db/schema";
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

let database: DatabaseHandle;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let seen: string[] = [];

/** Every body a test reads goes through here, so the last test can look for leaked secrets. */
async function body(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  seen.push(text);
  return text ? JSON.parse(text) : {};
}

const signIn = (b: TestBrowser, email: string, password = GOOD_PASSWORD) =>
  b.postJson("/api/auth/sign-in/email", { email, password });

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, {
    env: { SMTP_URL: smtp.url },
    auth: { signInRateLimit: { window: 60, max: 4 } },
  });
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

describe("register, verify, sign in", () => {
  it("sends a one-time verification link; only a verified account gets a session", async () => {
    const browser = new TestBrowser(t.app, "198.51.100.10");
    const signUp = await browser.postJson("/api/auth/sign-up/email", {
      name: "",
      email: "Ada@Example.com",
      password: GOOD_PASSWORD,
      callbackURL: "/verify-email",
    });
    expect(signUp.status).toBe(200);
    expect(browser.hasSession()).toBe(false);

    const early = await signIn(browser, "ada@example.com");
    expect(early.status).toBe(403);
    expect(await body(early)).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });
    expect(browser.hasSession()).toBe(false);

    await t.services.mail.worker.runOnce();
    const mail = await smtp.waitFor("ada@example.com");
    expect(mail.subject).toBe("Verify your email for Threadline");
    const link = linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email?token=`);

    const first = await browser.request(link);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/verify-email");
    expect((await userByEmail(database, "ada@example.com")).emailVerified).toBe(true);

    const second = await browser.request(link);
    expect(second.headers.get("location")).toBe("/verify-email?error=LINK_USED");

    const ok = await signIn(browser, "ada@example.com");
    expect(ok.status).toBe(200);
    expect(browser.hasSession()).toBe(true);
    const session = await body(await browser.request("/api/auth/get-session"));
    expect(session).toMatchObject({ user: { email: "ada@example.com", emailVerified: true } });
  });

  it("refuses an expired verification link", async () => {
    await new TestBrowser(t.app, "198.51.100.11").postJson("/api/auth/sign-up/email", {
      name: "",
      email: "late@example.com",
      password: GOOD_PASSWORD,
    });
    const user = await userByEmail(database, "late@example.com");
    const token = await createEmailVerificationToken(t.config.authSecret, "late@example.com", undefined, -60, {
      userId: user.id,
    });
    const res = await new TestBrowser(t.app).request(
      `/api/auth/verify-email?token=${token}&callbackURL=%2Fverify-email`,
    );
    expect(res.headers.get("location")).toBe("/verify-email?error=TOKEN_EXPIRED");
    expect((await userByEmail(database, "late@example.com")).emailVerified).toBe(false);
  });

  it("says 'Email already exists' for a taken address, whatever its case", async () => {
    const res = await new TestBrowser(t.app, "198.51.100.12").postJson("/api/auth/sign-up/email", {
      name: "",
      email: "ADA@example.com",
      password: GOOD_PASSWORD,
    });
    expect(res.status).toBe(422);
    expect(await body(res)).toEqual({ code: "USER_ALREADY_EXISTS", message: "Email already exists" });
  });

  it.each([
    ["a common password", "password123"],
    ["the e-mail as password", "weak.one@example.com"],
    ["a keyboard walk", "qwertyuiop"],
  ])("refuses %s with 'Password is too weak'", async (_label, password) => {
    const res = await new TestBrowser(t.app, "198.51.100.13").postJson("/api/auth/sign-up/email", {
      name: "",
      email: "weak.one@example.com",
      password,
    });
    expect(res.status).toBe(400);
    expect(await body(res)).toMatchObject({ message: "Password is too weak" });
    expect(await userByEmail(database, "weak.one@example.com")).toBeUndefined();
  });

  it("ignores role, isAdmin, emailVerified and other extra fields", async () => {
    const res = await new TestBrowser(t.app, "198.51.100.14").postJson("/api/auth/sign-up/email", {
      name: "",
      email: "sneaky@example.com",
      password: GOOD_PASSWORD,
      role: "admin",
      isAdmin: true,
      emailVerified: true,
      firstName: "Injected",
    });
    expect(res.status).toBe(200);
    const user = await userByEmail(database, "sneaky@example.com");
    expect(user.emailVerified).toBe(false);
    expect(user.firstName).toBeNull();
    expect(user).not.toHaveProperty("role");
    expect((await signIn(new TestBrowser(t.app, "198.51.100.14"), "sneaky@example.com")).status).toBe(403);
  });

  it("a sign-up whose verification e-mail cannot be queued fails as a whole: 503, no account, and the same address works later", async () => {
    // The outbox refuses the row (a full disk, a constraint): the e-mail cannot be queued.
    await database.db.execute(sql`
      create function refuse_outbox() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`,
    );
    const accountsBefore = (await database.db.select().from(accounts)).length;
    const sessionsBefore = (await database.db.select().from(sessions)).length;
    const browser = new TestBrowser(t.app, "198.51.100.16");
    const attempt = () =>
      browser.postJson("/api/auth/sign-up/email", {
        name: "",
        email: "unlucky@example.com",
        password: GOOD_PASSWORD,
        callbackURL: "/verify-email",
      });
    try {
      const res = await attempt();
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(await body(res)).toEqual({
        code: "VERIFICATION_EMAIL_NOT_QUEUED",
        message: messages.register.mailNotQueued,
      });
      // Nothing is left of the account: no user, no password, no session.
      expect(await userByEmail(database, "unlucky@example.com")).toBeUndefined();
      expect(await database.db.select().from(accounts)).toHaveLength(accountsBefore);
      expect(await database.db.select().from(sessions)).toHaveLength(sessionsBefore);
    } finally {
      await database.db.execute(sql`drop trigger refuse_outbox on outbox`);
      await database.db.execute(sql`drop function refuse_outbox()`);
    }
    // The outbox takes rows again: the same address signs up, and its e-mail is queued.
    expect((await attempt()).status).toBe(200);
    await t.services.mail.worker.runOnce();
    expect((await smtp.waitFor("unlucky@example.com")).subject).toBe("Verify your email for Threadline");
  });

  it.each([
    [
      "sign-up with a 10 KB e-mail",
      "/api/auth/sign-up/email",
      { name: "", email: `${"a".repeat(10_240)}@example.com`, password: GOOD_PASSWORD },
      "EMAIL_TOO_LONG",
    ],
    [
      "sign-up with a 10 KB password",
      "/api/auth/sign-up/email",
      { name: "", email: "big@example.com", password: "x".repeat(10_240) },
      "PASSWORD_TOO_LONG",
    ],
    [
      "sign-in with a 10 KB e-mail",
      "/api/auth/sign-in/email",
      { email: `${"a".repeat(10_240)}@example.com`, password: "x" },
      "EMAIL_TOO_LONG",
    ],
    [
      "sign-in with a 10 KB password",
      "/api/auth/sign-in/email",
      { email: "ada@example.com", password: "x".repeat(10_240) },
      "PASSWORD_TOO_LONG",
    ],
  ])("%s gets a clear 400", async (_label, path, payload, code) => {
    const res = await new TestBrowser(t.app, "198.51.100.15").postJson(path, payload);
    expect(res.status).toBe(400);
    const json = await body(res);
    expect(json.code).toBe(code);
    expect(json.message).toMatch(/at most (254|128) characters long/);
  });
});

describe("signing in", () => {
  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const browser = new TestBrowser(t.app, "198.51.100.20");
    const wrong = await signIn(browser, "ada@example.com", "Wrong-Password-99");
    const unknown = await signIn(browser, "nobody@example.com", "Wrong-Password-99");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await body(wrong), await body(unknown)];
    expect(a).toEqual(b);
    expect(a).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
    expect(browser.hasSession()).toBe(false);
  });

  it("limits attempts from one address", async () => {
    const browser = new TestBrowser(t.app, "198.51.100.21");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await signIn(browser, `guess${i}@example.com`, "Wrong-Password-99")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const limited = await signIn(browser, "ada@example.com");
    expect(limited.status).toBe(429);
    expect(await body(limited)).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: "Too many attempts. Please try again later.",
    });
    // Another address is not affected.
    expect((await signIn(new TestBrowser(t.app, "198.51.100.22"), "ada@example.com")).status).toBe(200);
  });

  it("locks one account at one address after five wrong passwords; the right password elsewhere still works", async () => {
    await registerVerified(t, smtp, "target@example.com", new TestBrowser(t.app, "198.51.100.30"));
    const guesser = new TestBrowser(t.app, "203.0.113.1");
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await signIn(guesser, "target@example.com", "Wrong-Password-99")).status);
    // (the per-address limiter of this app allows 4 a minute: the guesser waits in between)
    await database.db.delete(rateLimits);
    for (let i = 0; i < 3; i++)
      statuses.push((await signIn(guesser, "target@example.com", "Wrong-Password-99")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await signIn(guesser, "target@example.com");
    expect(right.status).toBe(429);
    expect(await body(right)).toMatchObject({ message: "Too many attempts. Please try again later." });
    expect((await signIn(new TestBrowser(t.app, "203.0.113.50"), "target@example.com")).status).toBe(200);
  });

  it("a successful sign-in clears the failed attempts of its account at that address", async () => {
    await registerVerified(t, smtp, "clumsy@example.com", new TestBrowser(t.app, "198.51.100.31"));
    const clumsy = new TestBrowser(t.app, "203.0.114.1");
    for (let round = 0; round < 3; round++) {
      await database.db.delete(rateLimits);
      for (let i = 0; i < 3; i++)
        expect((await signIn(clumsy, "clumsy@example.com", "Nope-Nope-123")).status).toBe(401);
      expect((await signIn(clumsy, "clumsy@example.com")).status).toBe(200);
    }
  });
});

describe("sessions", () => {
  it("is an httpOnly, SameSite=Lax cookie, not Secure on http, and no token appears in a body", async () => {
    const browser = new TestBrowser(t.app, "198.51.100.40");
    const res = await signIn(browser, "ada@example.com");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("threadline.session_token="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const json = await body(res);
    expect(json).not.toHaveProperty("token");
    const session = await body(await browser.request("/api/auth/get-session"));
    expect(session.session).not.toHaveProperty("token");
    expect(session.user).toMatchObject({ email: "ada@example.com" });
  });

  it("is Secure when the store is served over https", async () => {
    const secure = await createAccountsTestApp(database, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://shop.example" },
    });
    const res = await secure.app.request(
      "https://shop.example/api/auth/sign-in/email",
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://shop.example" },
        body: JSON.stringify({ email: "ada@example.com", password: GOOD_PASSWORD }),
      },
      { incoming: { socket: { remoteAddress: "198.51.100.41" } } },
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/^__Secure-threadline\.session_token=.*; Secure/);
  });

  it("survives a restart of the server", async () => {
    const browser = new TestBrowser(t.app, "198.51.100.42");
    await signIn(browser, "ada@example.com");
    const restarted = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url }, dataDir: t.dataDir });
    const again = new TestBrowser(restarted.app, "198.51.100.42");
    for (const [k, v] of browser.cookies) again.cookies.set(k, v);
    expect(await body(await again.request("/api/auth/get-session"))).toMatchObject({
      user: { email: "ada@example.com" },
    });
  });

  it("sign-out ends the session on the server, not only in the browser", async () => {
    const browser = new TestBrowser(t.app, "198.51.100.43");
    await signIn(browser, "ada@example.com");
    const stolen = new Map(browser.cookies);
    expect((await browser.postJson("/api/auth/sign-out", {})).status).toBe(200);
    const replay = new TestBrowser(t.app, "198.51.100.43");
    for (const [k, v] of stolen) replay.cookies.set(k, v);
    expect(await (await replay.request("/api/auth/get-session")).text()).toBe("null");
  });

  it("an expired session is no longer signed in", async () => {
    const browser = new TestBrowser(t.app, "198.51.100.44");
    await signIn(browser, "ada@example.com");
    const user = await userByEmail(database, "ada@example.com");
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await (await browser.request("/api/auth/get-session")).text()).toBe("null");
  });

  it("a new sign-in gets a new session token", async () => {
    const browser = new TestBrowser(t.app, "198.51.100.45");
    await signIn(browser, "ada@example.com");
    const first = browser.cookies.get("threadline.session_token");
    await signIn(browser, "ada@example.com");
    expect(browser.cookies.get("threadline.session_token")).not.toBe(first);
  });
});

describe("password reset", () => {
  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const before = smtp.inbox.length;
    const known = await new TestBrowser(t.app, "198.51.100.50").postJson("/api/auth/request-password-reset", {
      email: "ada@example.com",
      redirectTo: "/reset-password",
    });
    const unknown = await new TestBrowser(t.app, "198.51.100.51").postJson("/api/auth/request-password-reset", {
      email: "ghost@example.com",
      redirectTo: "/reset-password",
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await body(known)).toEqual(await body(unknown));
    await t.services.mail.worker.runOnce();
    await smtp.waitFor("ada@example.com", { after: before });
    expect(smtp.inbox.slice(before).map((m) => m.to[0])).toEqual(["ada@example.com"]);
  });

  it("resets with a one-time link, refuses a weak password, and signs out other sessions", async () => {
    const email = "forgetful@example.com";
    const other = await registerVerified(t, smtp, email, new TestBrowser(t.app, "198.51.100.52"));
    expect((await signIn(other, email)).status).toBe(200);

    const browser = new TestBrowser(t.app, "198.51.100.53");
    const before = smtp.inbox.length;
    await browser.postJson("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    await t.services.mail.worker.runOnce();
    const mail = await smtp.waitFor(email, { after: before });
    expect(mail.subject).toBe("Reset your Threadline password");
    const link = linkIn(mail, `${PUBLIC_URL}/api/auth/reset-password/`);
    const landing = await browser.request(link);
    const location = landing.headers.get("location")!;
    expect(location).toMatch(/^http:\/\/store\.test\/reset-password\?token=/);
    const token = new URL(location).searchParams.get("token")!;

    const weak = await browser.postJson("/api/auth/reset-password", { token, newPassword: "password1" });
    expect(weak.status).toBe(400);
    expect(await body(weak)).toMatchObject({ message: "Password is too weak" });

    const done = await browser.postJson("/api/auth/reset-password", { token, newPassword: "Another-Harbor-77" });
    expect(done.status).toBe(200);
    const reuse = await browser.postJson("/api/auth/reset-password", { token, newPassword: "Third-Harbor-88x" });
    expect(reuse.status).toBe(400);
    expect(await body(reuse)).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await browser.request(link)).headers.get("location")).toMatch(/error=INVALID_TOKEN/);

    expect(await (await other.request("/api/auth/get-session")).text()).toBe("null");
    expect((await signIn(new TestBrowser(t.app, "198.51.100.54"), email)).status).toBe(401);
    expect((await signIn(new TestBrowser(t.app, "198.51.100.55"), email, "Another-Harbor-77")).status).toBe(200);
  });

  it("refuses an expired reset link", async () => {
    const browser = new TestBrowser(t.app, "198.51.100.56");
    const before = smtp.inbox.length;
    await browser.postJson("/api/auth/request-password-reset", {
      email: "ada@example.com",
      redirectTo: "/reset-password",
    });
    await t.services.mail.worker.runOnce();
    const link = linkIn(
      await smtp.waitFor("ada@example.com", { after: before }),
      `${PUBLIC_URL}/api/auth/reset-password/`,
    );
    await database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await browser.request(link)).headers.get("location")).toMatch(/\/reset-password\?error=INVALID_TOKEN$/);
  });
});

describe("cross-site requests", () => {
  it.each([
    ["sign-in", "/api/auth/sign-in/email", { email: "ada@example.com", password: GOOD_PASSWORD }],
    ["sign-up", "/api/auth/sign-up/email", { name: "", email: "csrf@example.com", password: GOOD_PASSWORD }],
    ["sign-out", "/api/auth/sign-out", {}],
  ])("refuses %s from a foreign Origin", async (_label, path, payload) => {
    const browser = new TestBrowser(t.app, "198.51.100.60");
    await signIn(browser, "ada@example.com");
    const res = await browser.postJson(path, payload, { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await userByEmail(database, "csrf@example.com")).toBeUndefined();
  });

  it("refuses a cross-site request that has no Origin (Sec-Fetch-Site)", async () => {
    const res = await t.app.request(
      `${PUBLIC_URL}/api/auth/sign-in/email`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
        body: JSON.stringify({ email: "ada@example.com", password: GOOD_PASSWORD }),
      },
      { incoming: { socket: { remoteAddress: "198.51.100.61" } } },
    );
    expect(res.status).toBe(403);
    expect(await body(res)).toEqual({ message: "Cross-site request refused" });
  });
});

describe("secrets", () => {
  it("no response read by these tests contains a password hash or a session token", async () => {
    const hashes = (await database.db.select({ password: accounts.password }).from(accounts))
      .map((a) => a.password)
      .filter((p): p is string => Boolean(p));
    const tokens = (await database.db.select({ token: sessions.token }).from(sessions)).map((s) => s.token);
    expect(hashes.length).toBeGreaterThan(3);
    expect(tokens.length).toBeGreaterThan(3);
    const all = seen.join("\n");
    for (const secret of [...hashes, ...tokens]) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/"password"\s*:/);
    seen = [];
  });
});
