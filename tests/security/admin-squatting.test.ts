import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminAccountDesk } from "../../server/auth/admin-account";
import type { DatabaseHandle } from "../../server/db/client";
import { accounts, sessions } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createMailService } from "../../server/mail/service";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  TestBrowser,
  userByEmail,
} from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";

/**
 * Issue 21, finding 1: anyone could register ADMIN_EMAIL before the operator (left unverified),
 * and `create-admin` without a password then verified and promoted that account as it was: the
 * squatter signed in with their own password and had the dashboard. Now promoting an account
 * whose address nobody proved removes its password, any linked sign-in (Google) and every
 * session first; only the printed link (or a piped password) lets anyone in.
 */

const ADMIN = "owner@shop.example";
const SQUATTER_PASSWORD = "Squatter-Harbor-77";

let database: DatabaseHandle;
let t: AccountsTestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createAccountsTestApp(database, { env: { ADMIN_EMAIL: ADMIN } });
});
afterAll(async () => {
  await database.close();
});

const desk = () => {
  const logger = createLogger("silent");
  return createAdminAccountDesk({
    db: database.db,
    config: t.config,
    logger,
    mail: createMailService({ db: database.db, config: t.config, logger }),
  });
};
const cookieOf = (b: TestBrowser) => [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
const isAdmin = async (b: TestBrowser) =>
  (await t.services.auth.viewer(new Request("http://store.test/", { headers: { cookie: cookieOf(b) } })))?.isAdmin ??
  false;
const signIn = (b: TestBrowser, password: string) => b.postJson("/api/auth/sign-in/email", { email: ADMIN, password });

describe("an ADMIN_EMAIL account registered by someone else before create-admin", () => {
  it("loses the squatter's password, Google link and sessions; only the printed link gets in", async () => {
    const squatter = new TestBrowser(t.app, "203.0.113.66");
    const signUp = await squatter.postJson("/api/auth/sign-up/email", {
      name: "Not the owner",
      email: ADMIN,
      password: SQUATTER_PASSWORD,
    });
    expect(signUp.status).toBe(200);
    const user = await userByEmail(database, ADMIN);
    expect(user.emailVerified).toBe(false);
    // The squatter also linked a Google account and holds a session by it (any path counts).
    await database.db
      .insert(accounts)
      .values({ id: randomUUID(), userId: user.id, providerId: "google", accountId: "g-1" });
    await database.db
      .insert(sessions)
      .values({ id: randomUUID(), token: randomUUID(), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });

    const result = await desk().createAdmin(ADMIN);
    expect(result).toMatchObject({ created: false, promoted: true });
    expect(result.link).toMatch(/\/api\/auth\/reset-password\//);

    // Nothing the squatter made is left, and their password no longer signs in.
    expect(await database.db.select().from(accounts).where(eq(accounts.userId, user.id))).toEqual([]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await signIn(squatter, SQUATTER_PASSWORD)).status).toBe(401);
    expect(squatter.hasSession()).toBe(false);
    expect(await isAdmin(squatter)).toBe(false);

    // The operator opens the printed link, chooses a password and is the administrator.
    const operator = new TestBrowser(t.app, "198.51.100.66");
    const landing = await operator.request(result.link!);
    const token = new URL(landing.headers.get("location")!, "http://store.test").searchParams.get("token")!;
    expect((await operator.postJson("/api/auth/reset-password", { token, newPassword: GOOD_PASSWORD })).status).toBe(
      200,
    );
    expect((await signIn(operator, GOOD_PASSWORD)).status).toBe(200);
    expect(await isAdmin(operator)).toBe(true);
    expect((await signIn(squatter, SQUATTER_PASSWORD)).status).toBe(401);
  });

  it("with a piped password, that password is the only way in", async () => {
    const email = "boss@shop.example";
    const local = await createAccountsTestApp(database, { env: { ADMIN_EMAIL: email } });
    const squatter = new TestBrowser(local.app, "203.0.113.67");
    expect(
      (await squatter.postJson("/api/auth/sign-up/email", { name: "", email, password: SQUATTER_PASSWORD })).status,
    ).toBe(200);
    const logger = createLogger("silent");
    const result = await createAdminAccountDesk({
      db: database.db,
      config: local.config,
      logger,
      mail: createMailService({ db: database.db, config: local.config, logger }),
    }).createAdmin(email, GOOD_PASSWORD);
    expect(result).toMatchObject({ created: false, promoted: true });
    const attempt = (password: string) =>
      squatter.postJson("/api/auth/sign-in/email", { email, password }).then((r) => r.status);
    expect(await attempt(SQUATTER_PASSWORD)).toBe(401);
    expect(await attempt(GOOD_PASSWORD)).toBe(200);
  });

  it("a verified administrator keeps its password and sessions when create-admin runs again without one", async () => {
    const before = await userByEmail(database, ADMIN);
    const operator = new TestBrowser(t.app, "198.51.100.67");
    expect((await signIn(operator, GOOD_PASSWORD)).status).toBe(200);
    const result = await desk().createAdmin(ADMIN);
    expect(result).toMatchObject({ created: false, promoted: false });
    expect(await isAdmin(operator)).toBe(true);
    expect((await userByEmail(database, ADMIN)).id).toBe(before.id);
  });
});
