/**
 * `node --import tsx bench/probe.ts` (after `npm run build`): a short look at where a page's time
 * goes (decision 064), quicker than `npm run bench` and steadier on a shared machine. Starts the
 * built server on PostgreSQL (a fresh database PROBE_PG_DATABASE, default `threadline_probe`, on
 * BENCH_PG_URL) or, with PROBE_DATABASE=embedded, on PGlite; restarts it (so the profile is of a
 * warm restart, not the demo seeding); signs a shopper in; starts the floor (bench/floor.ts); then
 * per target a 2 s warm-up and a PROBE_SECONDS (default 8) run at 10 connections, printing
 * requests per second, p50/p99 and the **server's CPU per answer** (from /proc/<pid>/stat before
 * and after the run: less swayed by other work on the machine than requests per second).
 * PROBE_TARGETS (comma-separated; default all): floor, visitor, shopper, product-visitor,
 * product-shopper, quote. PROBE_CPU_PROFILE_DIR=/some/dir runs the server with `--cpu-prof`
 * there; read the profile with bench/cpu-profile.ts (`--from 5` skips the start).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { signedInShopper } from "./accounts";
import { startFloor } from "./floor";
import { type LoadTarget, measure } from "./load";
import { startStore } from "./server-process";

const pgServer = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432";
const pgName = process.env.PROBE_PG_DATABASE ?? "threadline_probe";
const embedded = process.env.PROBE_DATABASE === "embedded";
const profileDir = process.env.PROBE_CPU_PROFILE_DIR;
const seconds = Number(process.env.PROBE_SECONDS ?? 8);

/** User and system CPU of a process so far, in milliseconds (Linux, 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

if (!embedded) {
  const admin = new pg.Client({ connectionString: `${pgServer}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${pgName} with (force)`);
  await admin.query(`create database ${pgName}`);
  await admin.end();
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), "threadline-probe-"));
const options = {
  dataDir,
  databaseUrl: embedded ? undefined : `${pgServer}/${pgName}`,
  adminEmail: "admin@probe.test",
};
await (await startStore(options)).stop();
const store = await startStore({
  ...options,
  nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
});
const floor = await startFloor(`${store.url}/`);
try {
  const base = store.url;
  const shopper = await signedInShopper(base, `probe-${Date.now()}@probe.test`);
  const productId = /\/product\/([0-9a-f-]{36})/.exec(await (await fetch(`${base}/`)).text())?.[1];
  if (!productId) throw new Error("no product on the home page");
  const targets: Record<string, LoadTarget> = {
    floor: { name: "floor", path: "/", base: floor.url },
    visitor: { name: "visitor", path: "/" },
    shopper: { name: "shopper", path: "/", headers: { cookie: shopper } },
    "product-visitor": { name: "product-visitor", path: `/product/${productId}` },
    "product-shopper": { name: "product-shopper", path: `/product/${productId}`, headers: { cookie: shopper } },
    quote: {
      name: "quote",
      path: "/api/cart/quote",
      method: "POST",
      headers: { cookie: shopper, "content-type": "application/json", origin: base },
      body: JSON.stringify({ lines: [{ productId, quantity: 1, selectedSize: "M", color: null }] }),
    },
  };
  for (const name of (process.env.PROBE_TARGETS ?? Object.keys(targets).join(",")).split(",")) {
    const target = targets[name];
    if (!target) throw new Error(`unknown target ${name}`);
    const pid = name === "floor" ? floor.pid : store.pid;
    await measure(base, target, 10, 2, 0);
    const before = cpuMs(pid);
    const figures = await measure(base, target, 10, seconds, 0);
    const perAnswer = ((cpuMs(pid) - before) * 1000) / Math.max(1, figures.requests);
    console.log(
      `${name}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}, ${figures.bytesPerResponse} bytes; server CPU ${Math.round(perAnswer)} µs per answer`,
    );
  }
} finally {
  await floor.stop();
  await store.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
