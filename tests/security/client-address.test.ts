import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "../../server/auth/auth";
import type { DatabaseHandle } from "../../server/db/client";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";

/**
 * Finding 2: TRUST_PROXY decides whose X-Forwarded-For counts. Every per-address limit
 * (sign-in, sign-up, live streams) keys on the client address it yields; from a peer that is
 * not a trusted proxy the headers are ignored, so a client cannot buy fresh limits by
 * inventing addresses. (Reviews are limited per signed-in person, not per address. The
 * /dev/mailbox check is in dev-mailbox.test.ts.)
 */

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const LIMIT = 3;
let visitors = 0;
const fresh = () => `198.51.100.${++visitors}`;

async function app(trustProxy?: string): Promise<TestApp> {
  return createTestApp(database, {
    withPages: false,
    env: { AUTH_RATE_LIMIT: String(LIMIT), ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) },
  });
}

let attempt = 0;
/** One sign-in (or sign-up) attempt from socket peer `peer`, claiming to be `forwardedFor`. */
function tryAuth(t: TestApp, path: "sign-in" | "sign-up", peer: string, forwardedFor?: string) {
  attempt += 1;
  const email = `nobody-${attempt}@example.com`;
  const body =
    path === "sign-in" ? { email, password: "Wrong-Horse-991" } : { name: "", email, password: "Velvet-Harbor-42" };
  return t.app.request(
    `http://store.test/api/auth/${path}/email`,
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "http://store.test",
        ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
        // A client's own copy of the internal header is dropped too.
        [CLIENT_ADDRESS_HEADER]: `10.9.9.${attempt % 250}`,
      },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: peer } } },
  );
}

describe.each(["sign-in", "sign-up"] as const)("the per-address %s limit", (path) => {
  it("ignores X-Forwarded-For from a peer nobody trusts: invented addresses share the peer's limit", async () => {
    const t = await app();
    const statuses: number[] = [];
    const peer = `203.0.113.${50 + (path === "sign-in" ? 0 : 1)}`;
    for (let i = 0; i <= LIMIT; i++) statuses.push((await tryAuth(t, path, peer, fresh())).status);
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses[LIMIT]).toBe(429);
  });

  it.each([
    ["a listed proxy", "10.0.0.0/8"],
    ["one hop", "1"],
  ])("behind %s, counts each client by the address the proxy reports", async (_label, setting) => {
    const t = await app(setting);
    // The limiter's counts live in the database: each case has visitors of its own.
    const [visitor, another] = [fresh(), fresh()];
    const a: number[] = [];
    for (let i = 0; i <= LIMIT; i++) a.push((await tryAuth(t, path, "10.0.0.2", `6.6.6.${i}, ${visitor}`)).status);
    expect(a.slice(0, LIMIT)).not.toContain(429);
    // What the client wrote to the left of the proxy's entry changed nothing: still one client.
    expect(a[LIMIT]).toBe(429);
    // Another visitor behind the same proxy has a limit of their own.
    expect((await tryAuth(t, path, "10.0.0.2", another)).status).not.toBe(429);
  });

  it("a listed proxy's own address is not a free pass for a peer outside the list", async () => {
    const t = await app("10.0.0.0/8");
    const statuses: number[] = [];
    const peer = `203.0.113.${60 + (path === "sign-in" ? 0 : 1)}`;
    for (let i = 0; i <= LIMIT; i++) statuses.push((await tryAuth(t, path, peer, fresh())).status);
    expect(statuses[LIMIT]).toBe(429);
  });
});

describe("the live streams' per-address limit for visitors", () => {
  /** Opens `count` visitor streams from `peer` claiming `forwardedFor`; returns statuses and a closer. */
  async function open(t: TestApp, count: number, peer: string, forwardedFor: string) {
    const open: Response[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await t.app.request(
        "http://store.test/api/events",
        { headers: { "x-forwarded-for": forwardedFor } },
        { incoming: { socket: { remoteAddress: peer } } },
      );
      statuses.push(res.status);
      // An open stream holds its slot until its body is cancelled (a closed tab).
      if (res.status === 200) open.push(res);
      else await res.body?.cancel();
    }
    return { statuses, close: () => Promise.all(open.map((r) => r.body?.cancel())) };
  }

  it("from an untrusted peer, invented addresses all count as the peer", async () => {
    const t = await app();
    const first = await open(t, 20, "203.0.113.70", "198.51.100.1");
    const more = await open(t, 1, "203.0.113.70", "198.51.100.2");
    expect(first.statuses.every((s) => s === 200)).toBe(true);
    expect(more.statuses).toEqual([429]);
    await first.close();
    await t.services.events.close();
  });

  it("behind a trusted proxy, each visitor has their own 20", async () => {
    const t = await app("loopback");
    const first = await open(t, 20, "127.0.0.1", "198.51.100.1");
    const same = await open(t, 1, "127.0.0.1", "198.51.100.1");
    const other = await open(t, 1, "127.0.0.1", "198.51.100.2");
    expect(first.statuses.every((s) => s === 200)).toBe(true);
    expect(same.statuses).toEqual([429]);
    expect(other.statuses).toEqual([200]);
    await Promise.all([first.close(), other.close()]);
    await t.services.events.close();
  });
});
