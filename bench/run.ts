/**
 * Performance figures for the catalogue pages, printed, with budgets checked here and not in tests.
 * Runs the real Hono app and React Router build in-process over an in-memory PGlite with a
 * catalogue of BENCH_PRODUCTS products (default 2000), so figures exclude network and browser.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { CATEGORIES } from "../domain/catalog";
import { loadConfig } from "../server/config";
import { openPglite } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { products } from "../server/db/schema";
import { createApp } from "../server/http/app";
import { createLogger } from "../server/logger";
import { createServices } from "../server/services";
import { createLocalStorage } from "../server/storage/local";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = 8;
const WORDS = ["floral", "linen", "wool", "silk", "denim", "leather", "cotton", "wrap", "midi", "cropped", "tailored", "knit"];

const budgetsMs: Record<string, number> = { "home p95": 150, "product p95": 100, "search p95": 200, "deep page p95": 300 };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(name: string, urls: string[], fetcher: (url: string) => Promise<Response>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const url = urls[next++ % urls.length];
        const t0 = performance.now();
        const res = await fetcher(url);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1],
    rps: (times.length / elapsed) * 1000,
  };
}

const t0 = performance.now();
const database = await openPglite();
await migrate(database);
const openMs = performance.now() - t0;

const t1 = performance.now();
const rows = Array.from({ length: PRODUCTS }, (_, i) => ({
  title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} piece ${i}`,
  description: `A ${WORDS[(i * 3) % WORDS.length]} garment with a ${WORDS[(i * 5) % WORDS.length]} finish.`,
  priceCents: 1000 + ((i * 137) % 20000),
  category: CATEGORIES[i % CATEGORIES.length],
  sizes: ["S", "M", "L"],
  imageUrls: [`/media/products/bench-${i}`],
  stockCount: i % 10,
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
}));
for (let i = 0; i < rows.length; i += 500) await database.db.insert(products).values(rows.slice(i, i + 500));
const insertMs = performance.now() - t1;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-bench-"));
mkdirSync(path.join(dataDir, "media"));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production" });
const logger = createLogger("silent");
const services = createServices({ database, storage: createLocalStorage(path.join(dataDir, "media")), config, logger });
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
const app = createApp({ config, logger, database, services, build });
const fetcher = async (url: string) => app.request(url);

const ids = (await services.catalog.listProducts({ limit: 96, sort: "newest" })).items.map((p) => p.id);
const results = [
  await measure("home", ["/"], fetcher),
  await measure("product", ids.map((id) => `/product/${id}`), fetcher),
  await measure("search", WORDS.map((w) => `/?q=${w.slice(0, 4)}&sort=price-asc`), fetcher),
  await measure("deep page", CATEGORIES.map((c) => `/?limit=96&category=${encodeURIComponent(c.toLowerCase().replace(/ /g, "-"))}`), fetcher),
];
await database.close();

console.log(`catalogue: ${PRODUCTS} products; ${REQUESTS} requests per page type, ${CONCURRENCY} concurrent, in-process`);
console.log(`open + migrate PGlite: ${openMs.toFixed(0)} ms; insert ${PRODUCTS} products: ${insertMs.toFixed(0)} ms`);
console.log("page        p50 ms   p95 ms   max ms   req/s");
let failed = false;
for (const r of results) {
  console.log(
    `${r.name.padEnd(10)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${r.rps.toFixed(0).padStart(7)}`,
  );
}
for (const [key, budget] of Object.entries(budgetsMs)) {
  const r = results.find((x) => `${x.name} p95` === key)!;
  const ok = r.p95 <= budget;
  failed ||= !ok;
  console.log(`budget ${key} <= ${budget} ms: ${ok ? "ok" : `OVER (${r.p95.toFixed(1)} ms)`}`);
}
process.exit(failed ? 1 : 0);
