import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { sessions } from "../../server/db/schema";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  PUBLIC_URL,
  registerVerified,
  type TestBrowser,
} from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";

/**
 * The store's own session read (server/auth/session-reader.ts, decision 064) against better-auth's
 * real cookies and rows: it answers alone only where better-auth would answer the same without
 * writing anything, and hands every other case to better-auth.
 */
let database: DatabaseHandle;
let smtp: FakeSmtp;
let t: AccountsTestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

async function signedIn(email: string) {
  const browser = await registerVerified(t, smtp, email);
  const res = await browser.postJson("/api/auth/sign-in/email", { email, password: GOOD_PASSWORD });
  expect(res.status).toBe(200);
  return browser;
}

const cookieOf = (browser: TestBrowser) => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
const request = (cookie: string) => new Request(`${PUBLIC_URL}/`, { headers: { cookie } });
const tokenOf = (browser: TestBrowser) =>
  decodeURIComponent(browser.cookies.get("threadline.session_token") ?? "").split(".")[0];

describe("the store's session read", () => {
  it("reads better-auth's fresh session itself: the same viewer, no cookie to set", async () => {
    const browser = await signedIn("reader-fresh@example.com");
    const own = await t.services.auth.session(request(cookieOf(browser)));
    expect(own.viewer).toMatchObject({ email: "reader-fresh@example.com", emailVerified: true, isAdmin: false });
    expect(own.cookies).toEqual([]);
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, tokenOf(browser)));
    expect(own.sessionId).toBe(row.id);
  });

  it("sees a sign-out at once: the next read finds no session", async () => {
    const browser = await signedIn("reader-out@example.com");
    const cookie = cookieOf(browser);
    expect((await t.services.auth.session(request(cookie))).viewer).not.toBeNull();
    expect((await browser.postJson("/api/auth/sign-out", {})).status).toBe(200);
    const after = await t.services.auth.session(request(cookie));
    expect(after.viewer).toBeNull();
    // better-auth answered the unknown token, and cleared the cookie as it does.
    expect(after.cookies.some((c) => /threadline\.session_token=;/.test(c))).toBe(true);
  });

  it("sees a session deleted behind its back (sign-out everywhere, another instance) at once", async () => {
    const browser = await signedIn("reader-revoked@example.com");
    const cookie = cookieOf(browser);
    await database.db.delete(sessions).where(eq(sessions.token, tokenOf(browser)));
    expect((await t.services.auth.session(request(cookie))).viewer).toBeNull();
  });

  it("refuses a forged signature and a token signed with another secret, and sets nothing", async () => {
    const browser = await signedIn("reader-forged@example.com");
    const token = tokenOf(browser);
    const forged = `threadline.session_token=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    const unsigned = `threadline.session_token=${token}`;
    const otherSecret = createHmac("sha256", "another secret entirely, 32+ chars").update(token).digest("base64");
    const foreign = `threadline.session_token=${encodeURIComponent(`${token}.${otherSecret}`)}`;
    for (const cookie of [forged, unsigned, foreign, "threadline.session_token=", "threadline.session_token=.x"]) {
      const read = await t.services.auth.session(request(cookie));
      expect(read.viewer, cookie).toBeNull();
      expect(read.cookies, cookie).toEqual([]);
    }
  });

  it("hands a session due for renewal to better-auth, which renews it and sets the cookie", async () => {
    const browser = await signedIn("reader-renew@example.com");
    const token = tokenOf(browser);
    // Made two days ago: past the one-day refresh age, 28 days left.
    const expiresAt = new Date(Date.now() + 28 * 24 * 3600 * 1000);
    await database.db.update(sessions).set({ expiresAt }).where(eq(sessions.token, token));
    const read = await t.services.auth.session(request(cookieOf(browser)));
    expect(read.viewer?.email).toBe("reader-renew@example.com");
    expect(read.cookies.some((c) => c.startsWith("threadline.session_token="))).toBe(true);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime() + 24 * 3600 * 1000);
  });

  it("hands an expired session to better-auth, which ends it", async () => {
    const browser = await signedIn("reader-expired@example.com");
    const token = tokenOf(browser);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    const read = await t.services.auth.session(request(cookieOf(browser)));
    expect(read.viewer).toBeNull();
    expect(read.cookies.some((c) => /threadline\.session_token=;/.test(c))).toBe(true);
  });

  it("leaves any other better-auth cookie to better-auth (a stale cached session is cleared)", async () => {
    const browser = await signedIn("reader-other@example.com");
    const read = await t.services.auth.session(request(`${cookieOf(browser)}; threadline.session_data=stale`));
    expect(read.viewer?.email).toBe("reader-other@example.com");
    expect(read.cookies.some((c) => c.startsWith("threadline.session_data="))).toBe(true);
  });

  it("ignores cookies that are not better-auth's", async () => {
    const browser = await signedIn("reader-flash@example.com");
    const read = await t.services.auth.session(request(`flash=hello; ${cookieOf(browser)}; theme=dark`));
    expect(read.viewer?.email).toBe("reader-flash@example.com");
    expect(read.cookies).toEqual([]);
    expect((await t.services.auth.session(request("flash=hello"))).viewer).toBeNull();
  });
});
