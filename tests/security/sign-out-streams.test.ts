import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveEvent } from "../../domain/live-events";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  registerVerified,
  TestBrowser,
  userByEmail,
} from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";
import { readSse } from "../helpers/sse";

/**
 * Finding 12: a live-update stream opened while signed in went on hearing that person's order
 * notices after they signed out (until it aged out, up to 30 minutes). Now ending a session
 * (Sign Out, or a password reset revoking it) closes the streams opened with it, on every
 * instance; the browser's reconnect then opens a visitor's stream.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let count = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url }, withPages: true });
});
afterAll(async () => {
  await t.services.events.close();
  await smtp.stop();
  await database.close();
});

async function person() {
  count++;
  const email = `streams-${count}@example.com`;
  await registerVerified(t, smtp, email, new TestBrowser(t.app, `198.51.100.${count}`));
  const userId = (await userByEmail(database, email)).id;
  return { email, userId };
}

async function signedIn(app: AccountsTestApp["app"], email: string, address: string) {
  const browser = new TestBrowser(app, address);
  const res = await browser.postJson("/api/auth/sign-in/email", { email, password: GOOD_PASSWORD });
  expect(res.status).toBe(200);
  return browser;
}

async function stream(who: TestBrowser) {
  const response = await who.request("/api/events");
  expect(response.status).toBe(200);
  const sse = readSse(response);
  expect(await sse.next()).toEqual({ comment: "connected" });
  return sse;
}

const orderNotice = (userId: string): LiveEvent => ({
  type: "order.status",
  orderId: "22222222-2222-4222-8222-222222222222",
  userId,
});

describe("signing out closes the streams opened with that session", () => {
  it.each([
    ["the Sign Out form (/logout)", (b: TestBrowser) => b.postForm("/logout", {})],
    ["the auth API (/api/auth/sign-out)", (b: TestBrowser) => b.postJson("/api/auth/sign-out", {})],
  ])("%s", async (_name, signOut) => {
    const { email, userId } = await person();
    const browser = await signedIn(t.app, email, "203.0.113.1");
    const [first, second] = [await stream(browser), await stream(browser)];
    t.services.events.publish(orderNotice(userId));
    expect(await first.nextData()).toEqual(orderNotice(userId));
    expect(await second.nextData()).toEqual(orderNotice(userId));

    const res = await signOut(browser);
    expect(res.status).toBeLessThan(400);
    expect(await first.nextData()).toBeNull();
    expect(await second.nextData()).toBeNull();
    expect(first.ended && second.ended).toBe(true);
    expect(t.services.events.stats().owners).not.toContain(`user:${userId}`);
  });

  it("the same person's other sessions keep their streams; a visitor's reconnect hears no orders", async () => {
    const { email, userId } = await person();
    const laptop = await signedIn(t.app, email, "203.0.113.2");
    const phone = await signedIn(t.app, email, "203.0.113.3");
    const onLaptop = await stream(laptop);
    const onPhone = await stream(phone);
    await laptop.postJson("/api/auth/sign-out", {});
    expect(await onLaptop.nextData()).toBeNull();

    t.services.events.publish(orderNotice(userId));
    expect(await onPhone.nextData()).toEqual(orderNotice(userId));

    // The signed-out browser reconnects: a visitor's stream, which order notices do not reach.
    const reconnected = await stream(laptop);
    t.services.events.publish(orderNotice(userId));
    expect(await reconnected.dataWithin(300)).toEqual([]);
    await Promise.all([onPhone.close(), reconnected.close()]);
  });

  it("a password reset, which revokes every session of the account, closes their streams", async () => {
    const { email } = await person();
    const browser = await signedIn(t.app, email, "203.0.113.4");
    const open = await stream(browser);
    const before = smtp.inbox.length;
    await new TestBrowser(t.app, "203.0.113.5").postJson("/api/auth/request-password-reset", {
      email,
      redirectTo: "/reset-password",
    });
    await t.services.mail.worker.runOnce();
    const mail = await smtp.waitFor(email, { after: before });
    const link = /http:\/\/store\.test\/api\/auth\/reset-password\/[^\s"<]+/.exec(mail.text ?? "")![0];
    const landing = await new TestBrowser(t.app, "203.0.113.5").request(link);
    const token = new URL(landing.headers.get("location")!).searchParams.get("token")!;
    expect(
      (
        await new TestBrowser(t.app, "203.0.113.5").postJson("/api/auth/reset-password", {
          token,
          newPassword: "Fresh-Harbor-271",
        })
      ).status,
    ).toBe(200);
    expect(await open.nextData()).toBeNull();
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  // Chosen by the environment, not skipped: CI runs the suite on PGlite and on PostgreSQL.
  describe("with two instances on one PostgreSQL database", () => {
    let second: Awaited<ReturnType<typeof createTestDatabase>>;
    let b: AccountsTestApp;

    beforeAll(async () => {
      const { openPostgres } = await import("../../server/db/client");
      second = await openPostgres(database.connectionString!, { max: 3 });
      // The same DATA_DIR, hence the same signing secret: a session cookie is good on both, as behind a load balancer.
      b = await createAccountsTestApp(second, { env: { SMTP_URL: smtp.url }, dataDir: t.dataDir, withPages: true });
    });
    afterAll(async () => {
      await b.services.events.close();
      await second.close();
    });

    it("signing out on instance A closes the stream the same session opened on instance B", async () => {
      const { email, userId } = await person();
      const onA = await signedIn(t.app, email, "203.0.113.10");
      const onB = new TestBrowser(b.app, "203.0.113.10");
      for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
      const open = await stream(onB);
      await Promise.all([b.services.events.listening(), t.services.events.listening()]);
      b.services.events.publish(orderNotice(userId));
      expect(await open.nextData()).toEqual(orderNotice(userId));
      await onA.postForm("/logout", {});
      expect(await open.nextData(5000)).toBeNull();
    });
  });
}
