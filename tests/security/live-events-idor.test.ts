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
 * The live stream decides whose order notices a stream hears from its session alone (moved here
 * from the live events tests so it stays held): ids in the address or headers change nothing.
 */

const P = "11111111-1111-4111-8111-111111111111";
const O2 = "33333333-3333-4333-8333-333333333333";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let alice: TestBrowser;
let bobId: string;

async function signedIn(email: string, address: string) {
  const browser = await registerVerified(t, smtp, email, new TestBrowser(t.app, address));
  const res = await browser.postJson("/api/auth/sign-in/email", { email, password: GOOD_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return browser;
}

async function stream(who: TestBrowser, path = "/api/events", init: RequestInit = {}) {
  const response = await who.request(path, init);
  expect(response.status).toBe(200);
  const sse = readSse(response);
  expect(await sse.next()).toEqual({ comment: "connected" });
  return sse;
}

const order = (type: "order.created" | "order.status", orderId: string, userId: string): LiveEvent => ({
  type,
  orderId,
  userId,
});

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url } });
  alice = await signedIn("alice-live@example.com", "198.51.100.32");
  await signedIn("bob-live@example.com", "198.51.100.33");
  bobId = (await userByEmail(database, "bob-live@example.com")).id;
}, 120_000);

afterAll(async () => {
  await t.services.events.close();
  await smtp.stop();
  await database.close();
});

describe("whose order notices a stream hears", () => {
  it("asking for someone else's orders in the address or headers changes nothing", async () => {
    const aliceStream = await stream(alice, `/api/events?userId=${bobId}&user=${bobId}&admin=1`, {
      headers: { "x-user-id": bobId, "x-client-address": "10.0.0.1" },
    });
    const visitor = await stream(new TestBrowser(t.app, "198.51.100.41"), `/api/events?userId=${bobId}`);
    t.services.events.publish(order("order.status", O2, bobId));
    t.services.events.publish({ type: "product.updated", productId: P });
    expect(await aliceStream.nextData()).toEqual({ type: "product.updated", productId: P });
    expect(await visitor.nextData()).toEqual({ type: "product.updated", productId: P });
    await Promise.all([aliceStream.close(), visitor.close()]);
  });
});
