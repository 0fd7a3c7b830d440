import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { MAIL_KINDS } from "../../server/http/mail-samples";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";

/**
 * /dev/mail-preview has the guard of /dev/mailbox (server/http/dev-mailbox.ts `thisMachineOnly`,
 * its cases in dev-mailbox.test.ts): development (no SMTP) and this machine only; everyone else
 * gets a plain 404, as if it did not exist.
 */

let database: DatabaseHandle;
let local: TestApp;
let withSmtp: TestApp;

/** What @hono/node-server hands the app for a request from `address`. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

beforeAll(async () => {
  database = await createTestDatabase();
  local = await createTestApp(database, { withPages: false });
  withSmtp = await createTestApp(database, { withPages: false, env: { SMTP_URL: "smtp://127.0.0.1:2525" } });
});
afterAll(() => database.close());

describe("/dev/mail-preview", () => {
  it("lists every kind of email to a request from this machine, not cached", async () => {
    const res = await local.app.request("/dev/mail-preview", {}, from("127.0.0.1"));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    for (const kind of MAIL_KINDS) expect(html).toContain(`href="/dev/mail-preview/${kind.id}"`);
  });

  it.each(MAIL_KINDS.map((kind) => kind.id))("shows %s: the HTML part sandboxed, and the plain text", async (id) => {
    const res = await local.app.request(`/dev/mail-preview/${id}`, {}, from("::1"));
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/<iframe [^>]*sandbox="" srcdoc="&lt;!doctype html&gt;/);
    expect(page).toContain('<pre data-part="text">');
    expect(page).not.toMatch(/<script/i);
  });

  it("does not know other kinds", async () => {
    expect((await local.app.request("/dev/mail-preview/nope", {}, from("127.0.0.1"))).status).toBe(404);
  });

  it.each([
    ["another machine", "203.0.113.7", {}, "http://localhost/dev/mail-preview"],
    [
      "a loopback peer behind a proxy",
      "127.0.0.1",
      { "X-Forwarded-For": "203.0.113.7" },
      "http://localhost/dev/mail-preview",
    ],
    [
      "a remote client claiming 127.0.0.1",
      "203.0.113.7",
      { "X-Forwarded-For": "127.0.0.1" },
      "http://localhost/dev/mail-preview",
    ],
    ["another site's name pointed at this machine", "127.0.0.1", {}, "http://evil.example:3000/dev/mail-preview"],
    ["another machine, one email", "203.0.113.7", {}, "http://localhost/dev/mail-preview/order-confirmation"],
  ])("is not found for %s", async (_label, address, headers, url) => {
    const res = await local.app.request(url, { headers }, from(address));
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Not found");
  });

  it("is not found without a socket to check", async () => {
    expect((await local.app.request("/dev/mail-preview")).status).toBe(404);
  });

  it.each(["/dev/mail-preview", "/dev/mail-preview/order-confirmation"])(
    "%s does not exist when SMTP is configured (not development), even from this machine",
    async (path) => {
      expect((await withSmtp.app.request(path, {}, from("127.0.0.1"))).status).toBe(404);
    },
  );
});
