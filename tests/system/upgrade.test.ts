import { randomBytes } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual, promisify } from "node:util";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkAnswers,
  checkInvariants,
  type PaidCheckout,
  readStoreLedger,
  variantStockKey,
} from "../../bench/load-check";
import { LoadClient, Tally } from "../../bench/load-client";
import { restockSoldOut } from "../../bench/variant-stock";
import { cartTotals } from "../../domain/cart";
import { grandTotal, orderItemOf } from "../../domain/checkout-line";
import { type DatabaseHandle, openPostgres } from "../../server/db/client";
import { migrationFiles } from "../../server/db/migrate";
import { addresses, checkouts, orders, products, sandboxPayments, users } from "../../server/db/schema";
import { type FakeSmtp, linkIn, startFakeSmtp } from "../fakes/smtp";
import { GOOD_PASSWORD } from "../helpers/accounts";
import { png } from "../helpers/admin";
import { withDatabase } from "../helpers/database";
import { PREVIOUS_RELEASE, type PreparedRelease, preparePreviousRelease } from "../helpers/previous-release";
import { BUILT_SERVER, freePort, killRunning, type Started, startStore } from "../helpers/process";
import { type RoundRobinProxy, startRoundRobinProxy } from "../helpers/round-robin-proxy";

/**
 * A rolling upgrade under buying load (issue 22, item 3; docs/decisions/045-upgrade-test.md).
 * The previous release (tests/helpers/previous-release.ts, built from git once and kept) starts
 * on a new, empty PostgreSQL database and migrates it to its schema; its own command line
 * imports the products, a few pieces per size. The new build then starts on the same database
 * and applies this release's migrations while the old one runs. Both serve behind a round-robin
 * proxy, as behind nginx, while shoppers race for the last pieces for LOAD_SECONDS, each request
 * going to either version (a payment started on one is often finished on the other), and sold-out
 * sizes get a few pieces back now and then. Afterwards the database is set against what the
 * shoppers were told: no size sold past its stock, exact stock, one order per paid checkout,
 * every order's lines and money as its checkout and payment had them, both versions still ready.
 * The database is this test's own on TEST_DATABASE_URL's server, dropped afterwards.
 * `npm run build` first.
 */

const LOAD_SECONDS = 20;
const BUYERS = 8;
/** Pieces per size of a scarce product at the start, and what a sold-out size gets back now and then. */
const PIECES_PER_SIZE = 2;
const RESTOCK_EVERY_MS = 3_000;
const SIZES = ["S", "M", "L"];
const CLIENT_ADDRESS = "203.0.113.9";
/** The old build may take minutes to build on a cold machine (it is kept for the next run). */
const PREPARE_TIMEOUT_MS = 900_000;

const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const run = promisify(execFile);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

let release: PreparedRelease;
let prepareSeconds = 0;
let databaseName: string;
let databaseUrl: string;
let database: DatabaseHandle;
let smtp: FakeSmtp;
let proxy: RoundRobinProxy;
let oldStore: Started;
let newStore: Started;
const scratch = mkdtempSync(path.join(os.tmpdir(), "store-upgrade-"));

async function adminQuery<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const appliedMigrations = async () =>
  (await adminQuery<{ name: string }>(databaseUrl, "select name from schema_migrations order by name")).map(
    (r) => r.name,
  );
/** The migrations a tree's store applies, by name (as schema_migrations records them). */
const migrationsOf = (dir: string) =>
  // The files, not readMigrations: a release from before the manifest (0.1.0) has none to check against.
  migrationFiles(path.join(dir, "server", "db", "migrations")).map((f) => f.name.replace(/\.sql$/, ""));

beforeAll(async () => {
  const started = performance.now();
  release = await preparePreviousRelease();
  prepareSeconds = Math.round((performance.now() - started) / 100) / 10;
  databaseName = `upgrade_${randomBytes(5).toString("hex")}`;
  await adminQuery(withDatabase(PG_SERVER, "postgres"), `create database ${databaseName}`);
  databaseUrl = withDatabase(PG_SERVER, databaseName);
  database = await openPostgres(databaseUrl, { max: 3 });
  smtp = await startFakeSmtp();
}, PREPARE_TIMEOUT_MS);

afterAll(async () => {
  await proxy?.stop();
  for (const store of [oldStore, newStore]) {
    if (store?.child.exitCode === null) {
      store.child.kill("SIGTERM");
      await store.exited;
    }
  }
  killRunning();
  await smtp?.stop();
  await database?.close();
  if (databaseName)
    await adminQuery(withDatabase(PG_SERVER, "postgres"), `drop database if exists ${databaseName} with (force)`);
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

/** What both versions are started with: one database, one secret, the proxy's public address, the fake SMTP. */
function sharedEnv(publicUrl: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: "upgrade-test-auth-secret-0123456789abcdef",
    TRUST_PROXY: "loopback",
    SMTP_URL: smtp.url,
    DEMO_DATA: "0",
    LOG_LEVEL: "warn",
    // Shoppers sign up and pay many times from the proxy's one client address; the limits have their own tests.
    AUTH_RATE_LIMIT: "100000",
    CHECKOUT_RATE_LIMIT: "10000",
  };
}

/**
 * The products, through the old release's own command line (`import-products`): two scarce
 * products with PIECES_PER_SIZE per size, two plentiful ones. The command spreads a product's
 * stock over its sizes evenly (decision 032).
 */
async function importWithOldCli(env: Record<string, string>) {
  const folder = path.join(scratch, "import");
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "front.png"), await png("#6b4f3a"));
  const scarce = PIECES_PER_SIZE * SIZES.length;
  const plenty = 30_000 * SIZES.length;
  writeFileSync(
    path.join(folder, "products.csv"),
    [
      "title,category,price,description,sizes,stock,images",
      `Upgrade Linen Dress,Dress,40.00,Scarce: a few pieces per size.,${SIZES.join("|")},${scarce},front.png`,
      `Upgrade Wool Coat,Jackets,120.00,Scarce: a few pieces per size.,${SIZES.join("|")},${scarce},front.png`,
      `Upgrade Cotton Tee,2-piece,15.50,Plentiful.,${SIZES.join("|")},${plenty},front.png`,
      `Upgrade Canvas Bag,Accessories,22.00,Plentiful.,${SIZES.join("|")},${plenty},front.png`,
    ].join("\n"),
  );
  // The command line's usage as the release documents it: from 0.2.0 on, local pictures need the flag.
  const docs = readFileSync(path.join(release.dir, "docs", "command-line.md"), "utf8");
  const flags = docs.includes("--allow-local-images") ? ["--allow-local-images"] : [];
  const imported = await run(process.execPath, [release.cliEntry, "import-products", ...flags, "products.csv"], {
    cwd: folder,
    env: { ...process.env, ...env },
  });
  expect(imported.stdout).toContain("Imported 4 product(s).");
}

async function signedUp(email: string): Promise<string> {
  const headers = { origin: proxy.url, "content-type": "application/json" };
  const before = smtp.inbox.length;
  const signUp = await fetch(`${proxy.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Upgrade Shopper", email, password: GOOD_PASSWORD }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const mail = await smtp.waitFor(email, { after: before, timeoutMs: 60_000 });
  const verified = await fetch(linkIn(mail, `${proxy.url}/api/auth/verify-email`), { redirect: "manual" });
  expect(verified.status).toBe(302);
  const signIn = await fetch(`${proxy.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: GOOD_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.includes("session_token="))
    .join("; ");
}

interface Product {
  id: string;
  sizes: string[];
}
interface Line {
  productId: string;
  selectedSize: string;
  color: null;
  quantity: number;
}
/** A paid answer: who paid, the version that started the payment and the one that confirmed it. */
type Paid = PaidCheckout & { email: string; startedOn: string; paidOn: string };

/** A request through the proxy: the answer's JSON, status and the version (x-served-by) that served it. */
async function call(client: LoadClient, method: string, url: string, json?: unknown) {
  const answer = await client.request(method, url, json === undefined ? {} : { json });
  if (!answer) return null;
  let body: Record<string, string> | null = null;
  try {
    body = answer.text ? JSON.parse(answer.text) : null;
  } catch {
    // a page: the status tells
  }
  return { status: answer.status, body, on: String(answer.headers["x-served-by"]) };
}

/**
 * One shopper until the time is up: a cart with one piece of a scarce product in a random size
 * (where shoppers race), sometimes with a plentiful product too, priced, then paid through the
 * sandbox, by card and by wallet in turn, as the browser drives them.
 */
async function buy(
  { client, email, addressId }: { client: LoadClient; email: string; addressId: string },
  shop: { scarce: Product[]; plentiful: Product[] },
  until: number,
  tally: Tally,
  paid: Paid[],
) {
  for (let round = 1; Date.now() < until; round++) {
    const scarce = pick(shop.scarce);
    const lines: Line[] = [{ productId: scarce.id, selectedSize: pick(scarce.sizes), color: null, quantity: 1 }];
    if (Math.random() < 0.3) {
      const more = pick(shop.plentiful);
      lines.push({ productId: more.id, selectedSize: pick(more.sizes), color: null, quantity: 1 + (round % 2) });
    }
    await client.request("GET", `/product/${scarce.id}`, { readBody: false });
    if (!(await call(client, "POST", "/api/cart/quote", { lines }))) continue;
    const checkout = { lines, shippingAddressId: addressId, sameAsShipping: true };
    const card = round % 2 === 1;
    const start = await call(
      client,
      "POST",
      card ? "/api/create-stripe-session" : "/api/create-paypal-order",
      checkout,
    );
    if (!start) continue;
    if (start.status !== 200 || !start.body?.id) {
      tally.outcome(`${card ? "card" : "wallet"} start ${start.status}: ${start.body?.code ?? "?"}`);
      continue;
    }
    const ref = start.body.id;
    let done: Awaited<ReturnType<typeof call>>;
    if (card) {
      await client.request("GET", `/sandbox/checkout/${ref}`, { readBody: false });
      done = await call(client, "POST", `/api/sandbox/checkout/${ref}/pay`, {});
    } else {
      await client.request("GET", `/sandbox/paypal/${ref}`, { readBody: false });
      if (!(await call(client, "POST", `/api/sandbox/paypal/${ref}/approve`, {}))) continue;
      done = await call(client, "POST", "/api/capture-paypal-order", { orderId: ref });
    }
    if (!done) continue;
    const confirmed = done.status === 200 && done.body?.status === (card ? "paid" : "COMPLETED") && done.body.orderId;
    if (confirmed) {
      paid.push({ ref, orderId: done.body!.orderId, lines, email, startedOn: start.on, paidOn: done.on });
      tally.outcome(`${card ? "card" : "wallet"} paid`);
    } else {
      tally.outcome(`${card ? "card" : "wallet"} ${done.status}: ${done.body?.code ?? done.body?.status ?? "?"}`);
    }
  }
}

/**
 * Every order as its checkout and its payment had it: its items are the checkout's lines, at
 * the products' prices; its subtotal, tax and shipping are the store's rule for those lines
 * (cartTotals, no discount here); the sandbox took exactly its total.
 */
async function orderProblems(priceOf: Map<string, number>): Promise<string[]> {
  const { db } = database;
  const rows = await db
    .select({ order: orders, checkout: checkouts, paidCents: sandboxPayments.amountCents })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .innerJoin(sandboxPayments, eq(sandboxPayments.id, orders.paymentId));
  const all = await db.select({ id: orders.id }).from(orders);
  const problems: string[] = [];
  if (rows.length !== all.length)
    problems.push(`${all.length - rows.length} order(s) without their checkout or payment`);
  for (const { order, checkout, paidCents } of rows) {
    const say = (what: string) => problems.push(`order ${order.id}: ${what}`);
    if (!isDeepStrictEqual(order.items, checkout.lines.map(orderItemOf)))
      say(`items ${JSON.stringify(order.items)} are not its checkout's lines ${JSON.stringify(checkout.lines)}`);
    for (const item of order.items)
      if (item.priceCents !== priceOf.get(item.productId)) say(`${item.productId} at ${item.priceCents}`);
    const expected = cartTotals(order.items);
    const actual = {
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      shippingCents: order.shippingCents,
      totalCents: grandTotal(order),
    };
    if (order.discountCents !== 0) say(`a discount of ${order.discountCents} without a code`);
    if (!isDeepStrictEqual(actual, expected))
      say(`amounts ${JSON.stringify(actual)}, the rule gives ${JSON.stringify(expected)}`);
    if (paidCents !== grandTotal(order)) say(`paid ${paidCents}, its total is ${grandTotal(order)}`);
  }
  return problems;
}

describe("the previous release", () => {
  it("is built from git, or the test fails saying so (never skipped) when its commit is not in the clone", async () => {
    await expect(preparePreviousRelease({ version: "0.0.1", commit: "0".repeat(40) })).rejects.toThrow(
      /previous release 0\.0\.1 from git, but commit 0{40} is not in the repository at .*full history/,
    );
    // The one that is: kept where the next run finds it, without a git worktree left registered.
    expect(release.commit).toBe(PREVIOUS_RELEASE.commit);
    expect((await run("git", ["worktree", "list", "--porcelain"])).stdout).not.toContain(release.commit);
  });
});

describe(`a rolling upgrade from the previous release (${PREVIOUS_RELEASE.version}) under buying load`, () => {
  it("old and new serve one PostgreSQL database at once: nothing oversold, one order per payment, every order whole", async () => {
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const env = sharedEnv(publicUrl);

    // The previous release on the empty database: it migrates it to its own schema.
    oldStore = await startStore({ ...env, DATA_DIR: path.join(scratch, "old") }, [release.serverEntry], release.dir);
    expect(oldStore.child.exitCode, oldStore.output()).toBeNull();
    const oldSchema = migrationsOf(release.dir);
    expect(await appliedMigrations()).toEqual(oldSchema);
    await importWithOldCli({ ...env, DATA_DIR: path.join(scratch, "old") });

    // The new build on the same database, the old one still running: it applies this release's migrations.
    newStore = await startStore({ ...env, DATA_DIR: path.join(scratch, "new") }, BUILT_SERVER);
    expect(newStore.child.exitCode, newStore.output()).toBeNull();
    const newSchema = migrationsOf(path.resolve(import.meta.dirname, "../.."));
    // Shipped migrations never change: this build's list starts with the old one's (a release may add none).
    expect(newSchema.slice(0, oldSchema.length)).toEqual(oldSchema);
    expect(await appliedMigrations()).toEqual(newSchema);
    expect((await fetch(`${oldStore.url}/readyz`)).status).toBe(200);

    proxy = await startRoundRobinProxy({
      port: proxyPort,
      upstreams: [
        { name: release.version, url: oldStore.url },
        { name: "new", url: newStore.url },
      ],
      clientAddress: CLIENT_ADDRESS,
    });

    const { db } = database;
    const catalog = await db
      .select({ id: products.id, title: products.title, sizes: products.sizes, priceCents: products.priceCents })
      .from(products);
    const scarce = catalog.filter((p) => /Dress|Coat/.test(p.title));
    const plentiful = catalog.filter((p) => /Tee|Bag/.test(p.title));
    expect(scarce).toHaveLength(2);
    expect(plentiful).toHaveLength(2);

    // Shoppers sign up (the e-mailed link), sign in and keep an address, each request on either version.
    const run = randomBytes(3).toString("hex");
    const setupAgent = new http.Agent({ keepAlive: true });
    const shoppers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const email = `buyer-${i}-${run}@upgrade.test`;
        const client = new LoadClient(proxy.url, setupAgent, new Tally(), "buy");
        client.cookie = await signedUp(email);
        const saved = await client.request("POST", "/addresses", {
          form: {
            intent: "create",
            name: `Buyer ${i}`,
            phone: "555-0100",
            street: `${i} Main Street`,
            city: "Springfield",
            state: "IL",
            zipCode: "62701",
            country: "United States",
            isDefault: "on",
          },
        });
        expect(saved?.status).toBe(200);
        const [address] = await db
          .select({ id: addresses.id })
          .from(addresses)
          .innerJoin(users, eq(users.id, addresses.userId))
          .where(eq(users.email, email));
        return { cookie: client.cookie, email, addressId: address.id };
      }),
    );
    setupAgent.destroy();

    const initial = await readStoreLedger(db);
    for (const product of scarce)
      for (const size of SIZES)
        expect(initial.stock[variantStockKey({ productId: product.id, selectedSize: size, color: null })]).toBe(
          PIECES_PER_SIZE,
        );

    // The race: every shopper buys through the proxy for LOAD_SECONDS; sold-out sizes come back now and then.
    const tally = new Tally();
    const paid: Paid[] = [];
    const restocked: Record<string, number> = {};
    const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS * 2 });
    const until = Date.now() + LOAD_SECONDS * 1000;
    let restocking: Promise<void> = Promise.resolve();
    const restocker = setInterval(() => {
      if (Date.now() >= until) return;
      restocking = restocking.then(() =>
        restockSoldOut(
          db,
          scarce.map((p) => p.id),
          PIECES_PER_SIZE,
          restocked,
        ),
      );
    }, RESTOCK_EVERY_MS);
    await Promise.all(
      shoppers.map(({ cookie, email, addressId }) => {
        const client = new LoadClient(proxy.url, agent, tally, "buy");
        client.cookie = cookie;
        return buy({ client, email, addressId }, { scarce, plentiful }, until, tally, paid);
      }),
    );
    clearInterval(restocker);
    await restocking;
    agent.destroy();

    // The verdict, from the database.
    const after = await readStoreLedger(db);
    const verdicts = [
      ...checkInvariants({
        client: { paid, serverErrors: tally.serverErrors, unanswered: tally.unanswered },
        store: after,
        initialStock: initial.stock,
        restocked,
      }),
      checkAnswers(tally.statuses),
    ];
    const sold = new Map<string, number>();
    for (const order of after.orders)
      for (const item of order.items)
        sold.set(variantStockKey(item), (sold.get(variantStockKey(item)) ?? 0) + item.quantity);
    const oversold = [...sold]
      .filter(([key, n]) => n > (initial.stock[key] ?? 0) + (restocked[key] ?? 0))
      .map(([key, n]) => `${key}: ${n} sold of ${(initial.stock[key] ?? 0) + (restocked[key] ?? 0)}`);
    verdicts.push({ name: "no size sold more than it had", pass: oversold.length === 0, detail: oversold.join(", ") });
    const wrongOrders = await orderProblems(new Map(catalog.map((p) => [p.id, p.priceCents])));
    verdicts.push({
      name: "every order whole",
      pass: wrongOrders.length === 0,
      detail: wrongOrders.slice(0, 5).join("; "),
    });

    const byVersion = (field: "startedOn" | "paidOn") =>
      Object.fromEntries([release.version, "new"].map((v) => [v, paid.filter((p) => p[field] === v).length]));
    const summary = {
      previous: `${release.version} (${release.commit.slice(0, 7)}), ${release.cached ? "kept from an earlier run" : `built now: ${JSON.stringify(release.seconds)} s, dependencies ${release.dependencies}`}, ready in ${prepareSeconds} s`,
      paid: paid.length,
      startedOn: byVersion("startedOn"),
      paidOn: byVersion("paidOn"),
      finishedOnTheOtherVersion: paid.filter((p) => p.startedOn !== p.paidOn).length,
      restockedPieces: Object.values(restocked).reduce((a, b) => a + b, 0),
      scarcePiecesSold: scarce.reduce(
        (sum, p) =>
          sum +
          SIZES.reduce(
            (s, size) => s + (sold.get(variantStockKey({ productId: p.id, selectedSize: size, color: null })) ?? 0),
            0,
          ),
        0,
      ),
      outcomes: tally.outcomes,
      statuses: tally.statuses.buy,
      failures: tally.samples,
    };
    console.log(`upgrade test: ${JSON.stringify(summary, null, 2)}`);
    expect(verdicts.filter((v) => !v.pass)).toEqual([]);

    // Both versions sold, and both are still up, the old one never restarted.
    expect(summary.paidOn[release.version]).toBeGreaterThan(0);
    expect(summary.paidOn.new).toBeGreaterThan(0);
    // The race reached the last pieces: sizes sold out during the run (only a sold-out size is restocked).
    expect(summary.restockedPieces).toBeGreaterThan(0);
    for (const store of [oldStore, newStore]) {
      expect(store.child.exitCode, store.output()).toBeNull();
      expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
    }
    // Each order belongs to the shopper who was told "paid" (sessions hold on both versions).
    const owners = await db
      .select({ id: orders.id, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId));
    const ownerOf = new Map(owners.map((o) => [o.id, o.email]));
    expect(paid.filter((p) => ownerOf.get(p.orderId) !== p.email).map((p) => p.orderId)).toEqual([]);
  }, 600_000);
});
