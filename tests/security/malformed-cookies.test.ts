import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";

/**
 * Issue 37, T4-2: a session cookie whose signature is 44 characters but more than 44 bytes
 * (`abc.` + 43 × `%C3%A9` + `=`) made `timingSafeEqual` throw: a 500 on every page and API for
 * whoever carried it, no sign-in needed, and set from a sibling subdomain it locked a victim out.
 * Fails on 0.6.0 (the first test: 500 on each route). A malformed cookie of any bytes is no session.
 */

const ROUTES: [string, string][] = [
  ["GET", "/"],
  ["GET", "/api/cart"],
  ["GET", "/orders"],
  ["GET", "/login"],
  ["POST", "/api/auth/sign-in/email"],
];

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  // The sign-in route's own limit is not what this test is about: a 429 would hide nothing, but
  // the whole fuzz should reach better-auth's handler.
  t = await createTestApp(database, { env: { AUTH_RATE_LIMIT: "100000" } });
});
afterAll(() => database.close());

/**
 * The header as the server reads it off the wire: the cookie's UTF-8 bytes, one character each
 * (Node's HTTP parser reads header bytes as Latin-1), less NUL, CR and LF, which the parser refuses
 * with a 400 before any code of the store runs.
 */
const onTheWire = (cookie: string) =>
  Buffer.from(cookie, "utf8")
    .toString("latin1")
    .replace(/[\0\r\n]/g, "");

async function ask([method, path]: [string, string], sent: string): Promise<number> {
  const cookie = onTheWire(sent);
  const res = await t.app.request(`http://store.test${path}`, {
    method,
    headers: {
      cookie,
      origin: "http://store.test",
      ...(method === "POST" ? { "content-type": "application/json" } : {}),
    },
    body: method === "POST" ? JSON.stringify({ email: "nobody@example.com", password: "wrong-password-1" }) : undefined,
  });
  await res.arrayBuffer();
  return res.status;
}

/** A small seeded generator, so a failing value can be found again from the seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}

const ALPHABETS = [
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/=",
  "%C3%A9%00%FF%E2%82%AC%F0%9F%98%80%ZZ%%",
  "éüß€😀\u0000\u0001\u007f\u00ff\uffff\ud800",
  ".;=,\"' \t\\%",
];

/** One random cookie header carrying a random `threadline.session_token` (and sometimes others). */
function randomCookie(next: () => number): string {
  const pick = (s: string) => [...s][Math.floor(next() * [...s].length)];
  const part = (length: number) => {
    const alphabet = ALPHABETS[Math.floor(next() * ALPHABETS.length)];
    return Array.from({ length }, () => pick(alphabet)).join("");
  };
  const shape = Math.floor(next() * 4);
  const value =
    shape === 0
      ? `${part(1 + Math.floor(next() * 40))}.${part(43)}=`
      : shape === 1
        ? `${part(Math.floor(next() * 80))}`
        : shape === 2
          ? `"${part(10)}.${part(44)}"`
          : `${part(32)}.${part(Math.floor(next() * 60))}`;
  const others = next() < 0.3 ? `; threadline.dont_remember=${part(5)}; other=${part(8)}` : "";
  return `threadline.session_token=${value}${others}`;
}

describe("a malformed session cookie is no session", () => {
  const reported = `threadline.session_token=abc.${"%C3%A9".repeat(43)}=`;

  it.each(ROUTES)("the reported cookie: %s %s answers as to a visitor, never 5xx", async (method, path) => {
    const visitor = await ask([method, path], "");
    expect(await ask([method, path], reported)).toBe(visitor);
  });

  // The sign-in route here is its page (/login); the sign-in API hashes a password per request, which
  // is slow by design, and takes the reported cookie above.
  it("1,000 random cookie values at /, /api/cart, /orders and /login: no 5xx", async () => {
    const next = generator(37);
    const failures: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const cookie = randomCookie(next);
      for (const route of ROUTES.filter(([method]) => method === "GET")) {
        const status = await ask(route, cookie);
        if (status >= 500) failures.push(`${route.join(" ")} ${status} ${JSON.stringify(cookie)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
