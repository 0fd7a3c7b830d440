import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { killRunning, startStore } from "../helpers/process";

/**
 * Issue 21, finding 4: another user on the same machine could read the embedded database, the
 * generated secret (which signs every session) and the mailbox's reset links, since the store
 * created them with the umask it was started with (0755 folders and 0644 files under the usual
 * 022). Now DATA_DIR is 0700 and everything the server and the command line write there, or
 * write for the operator (a backup, an orders export), is for its owner only, whatever the umask.
 * Real processes (the built store and command line, `npm run build` first), started with umask 022.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = path.join(ROOT, "build/server-main/cli.js");
const run = promisify(execFile);
const mode = (file: string) => statSync(file).mode & 0o777;

let umaskBefore: number;
beforeAll(() => {
  umaskBefore = process.umask(0o022);
});
afterAll(() => {
  process.umask(umaskBefore);
});
afterEach(killRunning);

/** Every file and folder below `dir` with a mode that lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (mode(file) & 0o077) found.push(`${path.relative(dir, file)} ${mode(file).toString(8)}`);
  }
  return found;
}

describe("files only the store can read", () => {
  it("the server makes DATA_DIR 0700 and everything in it its owner's only; backup and export-orders write 0600", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "store-modes-")), "data");
    const started = await startStore({ DATA_DIR: dataDir, DEMO_DATA: "1" });
    expect(started.child.exitCode, started.output()).toBeNull();
    // A sign-up puts a message in the local mailbox.
    const signUp = await fetch(`${started.url}/api/auth/sign-up/email`, {
      method: "POST",
      // PUBLIC_URL is the default, http://localhost:PORT: the origin a browser on this machine sends.
      headers: { "content-type": "application/json", origin: `http://localhost:${new URL(started.url).port}` },
      body: JSON.stringify({ name: "", email: "modes@example.com", password: "Velvet-Harbor-42" }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    await expect.poll(() => readdirSync(dataDir), { timeout: 20_000 }).toContain("mailbox");
    await expect.poll(() => readdirSync(path.join(dataDir, "mailbox")).length, { timeout: 20_000 }).toBe(1);

    expect(mode(dataDir).toString(8)).toBe("700");
    for (const name of ["pglite", "media", "mailbox", "auth-secret", "control.sock"])
      expect(readdirSync(dataDir), name).toContain(name);
    // While it runs: every folder is the owner's only, and so is every file outside the database
    // (PGlite sets the modes of the files it makes itself; they sit in 0700 folders, and the store
    // narrows them when it opens and closes the database: checked after the stop below).
    expect(openToOthers(dataDir).filter((entry) => !entry.startsWith("pglite/") || !/ 6[46][46]$/.test(entry))).toEqual(
      [],
    );

    // The backup the running store makes through its control socket, and an export after it stops.
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" };
    const out = mkdtempSync(path.join(os.tmpdir(), "store-modes-out-"));
    await run(process.execPath, [CLI, "backup", "running.tar.gz"], { cwd: out, env });
    expect(mode(path.join(out, "running.tar.gz")).toString(8)).toBe("600");
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
    expect(openToOthers(dataDir)).toEqual([]);

    await run(process.execPath, [CLI, "backup", "stopped.tar.gz"], { cwd: out, env });
    expect(mode(path.join(out, "stopped.tar.gz")).toString(8)).toBe("600");
    // An export over a file that was there, readable by all, leaves it the owner's only.
    writeFileSync(path.join(out, "orders.csv"), "old\n", { mode: 0o644 });
    await run(process.execPath, [CLI, "export-orders", "orders.csv"], { cwd: out, env });
    expect(mode(path.join(out, "orders.csv")).toString(8)).toBe("600");
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);

  it("narrows an existing DATA_DIR that others could read to 0700 at start", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-modes-old-"));
    // As an older release or a careless mkdir left it.
    chmodSync(dataDir, 0o755);
    const started = await startStore({ DATA_DIR: dataDir, DEMO_DATA: "0" });
    expect(started.child.exitCode, started.output()).toBeNull();
    expect(mode(dataDir).toString(8)).toBe("700");
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
  }, 120_000);
});
