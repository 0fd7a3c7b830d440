import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { type TcpProxy, startTcpProxy } from "../fakes/tcp-proxy";
import { PUBLIC_URL } from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";
import { freePort, killRunning, type Started, spawnStore } from "../helpers/process";
import { AUTH_SECRET, eventually } from "./store";

/**
 * Issue 22, items 5 and 6 (docs/decisions/043-operable-logs-and-a-start-that-waits.md), on the
 * built store as a child process:
 * - a store started while PostgreSQL cannot be reached keeps listening, says `starting` with the
 *   database's host and error code on /readyz, retries with backoff, and is ready soon after the
 *   database answers;
 * - everything it prints from start to exit (the wait, pages, a 404, a refused sign-in and OAuth
 *   callback, PostgreSQL cut and back, a drain) is one JSON object per line; the outage is one
 *   "database unavailable" line and one "database back after N s" line, and the 503s of starting,
 *   the outage and the drain are not errors.
 */

let database: DatabaseHandle;
let proxy: TcpProxy;
let store: Started | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  const url = new URL(database.connectionString!);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
});
afterAll(async () => {
  killRunning();
  await proxy?.stop();
  await database?.close();
});
afterEach((context) => {
  if (context.task.result?.state === "fail" && store) console.log(store.output());
});

/** The store on `databaseUrl`, not waiting for it to be ready. */
function spawn(databaseUrl: string, env: Record<string, string> = {}) {
  return spawnStore({
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "store-start-logs-")),
    DEMO_DATA: "0",
    PUBLIC_URL,
    AUTH_SECRET,
    LOG_LEVEL: "info",
    ...env,
  });
}

/** The database's address through the proxy. */
function throughProxy() {
  const url = new URL(database.connectionString!);
  url.host = `127.0.0.1:${proxy.port}`;
  return url.toString();
}

/** One request, with its status and body; undefined while nothing listens. */
async function ask(url: string, init?: RequestInit) {
  try {
    const res = await fetch(url, { ...init, redirect: "manual" });
    return { status: res.status, headers: res.headers, body: await res.text() };
  } catch {
    return undefined;
  }
}

type Line = Record<string, unknown> & { level: number; msg: string };

/** Every line the process printed, parsed; fails naming the first line that is not one JSON object. */
function jsonLines(output: string): Line[] {
  return output
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        throw new Error(`a line the store printed is not JSON: ${line}`);
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
        throw new Error(`a line the store printed is not a JSON object: ${line}`);
      return parsed as Line;
    });
}

const signIn = (url: string, password: string) =>
  ask(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: PUBLIC_URL, "content-type": "application/json" },
    body: JSON.stringify({ email: "nobody@example.com", password }),
  });

describe("a store started before its database", () => {
  it("waits for it, then serves; and every line it prints, through an outage and a drain, is JSON at the right level", async () => {
    await proxy.cut();
    const started = await spawn(throughProxy());
    store = started;
    const { url } = started;

    // Waiting: listening, alive, /readyz says why, pages answer 503 with Retry-After.
    const waiting = await eventually(async () => {
      const res = await ask(`${url}/readyz`);
      return res?.status === 503 && JSON.parse(res.body).reason ? JSON.parse(res.body) : undefined;
    }, "/readyz to say what start-up waits for");
    expect(waiting).toEqual({ status: "starting", reason: { host: `127.0.0.1:${proxy.port}`, code: "ECONNREFUSED" } });
    expect((await ask(`${url}/healthz`))?.status).toBe(200);
    const page = await ask(url);
    expect(page?.status).toBe(503);
    expect(page?.headers.get("retry-after")).toBe("5");
    expect((await signIn(url, "wrong-password-1"))?.status).toBe(503);
    // It retries (0.5 s, 1 s, 2 s ...) instead of exiting.
    await eventually(
      async () =>
        jsonLines(started.output()).filter((l) => l.msg === "database not reachable yet; starting when it answers")
          .length >= 3
          ? true
          : undefined,
      "three attempts",
    );
    expect(started.child.exitCode).toBeNull();

    // The database answers: ready within a bound (the next attempt, then the migrations' check).
    await proxy.restore();
    const restoredAt = Date.now();
    await eventually(async () => ((await ask(`${url}/readyz`))?.status === 200 ? true : undefined), "ready", 30_000);
    expect(Date.now() - restoredAt).toBeLessThan(20_000);

    // Serving: a page, two 404s, a refused sign-in and a refused OAuth callback.
    expect((await ask(url))?.status).toBe(200);
    expect((await ask(`${url}/product/00000000-0000-4000-8000-000000000000`))?.status).toBe(404);
    expect((await ask(`${url}/no-such-page`))?.status).toBe(404);
    expect((await signIn(url, "wrong-password-2"))?.status).toBe(401);
    const callback = await ask(`${url}/api/auth/callback/google?code=forged&state=forged`);
    expect(callback?.status).toBeLessThan(500);

    // PostgreSQL cut and back.
    await proxy.cut();
    await eventually(async () => ((await ask(`${url}/readyz`))?.status === 503 ? true : undefined), "/readyz 503");
    for (let i = 0; i < 5; i++) {
      expect((await ask(url))?.status).toBe(503);
      expect((await signIn(url, "wrong-password-3"))?.status).toBe(503);
    }
    await proxy.restore();
    await eventually(async () => ((await ask(`${url}/readyz`))?.status === 200 ? true : undefined), "back");
    expect((await ask(url))?.status).toBe(200);

    // A drain: requests after the signal answer 503 "restarting" until the port closes.
    started.child.kill("SIGTERM");
    const drained: number[] = [];
    for (;;) {
      const res = await ask(`${url}/`);
      if (!res) break;
      drained.push(res.status);
    }
    expect(await started.exited).toBe(0);
    expect(drained).toContain(503);

    const lines = jsonLines(started.output());
    const named = (msg: string | RegExp) =>
      lines.filter((l) => (typeof msg === "string" ? l.msg === msg : msg.test(l.msg)));

    // The outage: one line when it went, one when it was back, whatever failed in between.
    // (The code is the socket's when a connection was refused; a cut connection has none.)
    expect(named("database unavailable")).toEqual([expect.objectContaining({ level: 50, reason: expect.any(String) })]);
    expect(named(/^database back after [\d.]+ s$/)).toEqual([
      expect.objectContaining({ level: 30, downSeconds: expect.any(Number) }),
    ]);
    // The wait at start-up: warnings with the host and code, then one line when it answered.
    expect(named("database not reachable yet; starting when it answers")[0]).toMatchObject({
      level: 40,
      host: `127.0.0.1:${proxy.port}`,
      code: "ECONNREFUSED",
      reason: expect.stringContaining("ECONNREFUSED"),
      attempt: 1,
    });
    expect(named("database reachable")).toHaveLength(1);

    // 503s while starting and draining (info), during the outage (warn): said, never as errors.
    const ready = lines.findIndex((l) => l.msg === "store ready");
    const draining = lines.findIndex((l) => l.msg.startsWith("shutting down"));
    const unavailableIn = (from: number, to: number) => lines.slice(from, to).filter((l) => l.status === 503);
    expect(unavailableIn(0, ready).map((l) => l.level)).toEqual([30, 30]);
    expect(unavailableIn(ready, draining).map((l) => l.level)).toEqual(Array(10).fill(40));
    expect(unavailableIn(draining, lines.length).length).toBeGreaterThanOrEqual(1);
    expect(unavailableIn(draining, lines.length).every((l) => l.level === 30)).toBe(true);

    // The refused sign-in and callback are the visitor's doing: nothing at error.
    expect(lines.find((l) => l.path === "/api/auth/sign-in/email" && l.status === 401)).toMatchObject({ level: 30 });
    // The only error in the whole run is the outage's line.
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual(["database unavailable"]);
    expect(named("stopped")).toHaveLength(1);
  });

  it("ends at once on SIGTERM while still waiting, with JSON lines only", async () => {
    const closed = await freePort();
    const started = await spawn(`postgres://postgres@127.0.0.1:${closed}/nothing`);
    store = started;
    const waiting = await eventually(async () => {
      const res = await ask(`${started.url}/readyz`);
      return res?.status === 503 && JSON.parse(res.body).reason ? JSON.parse(res.body) : undefined;
    }, "/readyz to say what start-up waits for");
    expect(waiting).toEqual({ status: "starting", reason: { host: `127.0.0.1:${closed}`, code: "ECONNREFUSED" } });
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
    const lines = jsonLines(started.output());
    expect(lines.at(-1)?.msg).toBe("stopped");
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe("a store that cannot start", () => {
  it("says a bad setting in one fatal JSON line and exits 1", async () => {
    const started = await spawn("postgres://postgres@127.0.0.1:1/nothing", { PORT: "not-a-port" });
    store = started;
    expect(await started.exited).toBe(1);
    const lines = jsonLines(started.output());
    expect(lines).toEqual([
      expect.objectContaining({ level: 60, msg: expect.stringContaining("Invalid configuration") }),
    ]);
    expect(lines[0].msg).toContain("PORT");
  });

  it("says a port in use in one fatal JSON line and exits 1", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const closed = await freePort();
      const started = await spawn(`postgres://postgres@127.0.0.1:${closed}/nothing`, { PORT: String(port) });
      store = started;
      expect(await started.exited).toBe(1);
      const lines = jsonLines(started.output());
      expect(lines.filter((l) => l.level === 60)).toEqual([
        expect.objectContaining({ code: "EADDRINUSE", port, msg: expect.stringContaining("the address is in use") }),
      ]);
    } finally {
      taken.close();
    }
  });
});
