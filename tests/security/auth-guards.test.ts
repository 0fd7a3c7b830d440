import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { users } from "../../server/db/schema";
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

let database: DatabaseHandle;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let admin: TestBrowser;
let shopper: TestBrowser;
let unverifiedAdmin: TestBrowser;

const requestFrom = (browser: TestBrowser | null, path = "/admin") =>
  new Request(`${PUBLIC_URL}${path}`, {
    headers: browser ? { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {},
  });

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the guard to throw a response");
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url, ADMIN_EMAIL: "Boss@Example.com" } });
  admin = await registerVerified(t, smtp, "boss@example.com", new TestBrowser(t.app, "198.51.100.1"));
  await admin.postJson("/api/auth/sign-in/email", { email: "boss@example.com", password: GOOD_PASSWORD });
  shopper = await registerVerified(t, smtp, "shopper@example.com", new TestBrowser(t.app, "198.51.100.2"));
  await shopper.postJson("/api/auth/sign-in/email", { email: "shopper@example.com", password: GOOD_PASSWORD });
  // A session for the admin address whose verification was later withdrawn (e.g. changed by hand).
  unverifiedAdmin = new TestBrowser(t.app, "198.51.100.3");
  await unverifiedAdmin.postJson("/api/auth/sign-in/email", { email: "boss@example.com", password: GOOD_PASSWORD });
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

describe("requireAdmin", () => {
  it("lets the verified ADMIN_EMAIL account through (compared without case)", async () => {
    const viewer = await t.services.auth.requireAdmin(requestFrom(admin));
    expect(viewer).toMatchObject({ email: "boss@example.com", isAdmin: true });
  });

  it("sends a shopper's page request to / and replaces the history entry", async () => {
    const res = await thrown(t.services.auth.requireAdmin(requestFrom(shopper), "page"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.get("x-remix-replace")).toBe("true");
  });

  it("sends a visitor's page request to /", async () => {
    const res = await thrown(t.services.auth.requireAdmin(requestFrom(null), "page"));
    expect(res.headers.get("location")).toBe("/");
  });

  it("answers an endpoint with 403 for a shopper and 401 for a visitor", async () => {
    expect((await thrown(t.services.auth.requireAdmin(requestFrom(shopper), "endpoint"))).status).toBe(403);
    expect((await thrown(t.services.auth.requireAdmin(requestFrom(null), "endpoint"))).status).toBe(401);
  });

  it("is not the admin when the admin address is not verified", async () => {
    await database.db.update(users).set({ emailVerified: false }).where(eq(users.email, "boss@example.com"));
    try {
      expect((await thrown(t.services.auth.requireAdmin(requestFrom(unverifiedAdmin), "endpoint"))).status).toBe(403);
      expect(await t.services.auth.viewer(requestFrom(unverifiedAdmin))).toMatchObject({ isAdmin: false });
    } finally {
      await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, "boss@example.com"));
    }
  });
});

describe("requireUser", () => {
  it("returns the signed-in user without secrets", async () => {
    const viewer = await t.services.auth.requireUser(requestFrom(shopper));
    expect(Object.keys(viewer).sort()).toEqual(["email", "emailVerified", "firstName", "id", "isAdmin"]);
    expect(viewer).toMatchObject({ email: "shopper@example.com", isAdmin: false });
  });

  it("sends a visitor to /login and back afterwards", async () => {
    const res = await thrown(t.services.auth.requireUser(requestFrom(null, "/addresses?edit=1")));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Faddresses%3Fedit%3D1");
  });

  it("treats a forged session cookie as a visitor", async () => {
    const forged = new Request(`${PUBLIC_URL}/profile`, { headers: { cookie: "threadline.session_token=abc.def" } });
    expect(await t.services.auth.viewer(forged)).toBeNull();
  });
});

describe("the /admin route over HTTP", () => {
  it("sends a shopper and a visitor to /, answers a shopper's post with 403, lets the admin in", async () => {
    const pages = await createAccountsTestApp(database, {
      withPages: true,
      dataDir: t.dataDir,
      env: { SMTP_URL: smtp.url, ADMIN_EMAIL: "boss@example.com" },
    });
    const as = (browser: TestBrowser | null) => {
      const b = new TestBrowser(pages.app, "198.51.100.9");
      if (browser) for (const [k, v] of browser.cookies) b.cookies.set(k, v);
      return b;
    };
    const shopperPage = await as(shopper).request("/admin");
    expect(shopperPage.status).toBe(302);
    expect(shopperPage.headers.get("location")).toBe("/");
    expect((await as(null).request("/admin")).headers.get("location")).toBe("/");
    const post = await as(shopper).postForm("/admin", {
      intent: "delete-product",
      productId: "00000000-0000-4000-8000-000000000000",
    });
    expect(post.status).toBe(403);
    expect((await as(admin).request("/admin")).status).toBe(200);
  });
});
