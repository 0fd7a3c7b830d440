/**
 * The write path (issue 28, docs/decisions/062-write-path-bench.md): orders per second end to end
 * through the sandbox card with 20 buyers on distinct products, then 20 buyers at once on one
 * product of 5 pieces, each step timed (start, hosted page, pay, order row, stock, e-mail queued).
 * Called by bench/run.ts per database; `node --import tsx bench/write-path.ts` runs it alone
 * (BENCH_DATABASES, BENCH_DURATION, BENCH_PG_DATABASE; WRITE_PATH_CPU_PROF=dir profiles the server).
 */
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { orderNumber } from "../domain/ids";
import { type DatabaseHandle, openPglite, openPostgres } from "../server/db/client";
import { checkouts, orders, outbox, products, productVariants } from "../server/db/schema";
import { addressIdsOf, signUpBuyers } from "./buyers";
import { freshDatabase } from "./pg-database";
import { checkInvariants, readStoreLedger, type Verdict, variantStockKey } from "./load-check";
import { LoadClient, Tally } from "./load-client";
import { type CatalogProduct, lineOf } from "./load-shoppers";
import { cpuMsOf, startStore } from "./server-process";
import { changeVariantStock, setEveryVariant } from "./variant-stock";
import { type Attempt, buyInLoop, type Observer, purchase, StepTimes, type WriteBuyer } from "./write-path-steps";

export const BUYERS = 20;
export const CONTENDED_PIECES = 5;
const PLENTY = 100_000;

export interface WritePathFigures {
  database: "pg" | "embedded";
  seconds: number;
  orders: number;
  ordersPerSecond: number;
  /** The server process's CPU time (user + system) per order of the distinct case, in ms. */
  serverCpuMsPerOrder: number;
  distinctSteps: ReturnType<StepTimes["rows"]>;
  contended: {
    orders: number;
    refusedAtStart: number;
    refunded: number;
    other: number;
    ordersInDatabase: number;
    refundedInDatabase: number;
  };
  contendedSteps: ReturnType<StepTimes["rows"]>;
  outcomes: Record<string, number>;
  unseen: string[];
  serverErrors: number;
  verdicts: Verdict[];
}

/** The database the store writes, opened by the bench: PostgreSQL any time, PGlite only while its store is stopped. */
const openStoreDatabase = (databaseUrl: string | undefined, dataDir: string): Promise<DatabaseHandle> =>
  databaseUrl ? openPostgres(databaseUrl, { max: 4 }) : openPglite({ dataDir: path.join(dataDir, "pglite") });

/** Reads of the store's own tables (PostgreSQL): the order row, the variant's stock, the outbox row. */
function databaseObserver(db: DatabaseHandle["db"]): Observer {
  return {
    async order(orderId) {
      return (await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))).length === 1;
    },
    async stock(line, expected) {
      const [row] = await db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(
          and(
            eq(productVariants.productId, line.productId),
            sql`${productVariants.size} is not distinct from ${line.selectedSize}`,
            sql`${productVariants.color} is not distinct from ${line.color}`,
          ),
        );
      return row?.stock === expected;
    },
    async mail(orderId, buyer) {
      const rows = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.to, buyer.email), like(outbox.subject, `%${orderNumber(orderId)}%`)));
      return rows.length === 1;
    },
  };
}

/** The embedded database is inside the store's process: the order is seen on the buyer's own orders page (its data). */
const httpObserver: Observer = {
  async order(orderId, buyer) {
    const answer = await buyer.client.request("GET", "/orders.data", { readBody: true });
    return answer?.status === 200 && answer.text.includes(orderId);
  },
};

const count = (attempts: Attempt[], kind: Attempt["kind"]) => attempts.filter((a) => a.kind === kind).length;

export async function measureWritePath(
  database: "pg" | "embedded",
  options: {
    durationSeconds: number;
    /** Seconds of buying before the measured ones (the figures leave them out). */
    warmupSeconds: number;
    pgServer: string;
    pgDatabase: string;
    nodeArgs?: string[];
  },
): Promise<WritePathFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `threadline-write-${database}-`));
  const databaseUrl = database === "pg" ? await freshDatabase(options.pgServer, options.pgDatabase) : undefined;
  const storeOptions = {
    dataDir,
    databaseUrl,
    adminEmail: "admin@write.test",
    // A deployment's setting, not the store's default (10 a minute per shopper): each buyer starts many payments.
    env: { CHECKOUT_RATE_LIMIT: "10000" },
  };
  // The bench's own connection to the store's database, closed however the run ends.
  let opened: DatabaseHandle | null = null;
  try {
    // 1. The store seeds the demo catalogue; buyers sign up and save an address.
    let store = await startStore(storeOptions);
    let made: Awaited<ReturnType<typeof signUpBuyers>>;
    try {
      made = await signUpBuyers(store.url, BUYERS, { tag: `${Date.now()}`, domain: "write.test" });
    } finally {
      await store.stop();
    }

    // 2. Stock, set as the store sets it (the embedded database only opens while its store is stopped).
    let handle = await openStoreDatabase(databaseUrl, dataDir);
    opened = handle;
    const rows = await handle.db
      .select({ id: products.id, sizes: products.sizes, colors: products.colors })
      .from(products)
      .orderBy(asc(products.title));
    if (rows.length < BUYERS + 1)
      throw new Error(`the demo catalogue has ${rows.length} products, ${BUYERS + 1} needed`);
    const catalog: CatalogProduct[] = rows.map((r) => ({
      id: r.id,
      category: "",
      sizes: r.sizes,
      colors: r.colors.map((c) => c.name),
    }));
    const distinct = catalog.slice(0, BUYERS).map((p) => lineOf(p, 1));
    const contended = lineOf(catalog[BUYERS], 1);
    await setEveryVariant(
      handle.db,
      distinct.map((l) => l.productId),
      PLENTY,
    );
    // The contended product: 5 pieces of the size and colour every buyer wants, none of any other.
    await changeVariantStock(handle.db, [contended.productId], (tx) =>
      tx
        .update(productVariants)
        .set({
          stock: sql`case when ${productVariants.size} is not distinct from ${contended.selectedSize}::text and ${productVariants.color} is not distinct from ${contended.color}::text then ${CONTENDED_PIECES} else 0 end`,
        })
        .where(eq(productVariants.productId, contended.productId))
        .returning({ id: productVariants.id }),
    );
    const addressIds = await addressIdsOf(
      handle.db,
      made.map((b) => b.email),
    );
    const initialStock = (await readStoreLedger(handle.db)).stock;
    if (!databaseUrl) {
      await handle.close();
      opened = null;
    }

    // 3. The measured store (restarted), and the bench's view of it.
    store = await startStore({ ...storeOptions, nodeArgs: options.nodeArgs });
    const observer = databaseUrl ? databaseObserver(handle.db) : httpObserver;
    const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS * 2 });
    const tally = new Tally();
    const buyers: WriteBuyer[] = made.map((b) => {
      const client = new LoadClient(store.url, agent, tally, "buy");
      client.cookie = b.cookie;
      return { email: b.email, client, addressId: addressIds.get(b.email) as string };
    });
    const warmupTimes = new StepTimes();
    const distinctTimes = new StepTimes();
    const contendedTimes = new StepTimes();
    let warmupAttempts: Attempt[] = [];
    let distinctAttempts: Attempt[] = [];
    let contendedAttempts: Attempt[] = [];
    let seconds = 0;
    let cpuMs = 0;
    try {
      // Each buyer on its product, for `seconds` from now; its stock is the initial less what it bought before.
      const loop = (times: StepTimes, seconds: number, before: Attempt[][] = []) => {
        const until = Date.now() + seconds * 1000;
        return Promise.all(
          buyers.map((b, i) => {
            const sold = count(before[i] ?? [], "paid");
            const stock = initialStock[variantStockKey(distinct[i])] - sold;
            return buyInLoop(b, distinct[i], stock, observer, times, until);
          }),
        );
      };
      // A warm-up (the server's JIT, the pools), timed apart and left out of the figures; its orders are real.
      console.log(
        `[${database}] write path: ${BUYERS} buyers on distinct products, ${options.warmupSeconds} s warm-up`,
      );
      const warmup = await loop(warmupTimes, options.warmupSeconds);
      console.log(`[${database}] write path: ${BUYERS} buyers on distinct products, ${options.durationSeconds} s`);
      const started = Date.now();
      const cpuBefore = cpuMsOf(store.pid);
      const perBuyer = await loop(distinctTimes, options.durationSeconds, warmup);
      seconds = (Date.now() - started) / 1000;
      cpuMs = cpuMsOf(store.pid) - cpuBefore;
      warmupAttempts = warmup.flat();
      distinctAttempts = perBuyer.flat();
      console.log(`[${database}] write path: ${BUYERS} buyers at once on one product of ${CONTENDED_PIECES} pieces`);
      contendedAttempts = await Promise.all(buyers.map((b) => purchase(b, contended, observer, contendedTimes)));
    } finally {
      agent.destroy();
      await store.stop();
    }

    // 4. The database's word, once the store has stopped.
    if (!databaseUrl) {
      handle = await openStoreDatabase(databaseUrl, dataDir);
      opened = handle;
    }
    const unseen = [...warmupTimes.unseen, ...distinctTimes.unseen, ...contendedTimes.unseen];
    const all = [...warmupAttempts, ...distinctAttempts, ...contendedAttempts];
    const paid = all.flatMap((a) => (a.kind === "paid" ? [a.paid] : []));
    const ledger = await readStoreLedger(handle.db);
    const verdicts = checkInvariants({
      client: { paid, serverErrors: tally.serverErrors, unanswered: tally.unanswered },
      store: ledger,
      initialStock,
      restocked: {},
    });
    const contendedCheckouts = await handle.db
      .select({ status: checkouts.status, lines: checkouts.lines })
      .from(checkouts);
    opened = null;
    await handle.close();
    const ofContended = (lines: { productId: string }[]) => lines.some((l) => l.productId === contended.productId);
    const ordersInDatabase = ledger.orders.filter((o) => ofContended(o.items)).length;
    const refundedInDatabase = contendedCheckouts.filter((c) => c.status === "refunded" && ofContended(c.lines)).length;
    const contendedFigures = {
      orders: count(contendedAttempts, "paid"),
      refusedAtStart: count(contendedAttempts, "refused at start"),
      refunded: count(contendedAttempts, "refunded"),
      other: count(contendedAttempts, "other"),
      ordersInDatabase,
      refundedInDatabase,
    };
    const refusedOrRefunded = contendedFigures.refusedAtStart + refundedInDatabase;
    verdicts.push({
      name: `contended: ${CONTENDED_PIECES} orders, ${BUYERS - CONTENDED_PIECES} refused or refunded`,
      pass:
        ordersInDatabase === CONTENDED_PIECES &&
        contendedFigures.orders === CONTENDED_PIECES &&
        refusedOrRefunded === BUYERS - CONTENDED_PIECES &&
        refundedInDatabase === contendedFigures.refunded,
      detail: `${ordersInDatabase} orders in the database (${contendedFigures.orders} answered paid), ${contendedFigures.refusedAtStart} refused at start, ${refundedInDatabase} refunded (${contendedFigures.refunded} answered refunded), ${contendedFigures.other} other`,
    });
    verdicts.push({
      name: "every order seen landing (row, stock, e-mail)",
      pass: unseen.length === 0,
      detail: unseen.slice(0, 5).join(", ") || "all",
    });
    const outcomes: Record<string, number> = {};
    for (const a of all) {
      const key = a.kind === "paid" ? "paid" : `${a.kind}: ${"code" in a ? a.code : a.detail}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    const distinctOrders = count(distinctAttempts, "paid");
    return {
      database,
      seconds: Math.round(seconds * 10) / 10,
      orders: distinctOrders,
      ordersPerSecond: Math.round((distinctOrders / seconds) * 10) / 10,
      serverCpuMsPerOrder: Math.round((cpuMs / Math.max(1, distinctOrders)) * 10) / 10,
      distinctSteps: distinctTimes.rows(),
      contended: contendedFigures,
      contendedSteps: contendedTimes.rows(),
      outcomes,
      unseen,
      serverErrors: tally.serverErrors,
      verdicts,
    };
  } finally {
    await opened?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures bench/budgets.ts reads, by key. */
export function writePathFigures(f: WritePathFigures): [string, number][] {
  return [
    [`writePath:${f.database}:distinct:ordersPerSecond`, f.ordersPerSecond],
    [`writePath:${f.database}:distinct:serverCpuMsPerOrder`, f.serverCpuMsPerOrder],
    [`writePath:${f.database}:contended:orders`, f.contended.ordersInDatabase],
    [
      `writePath:${f.database}:contended:refusedOrRefunded`,
      f.contended.refusedAtStart + f.contended.refundedInDatabase,
    ],
    [`writePath:${f.database}:invariantsFailed`, f.verdicts.filter((v) => !v.pass).length],
  ];
}

/** The report's tables. */
export function reportWritePath(results: WritePathFigures[]) {
  if (!results.length) return;
  console.log("== The write path (sandbox card; 20 buyers on distinct products, then 20 on one product of 5 pieces)");
  console.table(
    results.map((r) => ({
      db: r.database,
      seconds: r.seconds,
      orders: r.orders,
      "orders/s": r.ordersPerSecond,
      "server CPU ms/order": r.serverCpuMsPerOrder,
      "contended orders": r.contended.ordersInDatabase,
      "refused at start": r.contended.refusedAtStart,
      refunded: r.contended.refundedInDatabase,
      "5xx": r.serverErrors,
    })),
  );
  console.log("== The write path's steps (ms; order row, stock, e-mail: from Pay's answer until the bench saw it)");
  console.table(
    results.flatMap((r) => [
      ...r.distinctSteps.map((s) => ({ db: r.database, case: "distinct", ...s })),
      ...r.contendedSteps.map((s) => ({ db: r.database, case: "contended", ...s })),
    ]),
  );
  const failed = results.flatMap((r) =>
    r.verdicts.filter((v) => !v.pass).map((v) => `${r.database}: ${v.name}: ${v.detail}`),
  );
  if (failed.length) console.log(`write path invariants failed:\n  ${failed.join("\n  ")}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const results: WritePathFigures[] = [];
  const profileDir = process.env.WRITE_PATH_CPU_PROF;
  for (const database of (process.env.BENCH_DATABASES ?? "pg,embedded").split(",") as ("pg" | "embedded")[]) {
    results.push(
      await measureWritePath(database, {
        durationSeconds: Number(process.env.BENCH_DURATION ?? 20),
        warmupSeconds: Number(process.env.BENCH_WARMUP ?? 5),
        pgServer: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432",
        pgDatabase: process.env.BENCH_PG_DATABASE ?? "threadline_bench",
        nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : undefined,
      }),
    );
  }
  reportWritePath(results);
  console.log(
    JSON.stringify(
      results.map((r) => ({ database: r.database, outcomes: r.outcomes, verdicts: r.verdicts })),
      null,
      2,
    ),
  );
}
