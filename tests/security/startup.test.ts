import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { killRunning, startStore } from "../helpers/process";
import { migratedDataDir } from "../helpers/data-dir";

/**
 * Findings 3, 5 and 17, with real store processes: the fail-safe refusals on a public address,
 * and the embedded database's lock (two processes on one DATA_DIR).
 */

afterEach(killRunning);

const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), "store-security-"));

describe("a public address refuses to fall back to the sandbox or the local mailbox", () => {
  it("names every missing setting and how to opt in, and exits before opening anything", async () => {
    const dataDir = newDataDir();
    const started = await startStore({ DATA_DIR: dataDir, PUBLIC_URL: "https://shop.example" });
    expect(await started.exited).toBe(1);
    const output = started.output();
    for (const text of [
      "SMTP_URL",
      "PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET",
      "STRIPE_SECRET_KEY",
      "PUBLIC_URL=https://shop.example",
      "ALLOW_SANDBOX_PAYMENTS=1",
    ]) {
      expect(output).toContain(text);
    }
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
  }, 60_000);

  it("refuses the local mailbox even when sandbox payments are allowed", async () => {
    const started = await startStore({
      DATA_DIR: newDataDir(),
      PUBLIC_URL: "https://shop.example",
      ALLOW_SANDBOX_PAYMENTS: "1",
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain("SMTP_URL is not set");
    expect(started.output()).not.toContain("PAYPAL_CLIENT_ID");
  }, 60_000);

  it("refuses Stripe without its webhook secret", async () => {
    const started = await startStore({
      DATA_DIR: newDataDir(),
      PUBLIC_URL: "https://shop.example",
      SMTP_URL: "smtp://127.0.0.1:9",
      PAYPAL_CLIENT_ID: "pid",
      PAYPAL_CLIENT_SECRET: "psecret",
      STRIPE_SECRET_KEY: "sk_test_1",
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain("STRIPE_WEBHOOK_SECRET is not set");
    expect(started.output()).toContain("https://shop.example/api/stripe-webhook");
  }, 60_000);

  it("starts with sandbox payments chosen on purpose and SMTP set, and says the payments are sandbox", async () => {
    const started = await startStore({
      DATA_DIR: migratedDataDir("store-security-"),
      DEMO_DATA: "0",
      PUBLIC_URL: "https://shop.example",
      SMTP_URL: "smtp://127.0.0.1:9",
      ALLOW_SANDBOX_PAYMENTS: "1",
    });
    expect(started.child.exitCode, started.output()).toBeNull();
    // Ready means the lines were written; the pipe may hand them over a moment after /readyz answers.
    await expect.poll(() => started.output()).toContain('"wallet":"sandbox"');
    await expect.poll(() => started.output()).toContain("sandbox payments on a public address: no real money is taken");
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
  }, 180_000);
});

describe("the embedded database serves one process", () => {
  it("refuses a second server on the same DATA_DIR, and a crashed owner does not block the next start", async () => {
    const dataDir = migratedDataDir("store-security-");
    const first = await startStore({ DATA_DIR: dataDir, DEMO_DATA: "0" });
    expect(first.child.exitCode, first.output()).toBeNull();
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);

    const second = await startStore({ DATA_DIR: dataDir, DEMO_DATA: "0" });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by another store process (pid ${first.child.pid}`);
    expect(second.output()).toContain("DATA_DIR");
    // The first one is untouched and still serves.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

    // A crash leaves the lock file behind; its pid is gone, so the next start takes it over.
    first.child.kill("SIGKILL");
    await first.exited;
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);
    const third = await startStore({ DATA_DIR: dataDir, DEMO_DATA: "0" });
    expect(third.child.exitCode, third.output()).toBeNull();
    expect((await fetch(`${third.url}/readyz`)).status).toBe(200);

    // A graceful stop removes the lock.
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  }, 300_000);
});
