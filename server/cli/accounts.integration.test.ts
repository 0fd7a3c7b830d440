import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migratedDataDir } from "../../tests/helpers/data-dir";
import { accounts, users } from "../db/schema";

import { ADMIN, authOf, newDataDir, page, run, STRONG, withStoreDatabase } from "../../tests/helpers/cli";

/** `create-admin` and `reset-password` (docs/command-line.md). */

describe("create-admin and reset-password", () => {
  it("refuses a weak password and creates nothing", async () => {
    const dataDir = newDataDir();
    const result = await run(dataDir, ["create-admin"], { stdin: "password1\n" });
    expect(result).toMatchObject({ code: 1, err: "create-admin: Password is too weak" });
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
  }, 60_000);

  it("creates the administrator, verified, with the piped password; signing in works and makes them the administrator", async () => {
    const dataDir = migratedDataDir("store-cli-");
    const result = await run(dataDir, ["create-admin"], { stdin: `${STRONG}\n` });
    expect(result.code).toBe(0);
    expect(result.out).toContain(`The administrator account ${ADMIN} was created.`);
    expect(result.out).not.toContain(STRONG);
    await withStoreDatabase(dataDir, async (database) => {
      const [user] = await database.db.select().from(users).where(eq(users.email, ADMIN));
      expect(user.emailVerified).toBe(true);
      const auth = authOf(database, dataDir);
      const signIn = await auth.signIn(page(), { email: ADMIN, password: STRONG });
      expect(signIn.ok).toBe(true);
      const viewer = await auth.viewer(
        new Request("http://store.test/", {
          headers: { cookie: signIn.cookies.map((c) => c.split(";")[0]).join("; ") },
        }),
      );
      expect(viewer?.isAdmin).toBe(true);
    });
  }, 60_000);

  it("without a password (an empty standard input) prints a one-time set-password link that the reset page accepts once", async () => {
    const dataDir = migratedDataDir("store-cli-");
    const result = await run(dataDir, ["create-admin"], { stdin: "\n" });
    expect(result.code).toBe(0);
    const link = result.out.split("\n").find((line) => line.startsWith("http"));
    expect(link).toMatch(/^http:\/\/store\.test\/api\/auth\/reset-password\/\w+\?callbackURL=%2Freset-password$/);
    await withStoreDatabase(dataDir, async (database) => {
      const auth = authOf(database, dataDir);
      // The link leads to the store's reset page with the token, as the e-mailed link does.
      const opened = await auth.handler(new Request(link!));
      const target = new URL(opened.headers.get("location")!, "http://store.test");
      expect(target.pathname).toBe("/reset-password");
      const token = target.searchParams.get("token")!;
      expect((await auth.resetPassword(page(), { token, password: STRONG })).ok).toBe(true);
      expect((await auth.resetPassword(page(), { token, password: "Another-Harbor-43" })).ok).toBe(false);
      expect((await auth.signIn(page(), { email: ADMIN, password: STRONG })).ok).toBe(true);
    });
  }, 60_000);

  it("promotes an existing unverified account only after removing the password and sessions its registrant made; a piped password is then the way in", async () => {
    const dataDir = migratedDataDir("store-cli-");
    await withStoreDatabase(dataDir, async (database) => {
      const auth = authOf(database, dataDir);
      // Anyone may have registered ADMIN_EMAIL before the operator (issue 21, finding 1).
      expect((await auth.signUp(page(), { email: ADMIN, password: "Old-Harbor-41" })).ok).toBe(true);
    });
    const promoted = await run(dataDir, ["create-admin"]);
    expect(promoted.out).toContain(
      "was promoted: its e-mail is now verified, and the password, linked sign-ins and sessions it had were removed",
    );
    expect(promoted.out).toMatch(/reset-password\/\w+/);
    await withStoreDatabase(dataDir, async (database) => {
      const auth = authOf(database, dataDir);
      expect((await auth.signIn(page(), { email: ADMIN, password: "Old-Harbor-41" })).ok).toBe(false);
      expect(await database.db.select().from(accounts)).toHaveLength(0);
    });
    const again = await run(dataDir, ["create-admin"], { stdin: STRONG });
    expect(again.out).toContain("was already the administrator");
    await withStoreDatabase(dataDir, async (database) => {
      const auth = authOf(database, dataDir);
      expect((await auth.signIn(page(), { email: ADMIN, password: "Old-Harbor-41" })).ok).toBe(false);
      expect((await auth.signIn(page(), { email: ADMIN, password: STRONG })).ok).toBe(true);
      expect(await database.db.select().from(accounts)).toHaveLength(1);
    });
  }, 90_000);

  it("reset-password prints a link for an account and refuses an unknown address", async () => {
    const dataDir = migratedDataDir("store-cli-");
    expect((await run(dataDir, ["create-admin"], { stdin: STRONG })).code).toBe(0);
    const unknown = await run(dataDir, ["reset-password", "nobody@example.com"]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("reset-password: No account uses the e-mail nobody@example.com");
    const known = await run(dataDir, ["reset-password", "Boss@Example.com"]);
    expect(known.code).toBe(0);
    expect(known.out).toMatch(/http:\/\/store\.test\/api\/auth\/reset-password\/\w+\?callbackURL=%2Freset-password/);
  }, 60_000);
});
