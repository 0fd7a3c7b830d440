import { mkdtempSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { killRunning, spawnStore, startStore } from "../helpers/process";
import { migratedDataDir } from "../helpers/data-dir";

/**
 * Listen first, ready later; drain on stop (docs/decisions/027-packaging-start-up-and-drain.md),
 * with the built server as `npm start` runs it (`npm run build` first).
 */

afterEach(killRunning);

const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), "store-start-stop-"));

interface Answer {
  status?: number;
  connection?: string;
  error?: string;
}

/** One GET on a connection of its own (no pool), so a reset shows as that request's error. */
function get(url: string, onResponse?: () => void, onConnect?: () => void): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (res) => {
      onResponse?.();
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, connection: res.headers.connection }));
      res.on("error", (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
    });
    request.on("socket", (socket) => socket.once("connect", () => onConnect?.()));
    request.on("error", (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
  });
}

/**
 * One request on a fresh connection. PGlite's work holds the event loop for seconds at a time
 * during start-up, so a pooled keep-alive connection can meet Node's keep-alive timeout there; a
 * load balancer's health check opens its own connection too.
 */
async function ask(
  url: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string } | undefined> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on("error", () => resolve(undefined));
    });
    request.on("error", () => resolve(undefined));
  });
}

describe("start-up", () => {
  it("listens at once and answers 'starting' until migrations and the demo catalogue are done", async () => {
    const spawnedAt = Date.now();
    const started = await spawnStore({ DATA_DIR: newDataDir(), DEMO_DATA: "1" });
    let first: Awaited<ReturnType<typeof ask>>;
    let firstAnswerMs = 0;
    while (!first && started.child.exitCode === null && Date.now() - spawnedAt < 60_000) {
      first = await ask(`${started.url}/readyz`);
      firstAnswerMs = Date.now() - spawnedAt;
      if (!first) await new Promise((r) => setTimeout(r, 20));
    }
    expect(first?.status, started.output()).toBe(503);
    expect(JSON.parse(first?.body ?? "null")).toEqual({ status: "starting" });

    // A page asked meanwhile gets a clean answer, not a refused connection or a hang; the process is alive.
    const page = await ask(started.url);
    expect(page?.status).toBe(503);
    expect(page?.headers["retry-after"]).toBe("5");
    expect(page?.body).toContain("The store is starting");
    expect((await ask(`${started.url}/healthz`))?.status).toBe(200);

    let readyMs = 0;
    while (started.child.exitCode === null && Date.now() - spawnedAt < 120_000) {
      const ready = await ask(`${started.url}/readyz`);
      if (ready?.status === 200) {
        readyMs = Date.now() - spawnedAt;
        expect(JSON.parse(ready.body)).toMatchObject({ status: "ready" });
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(readyMs, started.output()).toBeGreaterThan(0);
    expect(firstAnswerMs).toBeLessThan(readyMs);
    const home = await ask(started.url);
    expect(home?.status).toBe(200);
    expect(home?.body).toContain("/product/");
    console.log(`start-up: first answer after ${firstAnswerMs} ms, ready after ${readyMs} ms`);

    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
  }, 180_000);

  it("stops cleanly when told to stop while still starting", async () => {
    const started = await spawnStore({ DATA_DIR: newDataDir(), DEMO_DATA: "1" });
    const deadline = Date.now() + 60_000;
    while (started.child.exitCode === null && Date.now() < deadline) {
      if ((await ask(`${started.url}/readyz`))?.status === 503) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    started.child.kill("SIGTERM");
    expect(await started.exited, started.output()).toBe(0);
    expect(started.output()).toContain('"msg":"stopped"');
  }, 120_000);
});

describe("stop", () => {
  it("answers every request already received when SIGTERM comes under load, ends live streams, and exits", async () => {
    // A grace longer than this machine could ever need, so the test shows the drain, not the cut-off (next test).
    const started = await startStore({
      DATA_DIR: migratedDataDir("store-start-stop-"),
      DEMO_DATA: "1",
      SHUTDOWN_GRACE_SECONDS: "120",
    });
    expect(started.child.exitCode, started.output()).toBeNull();

    // A live stream: it must end by itself on the stop, not hold the process open.
    const stream = await fetch(`${started.url}/api/events`);
    expect(stream.status).toBe(200);
    const streamEnded = stream.text().then(
      () => "ended",
      () => "ended",
    );

    // 200 requests, each on a connection of its own; SIGTERM once every connection is made, so
    // the store is stopped with most of them still queued (in the kernel or unread).
    const total = 200;
    let connected = 0;
    const answers = Array.from({ length: total }, (_, i) =>
      get(`${started.url}/?q=${i % 2 ? "dress" : "jacket"}`, undefined, () => {
        if (++connected === total) started.child.kill("SIGTERM");
      }),
    );
    const results = await Promise.all(answers);
    const code = await started.exited;

    const errors = results.filter((r) => r.error);
    const statuses = results.map((r) => r.status);
    expect(errors, `reset or refused: ${errors.map((e) => e.error).join(", ")}`).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(await streamEnded).toBe("ended");
    expect(code, started.output()).toBe(0);
    expect(started.output()).toContain('"msg":"stopped"');
    console.log(
      `stop under load: ${statuses.filter((s) => s === 200).length} × 200, ${statuses.filter((s) => s === 503).length} × 503, ${errors.length} errors`,
    );
    await expect(fetch(`${started.url}/healthz`)).rejects.toThrow();
  }, 300_000);

  it("exits at the end of SHUTDOWN_GRACE_SECONDS even when a request never finishes", async () => {
    const started = await startStore({
      DATA_DIR: migratedDataDir("store-start-stop-"),
      DEMO_DATA: "0",
      SHUTDOWN_GRACE_SECONDS: "1",
    });
    expect(started.child.exitCode, started.output()).toBeNull();
    // A body announced at 100 bytes and never sent in full: the request stays open. It asks for
    // 100 Continue, which the store's HTTP server sends as it hands the request on: SIGTERM comes
    // once the store has the request, not while its headers may still be on the way.
    const stuck = http.request(`${started.url}/api/csp-report`, {
      method: "POST",
      agent: false,
      headers: { "Content-Type": "application/csp-report", "Content-Length": "100", Expect: "100-continue" },
    });
    stuck.on("error", () => {});
    stuck.flushHeaders();
    await new Promise<void>((resolve) => stuck.once("continue", resolve));
    stuck.write("{");
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain("requests still open after the grace period");
  }, 120_000);
});
