import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { isDirectLoopback } from "../../server/http/dev-mailbox";
import { isLoopbackHostname } from "../../server/net/addresses";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";

/**
 * The local mailbox holds verification and reset links: it answers only a request from this
 * machine, judged by the client address after TRUST_PROXY (finding 2), and never once SMTP
 * is set. On a public address the store does not start without SMTP at all (startup.test.ts).
 */

let database: DatabaseHandle;
let local: TestApp;
let behindLocalProxy: TestApp;
let oneHop: TestApp;
let withSmtp: TestApp;

/** What @hono/node-server hands the app for a request from `address`. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

beforeAll(async () => {
  database = await createTestDatabase();
  local = await createTestApp(database, { withPages: false });
  behindLocalProxy = await createTestApp(database, {
    withPages: false,
    env: { TRUST_PROXY: "loopback", DATA_DIR: local.dataDir },
  });
  oneHop = await createTestApp(database, { withPages: false, env: { TRUST_PROXY: "1", DATA_DIR: local.dataDir } });
  withSmtp = await createTestApp(database, { withPages: false, env: { SMTP_URL: "smtp://127.0.0.1:2525" } });
  await local.services.mail.enqueue({
    to: "ada@example.com",
    subject: "Verify your e-mail <now>",
    text: "Open https://store.test/api/auth/verify-email?token=abc&callbackURL=%2F to verify.",
  });
  await local.services.mail.worker.runOnce();
});
afterAll(() => database.close());

describe("/dev/mailbox", () => {
  it("lists and shows caught e-mail to a loopback request, links clickable and text escaped", async () => {
    const list = await local.app.request("/dev/mailbox", {}, from("127.0.0.1"));
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
    const html = await list.text();
    expect(html).toContain("ada@example.com");
    expect(html).toContain("Verify your e-mail &lt;now&gt;");
    const href = /href="(\/dev\/mailbox\/[^"]+)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const message = await (await local.app.request(href!, {}, from("::1"))).text();
    expect(message).toContain('<a href="https://store.test/api/auth/verify-email?token=abc&amp;callbackURL=%2F">');
  });

  it.each([
    ["another machine", "203.0.113.7", {}],
    ["a loopback peer behind a proxy", "127.0.0.1", { "X-Forwarded-For": "203.0.113.7" }],
  ])("is not found for %s", async (_label, address, headers) => {
    const res = await local.app.request("/dev/mailbox", { headers }, from(address));
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("ada@example.com");
  });

  it.each([
    ["a remote visitor through the trusted local proxy", "127.0.0.1", { "X-Forwarded-For": "203.0.113.7" }, 404],
    [
      "a remote visitor who wrote 127.0.0.1 before the proxy's entry",
      "127.0.0.1",
      { "X-Forwarded-For": "127.0.0.1, 203.0.113.7" },
      404,
    ],
    [
      "a remote peer that is not the proxy, claiming to be local",
      "203.0.113.7",
      { "X-Forwarded-For": "127.0.0.1" },
      404,
    ],
    ["a browser on this machine through the trusted local proxy", "127.0.0.1", { "X-Forwarded-For": "127.0.0.1" }, 200],
    ["a direct request on this machine", "::1", {}, 200],
  ])("with TRUST_PROXY=loopback: %s (peer %s, headers %j) -> %i", async (_label, address, headers, status) => {
    const res = await behindLocalProxy.app.request("/dev/mailbox", { headers }, from(address));
    expect(res.status).toBe(status);
    expect((await res.text()).includes("ada@example.com")).toBe(status === 200);
  });

  // Issue 21, finding 9: a hop-count TRUST_PROXY trusts the nearest hop whoever it is; a client
  // that connects directly and claims 127.0.0.1 must not count as this machine.
  it.each([
    ["a remote client connecting directly, claiming 127.0.0.1", "203.0.113.7", { "X-Forwarded-For": "127.0.0.1" }, 404],
    [
      "a remote client through a proxy on this machine",
      "127.0.0.1",
      { "X-Forwarded-For": "127.0.0.1, 203.0.113.7" },
      404,
    ],
    ["a browser on this machine through a proxy on this machine", "127.0.0.1", { "X-Forwarded-For": "127.0.0.1" }, 200],
    ["a direct request on this machine", "127.0.0.1", {}, 200],
  ])("with TRUST_PROXY=1: %s (peer %s, headers %j) -> %i", async (_label, address, headers, status) => {
    const res = await oneHop.app.request("/dev/mailbox", { headers }, from(address));
    expect(res.status).toBe(status);
    expect((await res.text()).includes("ada@example.com")).toBe(status === 200);
  });

  // Issue 21, finding 9: DNS rebinding. A page on another site whose name resolves to 127.0.0.1
  // reaches the store from this machine's browser with its own name in Host.
  it.each([
    ["http://evil.example:3000/dev/mailbox", 404],
    ["http://shop.example/dev/mailbox", 404],
    ["http://127.0.0.1.nip.io:3000/dev/mailbox", 404],
    ["http://localhost:3000/dev/mailbox", 200],
    ["http://127.0.0.1:3000/dev/mailbox", 200],
    ["http://[::1]:3000/dev/mailbox", 200],
  ])("asked for as %s from this machine -> %i", async (url, status) => {
    const res = await local.app.request(url, {}, from("127.0.0.1"));
    expect(res.status).toBe(status);
    expect((await res.text()).includes("ada@example.com")).toBe(status === 200);
  });

  it("is not found without a socket to check", async () => {
    expect((await local.app.request("/dev/mailbox")).status).toBe(404);
  });

  it("does not exist when SMTP is configured, even from loopback", async () => {
    expect((await withSmtp.app.request("/dev/mailbox", {}, from("127.0.0.1"))).status).toBe(404);
  });

  it("does not read files outside the mailbox", async () => {
    expect((await local.app.request("/dev/mailbox/..%2F..%2Fauth-secret", {}, from("127.0.0.1"))).status).toBe(404);
  });
});

describe("isDirectLoopback", () => {
  it.each([
    ["127.0.0.1", {}, true],
    ["::1", {}, true],
    ["::ffff:127.0.0.1", {}, true],
    ["10.0.0.2", {}, false],
    [undefined, {}, false],
    ["127.0.0.1", { forwarded: "for=1.2.3.4" }, false],
    ["127.0.0.1", { "x-real-ip": "1.2.3.4" }, false],
  ])("%s %j -> %s", (address, headers, expected) => {
    expect(isDirectLoopback(address, new Headers(headers))).toBe(expected);
  });

  it.each([
    ["a loopback client reported by a remote peer", "127.0.0.1", "203.0.113.7", false],
    ["a loopback client reported by a local proxy", "127.0.0.1", "127.0.0.1", true],
    ["no peer", "127.0.0.1", null, false],
  ])("%s", (_label, address, peer, expected) => {
    expect(isDirectLoopback(address, new Headers({ "x-forwarded-for": address }), true, peer)).toBe(expected);
  });
});

describe("isLoopbackHostname", () => {
  it.each([
    ["localhost", true],
    ["LOCALHOST.", true],
    ["shop.localhost", true],
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["[::1]", true],
    ["evil.example", false],
    ["127.0.0.1.nip.io", false],
    ["localhost.evil.example", false],
    ["0.0.0.0", false],
    ["10.0.0.1", false],
  ])("%s -> %s", (host, expected) => {
    expect(isLoopbackHostname(host)).toBe(expected);
  });
});
