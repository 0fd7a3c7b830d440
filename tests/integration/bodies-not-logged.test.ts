import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { GOOD_PASSWORD, TestBrowser } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { capturedLogger } from "../helpers/log-capture";

/**
 * Issue 22, point 9: "bodies are never logged" (README, Operations). The request log never wrote
 * a body, but a database error did: Drizzle puts every value of the failed query in its message
 * and in `params`, so a sign-up the database refused logged its name and e-mail, and a profile
 * form its fields. Here every body carries a recognisable value (the password among them), the
 * database refuses what they carry, and the store logs at its most talkative level: the failures
 * are logged, the values are not.
 */

const MARK = "Zebra-Quartz-4471";

let database: DatabaseHandle;
let t: TestApp;
const { logger, lines } = capturedLogger("trace");

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, { logger });
});
afterAll(() => database.close());

/** Makes the database refuse `event` on `table` (as a full disk or a broken constraint would). */
async function refuse(table: string, event: "insert" | "update") {
  await database.db.execute(
    sql.raw(`create or replace function refuse_write() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device'; end $$`),
  );
  await database.db.execute(
    sql.raw(
      `create trigger refuse_${table}_${event} before ${event} on ${table} for each row execute function refuse_write()`,
    ),
  );
  return () => database.db.execute(sql.raw(`drop trigger refuse_${table}_${event} on ${table}`));
}

describe("request bodies in the log", () => {
  it("a body's values, the password among them, are nowhere in the log, even when the database refuses what they carry", async () => {
    const browser = new TestBrowser(t.app, "198.51.100.41");

    // A sign-up the database refuses: better-auth logs the failed insert of the user.
    const allowUsers = await refuse("users", "insert");
    const signUp = await browser.postJson("/api/auth/sign-up/email", {
      name: `Name ${MARK}`,
      email: `${MARK.toLowerCase()}@example.com`,
      password: `${MARK}-password`,
    });
    expect(signUp.status).toBe(422);
    await allowUsers();

    // A body that is not JSON, with the password at its start (Node quotes the start of bad JSON).
    const broken = await browser.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"password":"${MARK}-password", "email": oops}`,
    });
    expect(broken.status).toBe(400);

    // A signed-in shopper's profile form that the database refuses: the page logs the failure.
    const email = "bodies@example.com";
    expect(
      (await browser.postJson("/api/auth/sign-up/email", { name: "", email, password: GOOD_PASSWORD })).status,
    ).toBe(200);
    await t.services.mail.worker.runOnce();
    const verify = (await t.services.mail.mailbox!.list()).find((m) => m.to === email)!;
    expect((await browser.request(/https?:\/\/\S+verify-email\S+/.exec(verify.text)![0])).status).toBe(302);
    expect((await browser.postJson("/api/auth/sign-in/email", { email, password: GOOD_PASSWORD })).status).toBe(200);
    const allowUpdates = await refuse("users", "update");
    const profile = await browser.postForm("/profile", {
      firstName: `First${MARK}`,
      lastName: `Last${MARK}`,
      phone: "",
    });
    expect(profile.status).toBe(500);
    await allowUpdates();

    const log = lines.join("");
    // The failures are in the log, with their queries: what is checked below is real lines.
    expect(log).toContain('"msg":"Failed to create user"');
    expect(log).toContain('"msg":"profile update failed"');
    expect(log).toContain('update \\"users\\" set \\"first_name\\"');
    expect(log.toLowerCase()).not.toContain(MARK.toLowerCase());
  });
});
