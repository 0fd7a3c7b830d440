/**
 * `npm run bench`: the store's performance figures, measured on the real server process over
 * HTTP (docs/performance.md says what each figure is and how to read it). Prints a report,
 * writes bench/results.json (key "bench"; other keys in the file are kept), and checks the
 * budgets in bench/budgets.ts. BENCH_QUICK=1 runs every step with short durations (CI uses it to
 * prove the bench works; its figures are not budget-grade and budgets are not enforced then).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { signedInShopper } from "./accounts";
import { type BudgetVerdict, checkBudgets, limitText } from "./budgets";
import { type BundleFigures, measureBundles } from "./bundle";
import { type FloorServer, startFloor } from "./floor";
import { type LighthouseFigures, measureLighthouse } from "./lighthouse";
import { type LoadFigures, type LoadTarget, measure } from "./load";
import { freshDatabase } from "./pg-database";
import { ROOT, rssSampler, type StoreProcess, startStore } from "./server-process";
import { measureSuggest, type SuggestFigures } from "./suggest";
import { measureWritePath, reportWritePath, type WritePathFigures, writePathFigures } from "./write-path";

const quick = process.env.BENCH_QUICK === "1";
const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const settings = {
  quick,
  durationSeconds: num("BENCH_DURATION", quick ? 1 : 20),
  warmupSeconds: num("BENCH_WARMUP", quick ? 1 : 5),
  repeat: num("BENCH_REPEAT", quick ? 1 : 3),
  connections: (process.env.BENCH_CONNECTIONS ?? (quick ? "10" : "10,50")).split(",").map(Number),
  databases: (process.env.BENCH_DATABASES ?? "pg,embedded").split(",") as ("pg" | "embedded")[],
  lighthouseRuns: num("BENCH_LIGHTHOUSE_RUNS", quick ? 1 : 3),
  pgServer: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432",
  /** The database the bench makes anew on that server (two benches at once need two names). */
  pgDatabase: process.env.BENCH_PG_DATABASE ?? "threadline_bench",
  enforce: process.env.BENCH_ENFORCE ? process.env.BENCH_ENFORCE === "1" : !quick,
};

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

interface LoadRow extends LoadFigures {
  database: string;
  connections: number;
  target: string;
  runs: number;
}

interface MemoryRow {
  database: string;
  idleAfterRestartMB: number;
  peakMB: number;
  idleAfterEachRoundMB: number[];
  idleAfterLoadMB: number;
}

/** A new, empty PostgreSQL database for one bench run; its URL. */
async function freshPgDatabase(): Promise<string> {
  return freshDatabase(settings.pgServer, settings.pgDatabase);
}

async function idleRss(store: StoreProcess): Promise<number> {
  await sleep(quick ? 1000 : 5000);
  return Math.round((store.rssBytes() / MB) * 10) / 10;
}

async function firstProductId(base: string): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const id = /\/product\/([0-9a-f-]{36})/.exec(html)?.[1];
  if (!id) throw new Error("no product link on the home page: is the demo catalogue there?");
  return id;
}

/** The machine's floor (issue 28): the visitor's `/` as sent, answered from memory by bare node:http. */
export const FLOOR_TARGET = "floor: / bytes from node:http";

function targetsFor(productId: string, shopperCookie: string, floorBase: string): LoadTarget[] {
  const lines = [{ productId, quantity: 1, selectedSize: "M", color: null }];
  return [
    { name: FLOOR_TARGET, path: "/", base: floorBase },
    { name: "/ (visitor)", path: "/" },
    { name: "/ (shopper)", path: "/", headers: { cookie: shopperCookie } },
    { name: "/_root.data (visitor)", path: "/_root.data" },
    { name: "/product/{id} (visitor)", path: `/product/${productId}` },
    { name: "/product/{id} (shopper)", path: `/product/${productId}`, headers: { cookie: shopperCookie } },
    { name: "search ?q=linen (visitor)", path: "/?q=linen" },
    {
      name: "cart quote (shopper)",
      path: "/api/cart/quote",
      method: "POST",
      headers: { cookie: shopperCookie, "content-type": "application/json", origin: "" },
      body: JSON.stringify({ lines }),
    },
  ];
}

async function benchDatabase(database: "pg" | "embedded", withBrowser: boolean) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `threadline-bench-${database}-`));
  const databaseUrl = database === "pg" ? await freshPgDatabase() : undefined;
  const adminEmail = "admin@bench.test";
  const load: LoadRow[] = [];
  let bundles: BundleFigures[] = [];
  let lighthouse: LighthouseFigures[] = [];
  let suggest: SuggestFigures | null = null;
  try {
    console.log(`\n[${database}] cold start: fresh data, demo catalogue`);
    const first = await startStore({ dataDir, databaseUrl, adminEmail });
    const coldStartMs = first.readyAfterMs;
    const seedingRssMB = Math.round((first.rssBytes() / MB) * 10) / 10;
    console.log(`[${database}] ready after ${(coldStartMs / 1000).toFixed(1)} s (RSS ${seedingRssMB} MB); restarting`);
    await first.stop();

    const store = await startStore({ dataDir, databaseUrl, adminEmail });
    const restartMs = store.readyAfterMs;
    const idleAfterRestartMB = await idleRss(store);
    let floor: FloorServer | undefined;
    try {
      const base = store.url;
      const shopper = await signedInShopper(base, `shopper-${Date.now()}@bench.test`);
      const productId = await firstProductId(base);
      // The floor serves the bytes of the visitor's home page as the store answered them just now.
      await fetch(`${base}/`);
      floor = await startFloor(`${base}/`);
      const targets = targetsFor(productId, shopper, floor.url).map((t) =>
        t.headers && "origin" in t.headers ? { ...t, headers: { ...t.headers, origin: base } } : t,
      );
      // Before the load: the search's suggestions, one shopper typing, every query asked once (uncached).
      suggest = await measureSuggest(base);
      console.log(
        `[${database}] search suggestions: ${suggest.requests} queries, p50 ${suggest.p50Ms} ms, p95 ${suggest.p95Ms} ms, max ${suggest.maxMs} ms, errors ${suggest.errors}`,
      );
      const sampler = rssSampler(store);
      const idleAfterEachRoundMB: number[] = [];
      for (const connections of settings.connections) {
        // The budget rows (10 connections) are repeated and their median kept; others run once.
        const rounds = connections === 10 ? settings.repeat : 1;
        const runs = new Map<string, LoadFigures[]>();
        for (let round = 0; round < rounds; round++) {
          for (const target of targets) {
            const figures = await measure(base, target, connections, settings.durationSeconds, settings.warmupSeconds);
            runs.set(target.name, [...(runs.get(target.name) ?? []), figures]);
            console.log(
              `[${database}] ${connections} conn, ${target.name}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}`,
            );
          }
          if (connections === 10) idleAfterEachRoundMB.push(await idleRss(store));
        }
        for (const [target, samples] of runs) {
          const pick = (key: keyof LoadFigures) => median(samples.map((s) => s[key]));
          load.push({
            database,
            connections,
            target,
            runs: samples.length,
            requestsPerSecond: pick("requestsPerSecond"),
            p50Ms: pick("p50Ms"),
            p99Ms: pick("p99Ms"),
            errors: samples.reduce((sum, s) => sum + s.errors, 0),
            non2xx: samples.reduce((sum, s) => sum + s.non2xx, 0),
            bytesPerResponse: pick("bytesPerResponse"),
            requests: samples.reduce((sum, s) => sum + s.requests, 0),
          });
        }
      }
      const peakMB = Math.round((sampler.stop() / MB) * 10) / 10;
      const idleAfterLoadMB = await idleRss(store);
      const memory: MemoryRow = { database, idleAfterRestartMB, peakMB, idleAfterEachRoundMB, idleAfterLoadMB };

      if (withBrowser) {
        console.log(`[${database}] JavaScript per route`);
        const admin = await signedInShopper(base, adminEmail);
        bundles = await measureBundles(base, [
          { name: "/", path: "/" },
          { name: "/product/{id}", path: `/product/${productId}` },
          { name: "/checkout", path: "/checkout", cookie: shopper },
          { name: "/admin", path: "/admin", cookie: admin },
        ]);
        console.log(`[${database}] Lighthouse, ${settings.lighthouseRuns} run(s) per page`);
        lighthouse = await measureLighthouse(
          base,
          [
            { name: "/", path: "/" },
            { name: "/product/{id}", path: `/product/${productId}` },
            { name: "/login", path: "/login" },
          ],
          settings.lighthouseRuns,
        );
      }
      return { database, coldStartMs, seedingRssMB, restartMs, memory, load, bundles, lighthouse, suggest };
    } finally {
      await floor?.stop();
      await store.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

/** Each target's requests per second as a share of the floor's in the same rounds (issue 28). */
export function floorRatios(load: LoadRow[]) {
  return load.flatMap((row) => {
    const floor = load.find(
      (f) => f.target === FLOOR_TARGET && f.database === row.database && f.connections === row.connections,
    );
    if (!floor || row.target === FLOOR_TARGET || !floor.requestsPerSecond) return [];
    const ofFloor = Math.round((row.requestsPerSecond / floor.requestsPerSecond) * 100) / 100;
    return [{ database: row.database, connections: row.connections, target: row.target, ofFloor }];
  });
}

function report(results: Awaited<ReturnType<typeof benchDatabase>>[], verdicts: BudgetVerdict[]) {
  console.log("\n== Load (autocannon; median of runs at 10 connections)");
  console.table(
    results.flatMap((r) =>
      r.load.map((l) => ({
        db: l.database,
        conn: l.connections,
        target: l.target,
        "req/s": l.requestsPerSecond,
        "p50 ms": l.p50Ms,
        "p99 ms": l.p99Ms,
        errors: l.errors,
        "non-2xx": l.non2xx,
        "bytes/resp": l.bytesPerResponse,
      })),
    ),
  );
  console.log("== Against the machine's floor (the same bytes of / from bare node:http, same rounds)");
  console.table(
    results.flatMap((r) =>
      floorRatios(r.load).map((f) => ({ db: f.database, conn: f.connections, target: f.target, "× floor": f.ofFloor })),
    ),
  );
  console.log("== Start and memory");
  console.table(
    results.map((r) => ({
      db: r.database,
      "cold start s": (r.coldStartMs / 1000).toFixed(1),
      "restart s": (r.restartMs / 1000).toFixed(1),
      "seeding RSS MB": r.seedingRssMB,
      "idle after restart MB": r.memory.idleAfterRestartMB,
      "peak MB": r.memory.peakMB,
      "idle after rounds MB": r.memory.idleAfterEachRoundMB.join(" / "),
      "idle after load MB": r.memory.idleAfterLoadMB,
    })),
  );
  console.log("== Search suggestions (GET /api/search/suggest, one at a time, uncached)");
  console.table(results.map((r) => ({ db: r.database, ...r.suggest })));
  const bundles = results.flatMap((r) => r.bundles);
  if (bundles.length) {
    console.log("== JavaScript before any user action (from build/client)");
    console.table(
      bundles.map((b) => ({
        route: b.route,
        files: b.files,
        "raw KB": (b.rawBytes / 1024).toFixed(1),
        "gzip KB": (b.gzipBytes / 1024).toFixed(1),
        "brotli KB": (b.brotliBytes / 1024).toFixed(1),
      })),
    );
  }
  const lighthouse = results.flatMap((r) => r.lighthouse);
  if (lighthouse.length) {
    console.log("== Lighthouse (mobile, median)");
    console.table(lighthouse);
  }
  console.log(`== Budgets${settings.enforce ? "" : " (reported, not enforced in this mode)"}`);
  console.table(
    verdicts.map((v) => ({
      budget: v.name,
      limit: limitText(v),
      actual: v.actual ?? "-",
      pass: v.pass === null ? "-" : v.pass ? "yes" : "NO",
    })),
  );
}

async function main() {
  if (!existsSync(path.join(ROOT, "build", "server-main", "main.js"))) {
    throw new Error("No build: run `npm run build` first (`npm run bench` does).");
  }
  const started = Date.now();
  const results = [];
  const writePaths: WritePathFigures[] = [];
  for (const [i, database] of settings.databases.entries()) {
    results.push(await benchDatabase(database, i === 0));
    writePaths.push(await measureWritePath(database, settings));
  }

  const figures = new Map<string, number>();
  for (const r of results) {
    for (const l of r.load) {
      figures.set(`load:${l.database}:${l.connections}:${l.target}:requestsPerSecond`, l.requestsPerSecond);
      figures.set(`load:${l.database}:${l.connections}:${l.target}:p99Ms`, l.p99Ms);
    }
    for (const ratio of floorRatios(r.load))
      figures.set(`ratio:${ratio.database}:${ratio.connections}:${ratio.target}`, ratio.ofFloor);
    figures.set(`memory:${r.database}:idleAfterRestartMB`, r.memory.idleAfterRestartMB);
    figures.set(`memory:${r.database}:idleAfterLoadMB`, r.memory.idleAfterLoadMB);
    figures.set(`coldStart:${r.database}:seconds`, Math.round(r.coldStartMs / 100) / 10);
    if (r.suggest) figures.set(`suggest:${r.database}:p95Ms`, r.suggest.p95Ms);
    for (const b of r.bundles) figures.set(`bundle:${b.route}:gzipKB`, Math.round(b.gzipBytes / 102.4) / 10);
    for (const l of r.lighthouse)
      for (const key of ["performance", "accessibility", "bestPractices", "seo", "cls"] as const)
        figures.set(`lighthouse:${l.page}:${key}`, l[key]);
  }
  for (const w of writePaths) for (const [key, value] of writePathFigures(w)) figures.set(key, value);
  const verdicts = checkBudgets(figures);
  reportWritePath(writePaths);
  report(results, verdicts);

  const file = path.join(ROOT, "bench", "results.json");
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  const bench = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? null,
      node: process.version,
      memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    },
    settings,
    seconds: Math.round((Date.now() - started) / 1000),
    results,
    writePaths,
    budgets: verdicts,
  };
  writeFileSync(file, `${JSON.stringify({ ...previous, bench }, null, 2)}\n`);
  console.log(`\nwritten to bench/results.json in ${bench.seconds} s`);
  const failed = verdicts.filter((v) => v.pass === false);
  if (settings.enforce && failed.length) {
    console.error(`${failed.length} budget(s) not met: ${failed.map((v) => v.name).join("; ")}`);
    process.exitCode = 1;
  }
}

await main();
