import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordBackup } from "../../server/backup/last-backup";
import { type DatabaseHandle, openPostgres } from "../../server/db/client";
import { checkouts, orderRefunds } from "../../server/db/schema";
import { enqueueMail, markMailFailed } from "../../server/mail/outbox";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";
import { parsePrometheusText, sampleValue } from "../helpers/prometheus-text";
import { insertCheckout, insertOrder, insertUser } from "../helpers/reviews";

/**
 * GET /metrics (docs/decisions/042-metrics.md): Prometheus' text format, for the holder of
 * METRICS_TOKEN and for a client on this machine; everyone else gets the plain 404 of an address
 * that does not exist.
 */

const TOKEN = randomBytes(24).toString("hex");
const PUBLIC = "http://store.test";
const LOCAL = "http://127.0.0.1:3000";

let database: DatabaseHandle;
/** METRICS_TOKEN set, nginx on this machine in front (TRUST_PROXY=loopback). */
let withToken: TestApp;
/** No METRICS_TOKEN, no proxy declared: this machine only. */
let localOnly: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  withToken = await createTestApp(database, { env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: "loopback" } });
  localOnly = await createTestApp(database);
}, 60_000);

afterAll(async () => {
  await withToken?.services.events.close();
  await localOnly?.services.events.close();
  await database?.close();
});

interface Ask {
  /** The socket's peer address. */
  from: string;
  /** Where the request is addressed (its Host). */
  origin?: string;
  headers?: Record<string, string>;
}

function scrape(t: TestApp, ask: Ask): Promise<Response> {
  return Promise.resolve(
    t.app.request(
      `${ask.origin ?? PUBLIC}/metrics`,
      { headers: ask.headers ?? {} },
      { incoming: { socket: { remoteAddress: ask.from } } },
    ),
  );
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("who may read /metrics", () => {
  const refusedWithToken: [string, Ask][] = [
    ["a visitor on the internet", { from: "203.0.113.7" }],
    ["a visitor behind the trusted proxy", { from: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.7" } }],
    [
      "a visitor behind the trusted proxy that passes on a loopback Host",
      { from: "127.0.0.1", origin: LOCAL, headers: { "x-forwarded-for": "203.0.113.7" } },
    ],
    ["a request from this machine addressed by the public name (DNS rebinding)", { from: "127.0.0.1" }],
    ["a visitor with a wrong token", { from: "203.0.113.7", headers: bearer(`${TOKEN.slice(1)}x`) }],
    [
      "a visitor with the token in another scheme",
      { from: "203.0.113.7", headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` } },
    ],
  ];

  it.each(refusedWithToken)(
    "refuses %s as an unknown address, and lets the same request in with the token",
    async (_, ask) => {
      const refused = await scrape(withToken, ask);
      expect(refused.status).toBe(404);
      const text = await refused.text();
      expect(text).not.toContain("threadline_");
      expect(text).not.toContain("process_");
      // The same "page not found" as an address that does not exist: nothing says /metrics is there.
      const unknown = await withToken.app.request(
        `${PUBLIC}/metrix`,
        {},
        { incoming: { socket: { remoteAddress: "203.0.113.7" } } },
      );
      expect(refused.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
      expect(refused.headers.get("cache-control")).toBe(unknown.headers.get("cache-control"));
      const allowed = await scrape(withToken, { ...ask, headers: { ...ask.headers, ...bearer(TOKEN) } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain("threadline_http_requests_total");
    },
  );

  it("answers the token from anywhere, in Prometheus' text format, never kept by a cache", async () => {
    const res = await scrape(withToken, { from: "203.0.113.7", headers: bearer(TOKEN) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-page-cache")).toBeNull();
  });

  it("answers a client on this machine without a token, and one the trusted proxy reports as this machine", async () => {
    expect((await scrape(withToken, { from: "127.0.0.1", origin: LOCAL })).status).toBe(200);
    expect((await scrape(withToken, { from: "::1", origin: "http://[::1]:3000" })).status).toBe(200);
    const forwarded = { from: "127.0.0.1", origin: LOCAL, headers: { "x-forwarded-for": "127.0.0.1" } };
    expect((await scrape(withToken, forwarded)).status).toBe(200);
  });

  it("without METRICS_TOKEN answers this machine only: no bearer token opens it", async () => {
    expect((await scrape(localOnly, { from: "127.0.0.1", origin: LOCAL })).status).toBe(200);
    expect((await scrape(localOnly, { from: "203.0.113.7", headers: bearer(TOKEN) })).status).toBe(404);
    expect((await scrape(localOnly, { from: "203.0.113.7", headers: bearer("") })).status).toBe(404);
    // A proxy on this machine that TRUST_PROXY does not name: every visitor would look local.
    const undeclaredProxy = { from: "127.0.0.1", origin: LOCAL, headers: { "x-forwarded-for": "203.0.113.7" } };
    expect((await scrape(localOnly, undeclaredProxy)).status).toBe(404);
  });
});

/** A scrape with the token, read strictly. */
async function read(t: TestApp = withToken) {
  const res = await scrape(t, { from: "203.0.113.7", headers: bearer(TOKEN) });
  expect(res.status).toBe(200);
  return parsePrometheusText(await res.text());
}

const visit = (path: string, init: RequestInit = {}) =>
  withToken.app.request(`${PUBLIC}${path}`, init, { incoming: { socket: { remoteAddress: "198.51.100.20" } } });

describe("what /metrics reports", () => {
  it("counts requests by route template and status, with their latency", async () => {
    const [{ id }] = await insertProducts(database.db, [{ title: "Counted coat", priceCents: 9900 }]);
    const before = await read();
    const counted = (families: typeof before, labels: Record<string, string>) =>
      sampleValue(families, "threadline_http_requests_total", labels) ?? 0;
    const timed = (families: typeof before, labels: Record<string, string>) =>
      sampleValue(families, "threadline_http_request_duration_seconds_count", labels) ?? 0;
    const product = { method: "GET", route: "/product/:id", status: "200" };
    for (let i = 0; i < 3; i++) expect((await visit(`/product/${id}`)).status).toBe(200);
    expect((await visit(`/product/${id}.data`)).status).toBe(200);
    expect((await visit("/no/such/page")).status).toBe(404);
    expect((await visit("/no-such-page")).status).toBe(404);
    expect((await visit("/healthz")).status).toBe(200);
    const after = await read();

    expect(counted(after, product) - counted(before, product)).toBe(3);
    expect(timed(after, { method: "GET", route: "/product/:id", status_class: "2xx" })).toBeGreaterThanOrEqual(3);
    const dataRoute = { method: "GET", route: "/product/:id.data", status: "200" };
    expect(counted(after, dataRoute) - counted(before, dataRoute)).toBe(1);
    const splat = { method: "GET", route: "/*", status: "404" };
    expect(counted(after, splat) - counted(before, splat)).toBe(1);
    const onePage = { method: "GET", route: "/:page", status: "404" };
    expect(counted(after, onePage) - counted(before, onePage)).toBe(1);
    const health = { method: "GET", route: "/healthz", status: "200" };
    expect(counted(after, health) - counted(before, health)).toBe(1);
    // Route templates only: no product id, no path that nobody registered.
    const routes = new Set(after.get("threadline_http_requests_total")!.samples.map((s) => s.labels.route));
    expect([...routes].filter((r) => r.includes(id) || r.includes("no-such") || r.includes("no/such"))).toEqual([]);
    const buckets = after.get("threadline_http_request_duration_seconds")!;
    expect(buckets.type).toBe("histogram");
  });

  it("counts the page cache's hits and misses", async () => {
    const [{ id }] = await insertProducts(database.db, [{ title: "Cached coat", priceCents: 9900 }]);
    const before = await read();
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await visit(`/product/${id}`)).headers.get("x-page-cache"));
    expect(results).toEqual(["miss", "hit", "hit"]);
    const after = await read();
    const delta = (result: string) =>
      (sampleValue(after, "threadline_page_cache_requests_total", { result }) ?? 0) -
      (sampleValue(before, "threadline_page_cache_requests_total", { result }) ?? 0);
    expect(delta("miss")).toBe(1);
    expect(delta("hit")).toBe(2);
  });

  it("reports the outbox, checkouts and refunds as the database holds them", async () => {
    const { db } = database;
    const queued = await Promise.all(
      ["a", "b", "c"].map((n) => enqueueMail(db, { to: `${n}@example.com`, subject: "Hello", text: "Hi" })),
    );
    await markMailFailed(db, queued[0], "refused", null);
    const userId = await insertUser(db, { email: "metrics-buyer@example.com" });
    const [{ id: productId }] = await insertProducts(db, [{ title: "Bought coat", priceCents: 1000 }]);
    const open = await insertCheckout(db, userId, [productId]);
    await insertCheckout(db, userId, [productId]);
    await insertCheckout(db, userId, [productId], "completed");
    await db.update(checkouts).set({ stockReservedAt: new Date() }).where(eq(checkouts.id, open.id));
    const orderId = await insertOrder(db, userId, [productId]);
    await db.insert(orderRefunds).values({
      orderId,
      sequence: 1,
      kind: "cancellation",
      amountCents: 1100,
      lines: [],
      restocked: true,
      idempotencyKey: `refund-${orderId}-1`,
      actor: "admin",
      createdAt: new Date(Date.now() - 600_000),
    });

    const families = await read();
    expect(sampleValue(families, "threadline_database_up")).toBe(1);
    expect(sampleValue(families, "threadline_mail_outbox_queued")).toBe(2);
    expect(sampleValue(families, "threadline_mail_given_up")).toBe(1);
    const oldest = sampleValue(families, "threadline_mail_outbox_oldest_queued_age_seconds")!;
    expect(oldest).toBeGreaterThanOrEqual(0);
    expect(oldest).toBeLessThan(60);
    expect(sampleValue(families, "threadline_checkouts_open")).toBe(2);
    expect(sampleValue(families, "threadline_checkouts_holding_stock")).toBe(1);
    expect(sampleValue(families, "threadline_refunds_pending")).toBe(1);
    const refundAge = sampleValue(families, "threadline_refunds_pending_oldest_age_seconds")!;
    expect(refundAge).toBeGreaterThanOrEqual(600);
    expect(refundAge).toBeLessThan(660);
    for (const name of ["threadline_mail_outbox_queued", "threadline_checkouts_open", "threadline_refunds_pending"])
      expect(families.get(name)?.type).toBe("gauge");
  });

  it("reports the live streams open on this instance", async () => {
    const before = sampleValue(await read(), "threadline_live_streams_open")!;
    const stream = await visit("/api/events");
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(sampleValue(await read(), "threadline_live_streams_open")).toBe(before + 1);
    await stream.body?.cancel();
    expect(sampleValue(await read(), "threadline_live_streams_open")).toBe(before);
    expect(sampleValue(await read(), "threadline_change_notices_connected")).toBe(1);
  });

  it("reports the time since the last recorded backup, and nothing before one was recorded", async () => {
    expect((await read()).has("threadline_backup_age_seconds")).toBe(false);
    const createdAt = new Date(Date.now() - 3600_000).toISOString();
    recordBackup(withToken.dataDir, { createdAt, file: "/backups/store.tar.gz", checkedAt: createdAt });
    const age = sampleValue(await read(), "threadline_backup_age_seconds")!;
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);
  });

  it("reports the process: memory, heap and event-loop lag", async () => {
    const families = await read();
    expect(sampleValue(families, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sampleValue(families, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(sampleValue(families, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("reports PostgreSQL's pool, and no pool on the embedded database", async () => {
    const families = await read();
    if (database.kind === "postgres") {
      expect(sampleValue(families, "threadline_database_pool_max")).toBe(database.pool!().max);
      expect(sampleValue(families, "threadline_database_pool_connections", { state: "in_use" })).toBeGreaterThanOrEqual(
        0,
      );
      expect(sampleValue(families, "threadline_database_pool_waiting")).toBeGreaterThanOrEqual(0);
    } else {
      expect(families.has("threadline_database_pool_max")).toBe(false);
      expect(families.has("threadline_database_pool_connections")).toBe(false);
    }
  });
});

describe("a scrape while the database is down", () => {
  it("still answers, with the database down and its figures left out", async () => {
    // PostgreSQL where nothing listens: every connection is refused.
    const gone = await openPostgres("postgres://nobody@127.0.0.1:1/none", { max: 2 });
    const t = await createTestApp(gone, { env: { METRICS_TOKEN: TOKEN }, withPages: false });
    try {
      expect((await t.app.request(`${PUBLIC}/healthz`)).status).toBe(200);
      const families = await read(t);
      expect(sampleValue(families, "threadline_database_up")).toBe(0);
      for (const name of ["threadline_mail_outbox_queued", "threadline_checkouts_open", "threadline_refunds_pending"])
        expect(families.has(name), name).toBe(false);
      expect(sampleValue(families, "threadline_http_requests_total", { route: "/healthz", status: "200" })).toBe(1);
      expect(sampleValue(families, "process_resident_memory_bytes")).toBeGreaterThan(0);
      expect(sampleValue(families, "threadline_database_pool_max")).toBe(2);
    } finally {
      await t.services.events.close();
      await gone.close();
    }
  });
});
