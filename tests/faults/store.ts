import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { PUBLIC_URL } from "../helpers/accounts";
import { type Started, startStore } from "../helpers/process";

/** One AUTH_SECRET for the test's in-process app and its store processes: a session made by one is valid in the other. */
export const AUTH_SECRET = "fault-tests-auth-secret-0123456789abcdef";

/**
 * The built store as a child process (`npm start`) on the test's PostgreSQL database, at the
 * tests' public address (http://store.test, this machine's by config.ts), with whatever else `env` adds.
 */
export async function startStoreProcess(database: DatabaseHandle, env: Record<string, string>): Promise<Started> {
  if (!database.connectionString) throw new Error("the fault tests run on PostgreSQL: set TEST_DATABASE_URL");
  const started = await startStore({
    NODE_ENV: "test",
    DATABASE_URL: database.connectionString,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "store-faults-")),
    DEMO_DATA: "0",
    PUBLIC_URL,
    AUTH_SECRET,
    CHECKOUT_RATE_LIMIT: "1000",
    ...env,
  });
  expect(started.child.exitCode, started.output()).toBeNull();
  return started;
}

/** A request to the store process as a signed-in browser would send it: its cookies, and the store's Origin on a POST. */
export function asBrowser(cookies: Map<string, string>) {
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return {
    get: (url: string) => fetch(url, { headers: { cookie }, redirect: "manual" }),
    postJson: (url: string, body: unknown) =>
      fetch(url, {
        method: "POST",
        headers: { cookie, origin: PUBLIC_URL, "content-type": "application/json" },
        body: JSON.stringify(body),
        redirect: "manual",
      }),
  };
}

/** Polls `probe` until it returns something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
