import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveEvent } from "../../domain/live-events";
import { createEventsService } from "../../server/events/service";
import { streamMessages } from "../../server/events/stream-hub";
import { eventRoutes } from "../../server/http/event-routes";
import { createLogger } from "../../server/logger";
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
import { insertProducts } from "../helpers/products";
import { insertOrder } from "../helpers/reviews";
import { readSse } from "../helpers/sse";

const ADMIN = "admin@example.com";
const P = "11111111-1111-4111-8111-111111111111";
const O1 = "22222222-2222-4222-8222-222222222222";
const O2 = "33333333-3333-4333-8333-333333333333";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let admin: TestBrowser;
let alice: TestBrowser;
let bob: TestBrowser;
let aliceId: string;
let bobId: string;

async function signedIn(email: string, address: string) {
  const browser = await registerVerified(t, smtp, email, new TestBrowser(t.app, address));
  const res = await browser.postJson("/api/auth/sign-in/email", { email, password: GOOD_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return browser;
}

/** Opens a stream as `who`; the returned close() ends it as a closing browser tab would. */
async function stream(who: TestBrowser, path = "/api/events", init: RequestInit = {}) {
  const controller = new AbortController();
  const response = await who.request(path, { ...init, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const sse = readSse(response);
  expect(await sse.next()).toEqual({ comment: "connected" });
  return Object.assign(sse, { abort: () => controller.abort() });
}

const order = (type: "order.created" | "order.status", orderId: string, userId: string): LiveEvent => ({
  type,
  orderId,
  userId,
});

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url, ADMIN_EMAIL: ADMIN } });
  admin = await signedIn(ADMIN, "198.51.100.31");
  alice = await signedIn("alice@example.com", "198.51.100.32");
  bob = await signedIn("bob@example.com", "198.51.100.33");
  aliceId = (await userByEmail(database, "alice@example.com")).id;
  bobId = (await userByEmail(database, "bob@example.com")).id;
}, 120_000);

afterAll(async () => {
  await t.services.events.close();
  await smtp.stop();
  await database.close();
});

describe("who hears what", () => {
  it("a visitor hears products and reviews, never orders", async () => {
    const visitor = await stream(new TestBrowser(t.app, "198.51.100.40"));
    t.services.events.publish(order("order.status", O1, aliceId));
    t.services.events.publish({ type: "product.added", productId: P });
    t.services.events.publish({ type: "review.added", productId: P });
    expect(await visitor.nextData()).toEqual({ type: "product.added", productId: P });
    expect(await visitor.nextData()).toEqual({ type: "review.added", productId: P });
    await visitor.close();
  });

  it("a customer hears their own orders only", async () => {
    const aliceStream = await stream(alice);
    t.services.events.publish(order("order.created", O2, bobId));
    t.services.events.publish(order("order.status", O2, bobId));
    t.services.events.publish(order("order.status", O1, aliceId));
    // Bob's notices went out first: had either leaked, it would be the first to arrive here.
    expect(await aliceStream.nextData()).toEqual({ type: "order.status", orderId: O1, userId: aliceId });
    expect(await aliceStream.dataWithin(300)).toEqual([]);
    await aliceStream.close();
  });

  it("the administrator hears every order", async () => {
    const adminStream = await stream(admin);
    t.services.events.publish(order("order.created", O1, aliceId));
    t.services.events.publish(order("order.status", O2, bobId));
    expect(await adminStream.nextData()).toEqual({ type: "order.created", orderId: O1, userId: aliceId });
    expect(await adminStream.nextData()).toEqual({ type: "order.status", orderId: O2, userId: bobId });
    await adminStream.close();
  });

  it("a review posted through the service reaches the stream after it is stored", async () => {
    const [{ id: productId }] = await insertProducts(database.db, [{ title: "Live dress" }]);
    const visitor = await stream(new TestBrowser(t.app, "198.51.100.42"));
    await t.services.reviews.create({ id: aliceId, isAdmin: false }, productId, { rating: 5, text: "Live!" });
    expect(await visitor.nextData()).toEqual({ type: "review.added", productId });
    expect((await t.services.reviews.list(productId)).map((r) => r.text)).toEqual(["Live!"]);
    await visitor.close();
  });
});

describe("limits and clean-up", () => {
  it("caps 500 streams from one user at 5 without harming another user's stream", async () => {
    const bobStream = await stream(bob);
    const responses = await Promise.all(Array.from({ length: 500 }, () => alice.request("/api/events")));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(495);
    const refused = responses.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ message: streamMessages.tooManyForYou });
    expect(refused.headers.get("retry-after")).toBe("30");

    // Bob's open stream still hears, and Bob can open another.
    t.services.events.publish({ type: "product.deleted", productId: P });
    expect(await bobStream.nextData()).toEqual({ type: "product.deleted", productId: P });
    const bobSecond = await stream(bob);
    expect(t.services.events.stats()).toEqual({ open: 7, owners: 2 });

    // Alice's tabs close (the server sees its response bodies cancelled): her slots come back.
    await Promise.all(responses.filter((r) => r.status === 200).map((r) => r.body?.cancel()));
    await expect.poll(() => t.services.events.stats().open).toBe(2);
    const again = await stream(alice);
    await Promise.all([bobStream.close(), bobSecond.close(), again.close()]);
    await expect.poll(() => t.services.events.stats().open).toBe(0);
  });

  it("cleans up a stream whose reader goes away, and one whose request is aborted", async () => {
    const before = t.services.events.stats().open;
    const cancelled = await stream(alice);
    const controller = new AbortController();
    const aborted = t.services.events.openStream({
      viewer: { id: bobId, isAdmin: false },
      address: "x",
      signal: controller.signal,
    });
    expect(aborted.status).toBe(200);
    expect(t.services.events.stats().open).toBe(before + 2);
    await cancelled.close();
    controller.abort();
    await expect.poll(() => t.services.events.stats().open).toBe(before);
    await aborted.body?.cancel();
  });

  it("cleans up when a real browser connection closes", async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      const before = t.services.events.stats().open;
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/api/events`, { signal: controller.signal });
      expect(response.status).toBe(200);
      const sse = readSse(response);
      expect(await sse.next()).toEqual({ comment: "connected" });
      expect(t.services.events.stats().open).toBe(before + 1);
      controller.abort();
      await expect.poll(() => t.services.events.stats().open, { timeout: 5000 }).toBe(before);
    } finally {
      server.close();
    }
  });

  it("sends keep-alives, caps all streams of the instance, and ends them at shutdown", async () => {
    const events = createEventsService(
      { database, logger: createLogger("silent") },
      { keepAliveMs: 50, limits: { total: 2, perAddress: 5 } },
    );
    const app = new Hono().route("/api/events", eventRoutes({ auth: t.services.auth, events }));
    const first = readSse(await app.request("/api/events"));
    const second = readSse(await app.request("/api/events"));
    expect(await first.next()).toEqual({ comment: "connected" });
    expect(await first.next()).toEqual({ comment: "keep-alive" });
    const third = await app.request("/api/events");
    expect(third.status).toBe(503);
    expect(await third.json()).toEqual({ message: streamMessages.tooMany });

    await events.close();
    expect(await first.nextData()).toBeNull();
    expect(await second.nextData()).toBeNull();
    expect(events.stats().open).toBe(0);
    const afterClose = await app.request("/api/events");
    expect(afterClose.status).toBe(503);
  });

  it("drops a client that stops reading instead of buffering for it forever", async () => {
    const events = createEventsService({ database, logger: createLogger("silent") }, { maxBufferedBytes: 2048 });
    const app = new Hono().route("/api/events", eventRoutes({ auth: t.services.auth, events }));
    const response = await app.request("/api/events");
    expect(events.stats().open).toBe(1);
    // Nobody reads the body: after a few kilobytes of notices the stream is given up.
    for (let i = 0; i < 100; i++) events.publish({ type: "product.updated", productId: P });
    expect(events.stats().open).toBe(0);
    await response.body?.cancel();
    await events.close();
  });

  it("closes a stream when it reaches its maximum age, so the session is checked again", async () => {
    const events = createEventsService({ database, logger: createLogger("silent") }, { keepAliveMs: 30, maxAgeMs: 60 });
    const app = new Hono().route("/api/events", eventRoutes({ auth: t.services.auth, events }));
    const sse = readSse(await app.request("/api/events"));
    // On PostgreSQL, notices of the other tests may still come through NOTIFY first; the stream must end anyway.
    while ((await sse.nextData(2000)) !== null);
    expect(sse.ended).toBe(true);
    expect(events.stats().open).toBe(0);
    await events.close();
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  // Two store instances behind one PostgreSQL database: each its own pool, bus and streams. (Chosen by
  // the environment, not skipped: CI runs the suite on PGlite and on PostgreSQL.)
  describe("two instances on one PostgreSQL database", () => {
    let second: Awaited<ReturnType<typeof createTestDatabase>>;
    let b: AccountsTestApp;
    const onB = (browser: TestBrowser) => {
      const copy = new TestBrowser(b.app, "198.51.100.50");
      for (const [k, v] of browser.cookies) copy.cookies.set(k, v);
      return copy;
    };

    beforeAll(async () => {
      const { openPostgres } = await import("../../server/db/client");
      second = await openPostgres(database.connectionString!, { max: 3 });
      // The same DATA_DIR, hence the same signing secret: a session cookie is good on both, as behind a load balancer.
      b = await createAccountsTestApp(second, { env: { SMTP_URL: smtp.url, ADMIN_EMAIL: ADMIN }, dataDir: t.dataDir });
    });
    afterAll(async () => {
      await b.services.events.close();
      await second.close();
    });

    it("a status change made through instance A reaches the customer on instance B, and nobody else", async () => {
      const [{ id: productId }] = await insertProducts(database.db, [{ title: "Ordered on A" }]);
      const orderId = await insertOrder(database.db, aliceId, [productId], "placed");
      const aliceOnB = await stream(onB(alice));
      const bobOnB = await stream(onB(bob));
      const adminOnB = await stream(onB(admin));
      await b.services.events.listening();
      await t.services.adminOrders.changeStatus({
        orderId,
        from: "placed",
        to: "processing",
        note: "Order processing",
      });
      const notice = { type: "order.status", orderId, userId: aliceId };
      expect(await aliceOnB.nextData(5000)).toEqual(notice);
      expect(await adminOnB.nextData(5000)).toEqual(notice);
      expect(await bobOnB.dataWithin(500)).toEqual([]);
      await Promise.all([aliceOnB.close(), bobOnB.close(), adminOnB.close()]);
    });

    it("a review posted on A shows up for a visitor on B; B's own notices are not delivered twice", async () => {
      const [{ id: productId }] = await insertProducts(database.db, [{ title: "Two-instance dress" }]);
      const visitorOnB = await stream(new TestBrowser(b.app, "198.51.100.51"));
      await b.services.events.listening();
      await t.services.reviews.create({ id: bobId, isAdmin: false }, productId, { rating: 4, text: "Seen on B" });
      expect(await visitorOnB.nextData(5000)).toEqual({ type: "review.added", productId });
      b.services.events.publish({ type: "product.updated", productId });
      expect(await visitorOnB.nextData(5000)).toEqual({ type: "product.updated", productId });
      expect(await visitorOnB.dataWithin(500)).toEqual([]);
      await visitorOnB.close();
    });

    it("after B's LISTEN connection is cut, B reconnects, tells its pages to resync, and hears A again", async () => {
      const visitorOnB = await stream(new TestBrowser(b.app, "198.51.100.52"));
      await b.services.events.listening();
      const killed = await database.session();
      try {
        const { rows } = await killed.query(
          "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'LISTEN store_events'",
        );
        // Both instances listen (A's stream tests started A's relay): both are cut.
        expect(rows.length).toBeGreaterThanOrEqual(1);
      } finally {
        killed.release();
      }
      expect(await visitorOnB.nextData(10_000)).toEqual({ type: "resync" });
      t.services.events.publish({ type: "product.added", productId: P });
      expect(await visitorOnB.nextData(5000)).toEqual({ type: "product.added", productId: P });
      await visitorOnB.close();
    }, 30_000);
  });
}
