/**
 * Where the server's memory goes: `node --import tsx bench/memory.ts [pg|embedded]`. Starts the
 * built server on a fresh data folder (cold start with the demo catalogue), restarts it, and
 * prints its memory at rest: RSS, the process's own figures (V8 heap, external, array buffers),
 * and /proc/<pid>/smaps_rollup; then runs MEMORY_ROUNDS rounds of load (autocannon on the bench's
 * targets, MEMORY_SECONDS each) and prints the same after each. docs/performance.md "Memory".
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { signedInShopper } from "./accounts";
import { measure, type LoadTarget } from "./load";
import { ROOT, type StoreProcess, startStore } from "./server-process";
import { freshDatabase } from "./pg-database";

const database = (process.argv[2] ?? "embedded") as "pg" | "embedded";
const rounds = Number(process.env.MEMORY_ROUNDS ?? 3);
const seconds = Number(process.env.MEMORY_SECONDS ?? 10);
const connections = Number(process.env.MEMORY_CONNECTIONS ?? 10);
const pgServer = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432";
const pgName = process.env.MEMORY_PG_DATABASE ?? "threadline_memory";
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

const freshPgDatabase = () => freshDatabase(pgServer, pgName);

function smaps(pid: number): Record<string, number> {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const out: Record<string, number> = {};
  for (const key of ["Rss", "Anonymous", "Shared_Clean", "Private_Clean", "Private_Dirty", "Swap"]) {
    const kb = new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(text)?.[1];
    if (kb) out[key] = mb(Number(kb) * 1024);
  }
  return out;
}

async function snapshot(store: StoreProcess, probeFile: string, label: string) {
  await sleep(Number(process.env.MEMORY_IDLE_MS ?? 5000));
  if (process.env.MEMORY_HEAP_SNAPSHOTS === "1") {
    // With MEMORY_NODE_ARGS="--heapsnapshot-signal=SIGUSR1 --diagnostic-dir=…": one snapshot per step.
    process.kill(store.pid, "SIGUSR1");
    await sleep(15000);
  }
  process.kill(store.pid, "SIGUSR2");
  await sleep(300);
  const own = JSON.parse(readFileSync(probeFile, "utf8")) as Record<string, number> & {
    beforeGc: NodeJS.MemoryUsage;
    spaces: Record<string, number>;
  };
  const gc = own.beforeGc.heapUsed !== own.heapUsed ? ` (heap before a full GC ${mb(own.beforeGc.heapUsed)} MB)` : "";
  console.log(
    `${label}: RSS ${mb(store.rssBytes())} MB${gc} | heap ${mb(own.heapUsed)}/${mb(own.heapTotal)} MB, external ${mb(own.external)} MB, arrayBuffers ${mb(own.arrayBuffers)} MB | smaps ${JSON.stringify(smaps(store.pid))}`,
  );
  const spaces = Object.entries(own.spaces).map(([name, bytes]) => `${name.replace(/_space$/, "")} ${mb(bytes)}`);
  console.log(`  V8 heap spaces (MB committed): ${spaces.join(", ")}`);
  if (process.env.MEMORY_MAPS === "1") console.log(largestMappings(store.pid));
}

/**
 * MEMORY_MAPS=1: the mappings with the most resident memory, MEMORY_MAPS_COUNT of them (default 8):
 * PGlite's WebAssembly memory is one anonymous read-write mapping (its initial 128 MB, of which
 * only what postgres touched is resident), the node binary's code and read-only data are file
 * mappings, V8's heap is many small ones.
 */
function largestMappings(pid: number, count = Number(process.env.MEMORY_MAPS_COUNT ?? 8)): string {
  const maps: { name: string; sizeMB: number; rssMB: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const sizeMB = mb(Number.parseInt(head[2], 16) - Number.parseInt(head[1], 16));
      maps.push({ name: `${head[3]} ${head[4] || "[anonymous]"}`, sizeMB, rssMB: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length) maps[maps.length - 1].rssMB = mb(Number(rss[1]) * 1024);
  }
  return maps
    .sort((a, b) => b.rssMB - a.rssMB)
    .slice(0, count)
    .map((m) => `  ${m.rssMB} MB resident of ${m.sizeMB} MB: ${m.name}`)
    .join("\n");
}

// MEMORY_DATA_DIR: a data folder kept between runs (made on the first; later runs skip the cold start).
const keptDir = process.env.MEMORY_DATA_DIR;
const dataDir = keptDir ?? mkdtempSync(path.join(os.tmpdir(), `threadline-memory-${database}-`));
const reuse = keptDir !== undefined && existsSync(path.join(keptDir, "auth-secret"));
const probeFile = path.join(dataDir, "probe.json");
const databaseUrl = database === "pg" ? (reuse ? `${pgServer}/${pgName}` : await freshPgDatabase()) : undefined;
const options = {
  dataDir,
  databaseUrl,
  adminEmail: "admin@bench.test",
  nodeArgs: [
    "--import",
    path.join(ROOT, "bench/memory-probe.mjs"),
    ...(process.env.MEMORY_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
  ],
  env: { MEMORY_PROBE_FILE: probeFile },
};
try {
  if (!reuse) {
    const first = await startStore(options);
    console.log(`[${database}] cold start ${(first.readyAfterMs / 1000).toFixed(1)} s, RSS ${mb(first.rssBytes())} MB`);
    await first.stop();
  }
  const store = await startStore(options);
  try {
    await snapshot(store, probeFile, `[${database}] idle after restart`);
    const base = store.url;
    const shopper = await signedInShopper(base, `shopper-${Date.now()}@bench.test`);
    const html = await (await fetch(`${base}/`)).text();
    const productId = /\/product\/([0-9a-f-]{36})/.exec(html)?.[1];
    const targets: LoadTarget[] = [
      { name: "/", path: "/" },
      { name: "/ shopper", path: "/", headers: { cookie: shopper } },
      { name: "/_root.data", path: "/_root.data" },
      { name: "product", path: `/product/${productId}` },
      { name: "search", path: "/?q=linen" },
      {
        name: "quote",
        path: "/api/cart/quote",
        method: "POST",
        headers: { cookie: shopper, "content-type": "application/json", origin: base },
        body: JSON.stringify({ lines: [{ productId, quantity: 1, selectedSize: "M", color: null }] }),
      },
    ];
    for (let round = 1; round <= rounds; round++) {
      let peak = 0;
      const timer = setInterval(() => {
        peak = Math.max(peak, store.rssBytes());
      }, 200);
      const rates: string[] = [];
      for (const target of targets) {
        const figures = await measure(base, target, connections, seconds, 0);
        rates.push(
          `${target.name} ${figures.requestsPerSecond}/s${figures.errors + figures.non2xx ? ` (${figures.errors} errors, ${figures.non2xx} non-2xx)` : ""}`,
        );
      }
      clearInterval(timer);
      console.log(`[${database}] round ${round} peak RSS ${mb(peak)} MB | ${rates.join(", ")}`);
      await snapshot(store, probeFile, `[${database}] idle after round ${round}`);
    }
  } finally {
    await store.stop();
  }
} finally {
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
