import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { SIGN_IN_FAILURE_LIMITS } from "../../server/auth/hooks";
import type { DatabaseHandle } from "../../server/db/client";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  registerVerified,
  TestBrowser,
} from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { SUGGEST_LIMIT } from "../../server/http/search-routes";

/**
 * Issue 21, finding 7: an IPv6 client is handed a whole /64 by its provider and can take a new
 * address from it for every request. better-auth's own limiter groups IPv6 clients by /64; the
 * store's own per-address limits (wrong passwords per account at an address and per address,
 * visitors' live streams, CSP reports) keyed on the full address, so one client bought fresh
 * limits by changing the last 64 bits. Now they group by /64 too, and one /64 or one account
 * cannot take the store-wide live-stream ceiling.
 */

let database: DatabaseHandle;
let smtp: FakeSmtp;
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

/** The n-th address of a /64 (2001:db8:<net>:<subnet>::/64), written as a socket writes it. */
const inNetwork = (net: number, n: number) =>
  `2001:db8:${net.toString(16)}:1:${((n * 7919) % 0x10000).toString(16)}::${n.toString(16)}`;

describe("wrong passwords", () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT: "1000" } });
  });

  it("count per account for the whole /64: a new address in it is still locked out", async () => {
    const email = "ipv6-lockout@example.com";
    await registerVerified(t, smtp, email, new TestBrowser(t.app, "198.51.100.77"));
    const max = SIGN_IN_FAILURE_LIMITS.accountAtAddress.max;
    for (let i = 0; i < max; i++) {
      const guess = await new TestBrowser(t.app, inNetwork(0xa, i)).postJson("/api/auth/sign-in/email", {
        email,
        password: `Wrong-Guess-${i}x`,
      });
      expect(guess.status).toBe(401);
    }
    const next = await new TestBrowser(t.app, inNetwork(0xa, max + 1)).postJson("/api/auth/sign-in/email", {
      email,
      password: GOOD_PASSWORD,
    });
    expect(next.status).toBe(429);
    expect(await next.json()).toMatchObject({ message: messages.login.tooManyRequests });
    // The owner, from another network, is not locked out by them.
    const owner = await new TestBrowser(t.app, inNetwork(0xb, 1)).postJson("/api/auth/sign-in/email", {
      email,
      password: GOOD_PASSWORD,
    });
    expect(owner.status).toBe(200);
  });
});

describe("better-auth's per-address limit (sign-in and sign-up)", () => {
  it("already counts a /64 as one client, as its default says", async () => {
    const t = await createTestApp(database, { withPages: false, env: { AUTH_RATE_LIMIT: "3" } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await new TestBrowser(t.app, inNetwork(0xc, i)).postJson("/api/auth/sign-in/email", {
        email: `nobody-${i}@example.com`,
        password: "Wrong-Horse-991",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});

// Issue 37, T4-7: the suggestions' limit counted the full address on 0.6.0, so one /64 had a fresh
// limit for every address it took.
describe("search suggestions", () => {
  it(`one /64 gets ${SUGGEST_LIMIT.max} a minute, however many addresses it uses; the next /64 has its own`, async () => {
    const t = await createTestApp(database, { withPages: false });
    const suggest = (address: string) =>
      t.app.request(
        "http://store.test/api/search/suggest?q=dress",
        {},
        { incoming: { socket: { remoteAddress: address } } },
      );
    for (let i = 0; i < SUGGEST_LIMIT.max; i++) {
      const res = await suggest(inNetwork(0xd, i));
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect((await suggest(inNetwork(0xd, SUGGEST_LIMIT.max + 1))).status).toBe(429);
    expect((await suggest(inNetwork(0xe, 1))).status).toBe(200);
  });
});

describe("visitors' live streams", () => {
  async function open(t: TestApp, address: string) {
    const res = await t.app.request(
      "http://store.test/api/events",
      {},
      { incoming: { socket: { remoteAddress: address } } },
    );
    if (res.status !== 200) await res.body?.cancel();
    return res;
  }

  it("one /64 holds at most 20, however many addresses it uses; the next /64 has its own", async () => {
    const t = await createTestApp(database, { withPages: false });
    const held: Response[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await open(t, inNetwork(0xd, i));
      expect(res.status).toBe(200);
      held.push(res);
    }
    expect((await open(t, inNetwork(0xd, 21))).status).toBe(429);
    const other = await open(t, inNetwork(0xe, 1));
    expect(other.status).toBe(200);
    held.push(other);
    await Promise.all(held.map((r) => r.body?.cancel()));
    await t.services.events.close();
  });
});
