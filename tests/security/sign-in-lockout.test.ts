import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import type { DatabaseHandle } from "../../server/db/client";
import { SIGN_IN_FAILURE_LIMITS } from "../../server/auth/hooks";
import { type FakeSmtp, linkIn, startFakeSmtp } from "../fakes/smtp";
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
 * Finding 10: the sign-in lockout counted every attempt on an account, from anywhere, so five
 * wrong guesses by a stranger locked the owner out (their right password was refused). Now only
 * wrong passwords count, per account at one client address and per client address; a right
 * password from elsewhere still signs in, and a locked account can reset its password and
 * then sign in. better-auth's per-address limit is raised here so it does not hide these rules.
 */

let database: DatabaseHandle;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT: "1000" }, withPages: true });
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

const signIn = (b: TestBrowser, email: string, password = GOOD_PASSWORD) =>
  b.postJson("/api/auth/sign-in/email", { email, password });
const from = (address: string) => new TestBrowser(t.app, address);

async function account() {
  counter++;
  const email = `lockout-${counter}@example.com`;
  await registerVerified(t, smtp, email, from(`198.51.100.${counter}`));
  return email;
}

async function guessWrong(b: TestBrowser, email: string, times: number) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await signIn(b, email, `Wrong-Guess-${i}x`)).status);
  return statuses;
}

describe("wrong passwords lock the account at the guessing address only", () => {
  it("a stranger's five wrong guesses do not keep the owner out", async () => {
    const email = await account();
    const stranger = from("203.0.113.10");
    expect(await guessWrong(stranger, email, SIGN_IN_FAILURE_LIMITS.accountAtAddress.max)).toEqual([
      401, 401, 401, 401, 401,
    ]);
    // The stranger is now refused, even with the right password.
    const locked = await signIn(stranger, email);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ message: messages.login.tooManyRequests });
    // The owner, elsewhere, signs in.
    const owner = from("198.51.100.200");
    expect((await signIn(owner, email)).status).toBe(200);
    expect(owner.hasSession()).toBe(true);
  });

  it("right passwords never count, however many", async () => {
    const email = await account();
    const owner = from("203.0.113.20");
    for (let i = 0; i < SIGN_IN_FAILURE_LIMITS.accountAtAddress.max * 2; i++)
      expect((await signIn(owner, email)).status).toBe(200);
  });

  it("a right password for an account whose e-mail is not verified does not count either", async () => {
    counter++;
    const email = `unverified-${counter}@example.com`;
    const b = from("203.0.113.30");
    expect((await b.postJson("/api/auth/sign-up/email", { name: "", email, password: GOOD_PASSWORD })).status).toBe(
      200,
    );
    for (let i = 0; i < SIGN_IN_FAILURE_LIMITS.accountAtAddress.max + 1; i++)
      expect((await signIn(b, email)).status).toBe(403);
  });

  it("the login page's form goes through the same rule", async () => {
    const email = await account();
    const stranger = from("203.0.113.40");
    for (let i = 0; i < SIGN_IN_FAILURE_LIMITS.accountAtAddress.max; i++) {
      expect((await stranger.postForm("/login", { email, password: `Wrong-Guess-${i}x` })).status).toBe(401);
    }
    expect((await stranger.postForm("/login", { email, password: GOOD_PASSWORD })).status).toBe(429);
    const owner = await from("198.51.100.201").postForm("/login", { email, password: GOOD_PASSWORD });
    expect(owner.status).toBe(302);
  });
});

describe("one address guessing across many accounts", () => {
  it("is refused after the per-address number of wrong passwords, for every account; other addresses are not", async () => {
    const email = await account();
    const sprayer = from("203.0.113.50");
    const max = SIGN_IN_FAILURE_LIMITS.address.max;
    const perAccount = SIGN_IN_FAILURE_LIMITS.accountAtAddress.max - 1;
    let sent = 0;
    for (let i = 0; sent < max; i++) {
      const statuses = await guessWrong(sprayer, `nobody-${i}@example.com`, Math.min(perAccount, max - sent));
      expect(statuses.every((s) => s === 401)).toBe(true);
      sent += statuses.length;
    }
    expect((await signIn(sprayer, email)).status).toBe(429);
    expect((await signIn(sprayer, "yet-another@example.com", "Whatever-123x")).status).toBe(429);
    expect((await signIn(from("203.0.113.51"), email)).status).toBe(200);
    // 52 sign-ins, each a deliberately slow password hash (about 0.17 s of one core): 9 s on an
    // idle machine, past the default 30 s when other work shares the two cores (seen once in CI
    // on PostgreSQL, no assertion had failed). The work is bounded, so the bound is wider.
  }, 120_000);
});

describe("a locked account", () => {
  it("can still ask for a reset link and reset its password, and then signs in from the locked address", async () => {
    const email = await account();
    const owner = from("203.0.113.60");
    await guessWrong(owner, email, SIGN_IN_FAILURE_LIMITS.accountAtAddress.max);
    expect((await signIn(owner, email)).status).toBe(429);

    const before = smtp.inbox.length;
    expect(
      (await owner.postJson("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" })).status,
    ).toBe(200);
    await t.services.mail.worker.runOnce();
    const landing = await owner.request(
      linkIn(await smtp.waitFor(email, { after: before }), `${PUBLIC_URL}/api/auth/reset-password/`),
    );
    const token = new URL(landing.headers.get("location")!).searchParams.get("token")!;
    expect((await owner.postJson("/api/auth/reset-password", { token, newPassword: "Fresh-Harbor-314" })).status).toBe(
      200,
    );

    expect((await signIn(owner, email, "Fresh-Harbor-314")).status).toBe(200);
  });

  it("an expired or made-up reset token lifts nothing", async () => {
    const email = await account();
    const stranger = from("203.0.113.70");
    await guessWrong(stranger, email, SIGN_IN_FAILURE_LIMITS.accountAtAddress.max);
    expect(
      (await stranger.postJson("/api/auth/reset-password", { token: "made-up-token", newPassword: "Fresh-Harbor-314" }))
        .status,
    ).toBe(400);
    expect((await signIn(stranger, email)).status).toBe(429);
  });
});
