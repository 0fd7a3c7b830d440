/**
 * `npm run load`: a bounded load test of the built store on PostgreSQL (docs/performance.md,
 * "Load test"). LOAD_SHOPPERS browsing shoppers and LOAD_BUYERS buyers paying through the
 * sandbox for LOAD_DURATION seconds, buyers competing for a few scarce products that are topped
 * up now and then. Afterwards the database is set against what the shoppers were told: zero
 * 5xx, one order per paid checkout, exact stock per size and colour, nothing negative; and the server's memory is
 * read idle before, at its peak and after a rest. Figures go to bench/results.json under "load"
 * (other keys are kept). Exit code 1 when an invariant fails: they are correctness, never timing.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import pg from "pg";
import { openPostgres } from "../server/db/client";
import { products } from "../server/db/schema";
import { addressIdsOf, signUpBuyers } from "./buyers";
import {
  checkAnswers,
  checkInvariants,
  checkMemory,
  type PaidCheckout,
  readStoreLedger,
  type Verdict,
} from "./load-check";
import { LoadClient, percentile, Tally } from "./load-client";
import { browse, browsePaths, buy, type Buyer, type CatalogProduct } from "./load-shoppers";
import { ROOT, rssSampler, startStore } from "./server-process";
import { restockSoldOut, setEveryVariant } from "./variant-stock";

const num = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of at least 0 (got "${raw}")`);
  return value;
};

const settings = {
  durationSeconds: num("LOAD_DURATION", 60),
  shoppers: num("LOAD_SHOPPERS", 100),
  buyers: num("LOAD_BUYERS", 20),
  thinkMs: num("LOAD_THINK_MS", 0),
  scarceProducts: num("LOAD_SCARCE_PRODUCTS", 2),
  scarceStock: num("LOAD_SCARCE_STOCK", 2),
  restockEverySeconds: num("LOAD_RESTOCK_EVERY", 3),
  restockPieces: num("LOAD_RESTOCK_PIECES", 2),
  restSeconds: num("LOAD_REST", 15),
  rounds: Math.max(1, num("LOAD_ROUNDS", 1)),
  pgServer: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432",
  database: process.env.LOAD_DATABASE ?? "threadline_load",
};

for (const [name, value] of [
  ["LOAD_DURATION", settings.durationSeconds],
  ["LOAD_SCARCE_PRODUCTS", settings.scarceProducts],
  ["LOAD_RESTOCK_EVERY", settings.restockEverySeconds],
] as const) {
  if (value <= 0) throw new Error(`${name} must be more than 0 (got ${value})`);
}

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PLENTIFUL_STOCK = 100_000;

async function freshDatabase(): Promise<string> {
  if (!/^\w+$/.test(settings.database))
    throw new Error(`LOAD_DATABASE must be a plain name (got "${settings.database}")`);
  const admin = new pg.Client({ connectionString: `${settings.pgServer}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${settings.database} with (force)`);
    await admin.query(`create database ${settings.database}`);
  } finally {
    await admin.end();
  }
  return `${settings.pgServer}/${settings.database}`;
}

function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

async function main() {
  if (!existsSync(path.join(ROOT, "build", "server-main", "main.js"))) {
    throw new Error("No build: run `npm run build` first (`npm run load` does).");
  }
  if (typeof WebSocket === "undefined") {
    throw new Error(
      "No WebSocket to reach the server's inspector: run with `node --experimental-websocket` (`npm run load` does).",
    );
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "threadline-load-"));
  const databaseUrl = await freshDatabase();
  console.log(
    `load test: ${settings.shoppers} browsing, ${settings.buyers} buying, ${settings.durationSeconds} s, on ${settings.database}`,
  );
  const store = await startStore({
    dataDir,
    databaseUrl,
    adminEmail: "admin@load.test",
    // Buyers start a payment every second or so; the per-shopper limit (10 a minute) has its own test.
    env: { CHECKOUT_RATE_LIMIT: "10000" },
    inspect: true,
  });
  const database = await openPostgres(databaseUrl, { max: 3 });
  const setupAgent = new http.Agent({ keepAlive: true });
  const tally = new Tally();
  const paid: PaidCheckout[] = [];
  const restocked: Record<string, number> = {};
  let verdicts: Verdict[] = [];
  try {
    const base = store.url;
    const { db } = database;

    // The shop: a few scarce products, a few plentiful ones (the buyers' carts), the rest as seeded.
    const rows = await db
      .select({
        id: products.id,
        title: products.title,
        category: products.category,
        sizes: products.sizes,
        colors: products.colors,
      })
      .from(products)
      .orderBy(asc(products.title));
    if (rows.length < settings.scarceProducts + 4) throw new Error("the demo catalogue is missing");
    const catalog: CatalogProduct[] = rows.map((r) => ({
      id: r.id,
      category: r.category,
      sizes: r.sizes,
      colors: r.colors.map((c) => c.name),
    }));
    const scarce = catalog.slice(0, settings.scarceProducts);
    const plentiful = catalog.slice(settings.scarceProducts, settings.scarceProducts + 4);
    // Stock is kept per size and colour: each variant of a scarce product has a few pieces.
    await setEveryVariant(
      db,
      scarce.map((p) => p.id),
      settings.scarceStock,
    );
    await setEveryVariant(
      db,
      plentiful.map((p) => p.id),
      PLENTIFUL_STOCK,
    );
    const words = rows.flatMap((r) => r.title.toLowerCase().split(/\W+/)).filter((w) => w.length > 3);
    const paths = browsePaths({
      products: catalog,
      categories: [...new Set(catalog.map((p) => p.category))],
      searches: [...new Set(words)].slice(0, 20),
    });

    // Buyers sign up as people do (the e-mailed link from /dev/mailbox), sign in and keep an address.
    console.log(`signing up ${settings.buyers} buyers`);
    const made = await signUpBuyers(base, settings.buyers, {
      tag: `${Date.now()}`,
      domain: "load.test",
      agent: setupAgent,
      tally,
    });
    const addressIds = await addressIdsOf(
      db,
      made.map((b) => b.email),
    );
    const accounts = made.map((b) => ({ cookie: b.cookie, addressId: addressIds.get(b.email) as string }));
    // The setup's own requests are not part of the figures.
    tally.reset();

    // Warm the pages once, then rest, then read the idle memory.
    for (const make of paths) await new LoadClient(base, setupAgent, new Tally(), "browse").request("GET", make());
    setupAgent.destroy();
    await sleep(5000);
    const idleBeforeLazyMB = mb(store.rssBytes());
    await store.collectGarbage();
    await sleep(1000);
    const idleBeforeMB = mb(store.rssBytes());
    const initialStock = (await readStoreLedger(db)).stock;

    const sampler = rssSampler(store);
    const afterEachRoundMB: number[] = [];
    let seconds = 0;
    for (let round = 1; round <= settings.rounds; round++) {
      // Each round's connections are new: none has sat idle long enough for the server to close it.
      const agent = new http.Agent({ keepAlive: true, maxSockets: settings.shoppers + settings.buyers + 10 });
      const buyers: Buyer[] = accounts.map(({ cookie, addressId }) => {
        const client = new LoadClient(base, agent, tally, "buy");
        client.cookie = cookie;
        return { client, addressId };
      });
      console.log(
        `round ${round} of ${settings.rounds}: ${settings.durationSeconds} s (idle RSS before: ${idleBeforeMB} MB)`,
      );
      const started = Date.now();
      const until = started + settings.durationSeconds * 1000;
      // A sold-out size and colour of a scarce product gets a few pieces back now and then: buyers race for them again.
      const restocker = setInterval(() => {
        if (Date.now() >= until) return;
        void restockSoldOut(
          db,
          scarce.map((p) => p.id),
          settings.restockPieces,
          restocked,
        );
      }, settings.restockEverySeconds * 1000);
      await Promise.all([
        ...Array.from({ length: settings.shoppers }, () =>
          browse(new LoadClient(base, agent, tally, "browse"), paths, until, settings.thinkMs),
        ),
        ...buyers.map((b) => buy(b, { scarce, plentiful }, until, tally, paid)),
      ]);
      clearInterval(restocker);
      seconds += (Date.now() - started) / 1000;
      agent.destroy();
      if (round < settings.rounds) {
        await sleep(settings.restSeconds * 1000);
        afterEachRoundMB.push(mb(store.rssBytes()));
      }
    }
    // A restock started just before the end finishes before stock is read.
    await sleep(500);
    const peakMB = mb(sampler.stop());

    const store1 = await readStoreLedger(db);
    verdicts = checkInvariants({
      client: { paid, serverErrors: tally.serverErrors, unanswered: tally.unanswered },
      store: store1,
      initialStock,
      restocked,
    });

    console.log(`resting ${settings.restSeconds} s`);
    const restingMB: number[] = [];
    for (let waited = 0; waited < settings.restSeconds; waited += 5) {
      await sleep(Math.min(5, settings.restSeconds - waited) * 1000);
      restingMB.push(mb(store.rssBytes()));
    }
    const afterRestMB = mb(store.rssBytes());
    afterEachRoundMB.push(afterRestMB);
    // V8 collects old garbage when it next needs room, which an idle server never does: a full
    // collection shows what is still live.
    await store.collectGarbage();
    await sleep(1000);
    const afterGcMB = mb(store.rssBytes());

    const groups = (["browse", "buy"] as const).map((g) => ({
      group: g,
      requests: tally.requests(g),
      perSecond: Math.round(tally.requests(g) / seconds),
      p50Ms: percentile(tally.latencies[g], 50),
      p99Ms: percentile(tally.latencies[g], 99),
      statuses: tally.statuses[g],
      kbPerResponse: Math.round(tally.bytes[g] / Math.max(1, tally.requests(g)) / 102.4) / 10,
    }));
    const sold = store1.orders.reduce((sum, o) => sum + o.items.reduce((s, i) => s + i.quantity, 0), 0);
    const scarceRows = scarce.map((p) => ({
      product: p.id,
      initial: initialStock[p.id],
      restocked: restocked[p.id] ?? 0,
      sold: store1.orders.reduce(
        (sum, o) => sum + o.items.filter((i) => i.productId === p.id).reduce((s, i) => s + i.quantity, 0),
        0,
      ),
      held: store1.held[p.id] ?? 0,
      final: store1.stock[p.id],
    }));
    verdicts.push(checkAnswers(tally.statuses), checkMemory({ idleBeforeMB, afterGcMB }));
    const memory = {
      idleBeforeLazyMB,
      idleBeforeMB,
      peakMB,
      afterRestMB,
      afterGcMB,
      restSeconds: settings.restSeconds,
      afterEachRoundMB,
      lastRestEvery5sMB: restingMB,
    };

    console.log("\n== Requests");
    console.table(
      groups.map((g) => ({
        ...g,
        statuses: Object.entries(g.statuses)
          .map(([s, n]) => `${s}: ${n}`)
          .join(", "),
      })),
    );
    console.log("== Buyers' outcomes");
    console.table(tally.outcomes);
    console.log("== Scarce products (pieces)");
    console.table(scarceRows);
    console.log("== Memory (RSS, MB)");
    console.table([
      { ...memory, afterEachRoundMB: afterEachRoundMB.join(" / "), lastRestEvery5sMB: restingMB.join(" / ") },
    ]);
    console.log("== Invariants");
    console.table(verdicts.map((v) => ({ invariant: v.name, pass: v.pass ? "yes" : "NO", detail: v.detail })));
    console.log(
      `unanswered: ${tally.unanswered}, GETs sent again after a stale kept-alive connection: ${tally.staleRetries}`,
    );
    if (tally.samples.length) console.log(`first failures:\n  ${tally.samples.join("\n  ")}`);

    const file = path.join(ROOT, "bench", "results.json");
    const previous = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
    const load = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? null,
        node: process.version,
        memoryGB: Math.round(os.totalmem() / 1024 ** 3),
      },
      settings: { ...settings, pgServer: undefined },
      seconds: Math.round(seconds * 10) / 10,
      requests: groups,
      unanswered: tally.unanswered,
      staleConnectionRetries: tally.staleRetries,
      outcomes: tally.outcomes,
      paidCheckouts: paid.length,
      orders: store1.orders.length,
      piecesSold: sold,
      scarce: scarceRows,
      memory,
      invariants: verdicts,
      pass: verdicts.every((v) => v.pass),
      failures: tally.samples,
    };
    writeFileSync(file, `${JSON.stringify({ ...previous, load }, null, 2)}\n`);
    console.log(`\nwritten to bench/results.json (key "load")`);
  } finally {
    setupAgent.destroy();
    await database.close();
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const failed = verdicts.filter((v) => !v.pass);
  if (failed.length) {
    console.error(`${failed.length} invariant(s) failed: ${failed.map((v) => v.name).join("; ")}`);
    process.exitCode = 1;
  } else {
    console.log("every invariant held");
  }
}

await main();
