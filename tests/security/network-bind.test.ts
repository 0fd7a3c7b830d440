import { existsSync, mkdtempSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migratedDataDir } from "../helpers/data-dir";
import { killRunning, startStore } from "../helpers/process";

/**
 * Issue 21, finding 8: the fail-safe refusals (decision 007) looked only at PUBLIC_URL, and the
 * store listened on 0.0.0.0 by default. So a store started with the defaults on a machine others
 * can reach served its sandbox payments and local mailbox to the whole network. Now a store that
 * listens on a non-loopback address follows the same rules as a public one unless PUBLIC_URL is
 * public already (then those rules apply anyway); and the default is to listen on loopback only,
 * so `npm start` on a fresh machine still opens on http://localhost:3000.
 */

afterEach(killRunning);

const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), "store-bind-"));

/** This machine's addresses that other machines can reach (none in a sandbox without a network). */
const networkAddresses = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && a.family === "IPv4")
    .map((a) => a!.address);

/** Whether a TCP connection to address:port is accepted. */
const accepts = (address: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: address, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

describe("a store listening on an address other machines can reach", () => {
  it.each(["0.0.0.0", "::"])(
    "HOST=%s with this machine's PUBLIC_URL refuses the sandbox and the local mailbox, naming how to opt in",
    async (host) => {
      const dataDir = newDataDir();
      const started = await startStore({ DATA_DIR: dataDir, HOST: host });
      expect(await started.exited).toBe(1);
      const output = started.output();
      for (const text of [
        `HOST=${host}`,
        "SMTP_URL",
        "ALLOW_LOCAL_MAILBOX=1",
        "PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET",
        "STRIPE_SECRET_KEY",
        "ALLOW_SANDBOX_PAYMENTS=1",
      ]) {
        expect(output).toContain(text);
      }
      expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
    },
    60_000,
  );

  it("starts when both are chosen on purpose, and says so; a hop-count TRUST_PROXY is warned of", async () => {
    const started = await startStore({
      DATA_DIR: migratedDataDir("store-bind-"),
      DEMO_DATA: "0",
      HOST: "0.0.0.0",
      ALLOW_SANDBOX_PAYMENTS: "1",
      ALLOW_LOCAL_MAILBOX: "1",
      // Issue 37, T4-10: a hop count on a reachable port lets anyone past the proxy choose their address
      // for every per-address limit; 0.6.0 started without a word.
      TRUST_PROXY: "1",
    });
    expect(started.child.exitCode, started.output()).toBeNull();
    await expect.poll(() => started.output()).toContain("sandbox payments on an address other machines can reach");
    await expect.poll(() => started.output()).toContain("local mailbox on an address other machines can reach");
    await expect
      .poll(() => started.output())
      .toContain("TRUST_PROXY=1 trusts X-Forwarded-For from anyone who reaches HOST=0.0.0.0 past the proxy");
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
  }, 180_000);
});

describe("the defaults (npm start on a fresh machine)", () => {
  it("listen on loopback only, with the sandbox and the local mailbox as before", async () => {
    const started = await startStore({ DATA_DIR: migratedDataDir("store-bind-"), DEMO_DATA: "0", HOST: undefined });
    expect(started.child.exitCode, started.output()).toBeNull();
    await expect.poll(() => started.output()).toContain('"address":"127.0.0.1"');
    const port = Number(new URL(started.url).port);
    expect(await accepts("127.0.0.1", port)).toBe(true);
    for (const address of networkAddresses()) expect(await accepts(address, port), address).toBe(false);
    expect(started.output()).not.toContain("other machines can reach");
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
  }, 180_000);
});
