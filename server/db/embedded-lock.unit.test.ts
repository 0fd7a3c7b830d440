import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  acquireEmbeddedLock,
  DatabaseLockedError,
  type LockOwner,
  ownerIsActive,
  processStartTime,
  STALE_AFTER_MS,
} from "./embedded-lock";

const lockFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), "store-lock-")), "pglite.lock");
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** A process that is alive for the test, and not this one. */
function liveProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid!;
}

const owner = (fields: Partial<LockOwner>): LockOwner => ({
  pid: 1,
  host: os.hostname(),
  started: null,
  since: "2026-01-01T00:00:00.000Z",
  ...fields,
});

function writeLock(file: string, fields: Partial<LockOwner>, ageMs = 0) {
  writeFileSync(file, `${JSON.stringify(owner(fields))}\n`);
  const when = new Date(Date.now() - ageMs);
  utimesSync(file, when, when);
}

describe("acquireEmbeddedLock", () => {
  it("writes its owner, refuses a second holder in this process, and removes the file on release", () => {
    const file = lockFile();
    const lock = acquireEmbeddedLock(file);
    const written = JSON.parse(readFileSync(file, "utf8")) as LockOwner;
    expect(written).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(() => acquireEmbeddedLock(file)).toThrow(DatabaseLockedError);
    lock.release();
    expect(existsSync(file)).toBe(false);
    acquireEmbeddedLock(file).release();
  });

  it("refuses while another live process on this host holds it, naming that process", () => {
    const file = lockFile();
    const pid = liveProcess();
    writeLock(file, { pid, started: processStartTime(pid) }, 10 * STALE_AFTER_MS);
    let error: unknown;
    try {
      acquireEmbeddedLock(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatabaseLockedError);
    expect((error as Error).message).toContain(`pid ${pid}`);
    expect((error as Error).message).toContain("DATA_DIR");
    expect(JSON.parse(readFileSync(file, "utf8")).pid).toBe(pid);
  });

  it.each<[string, () => Partial<LockOwner>, number]>([
    ["a crashed owner (its pid is gone)", () => ({ pid: deadPid() }), 0],
    ["a reused pid (the process there started later than the owner)", () => ({ pid: liveProcess(), started: "1" }), 0],
    ["our own pid left by a previous life (a restarted container)", () => ({ pid: process.pid }), 0],
    ["another host's lock whose heartbeat stopped", () => ({ pid: 4242, host: "other-host" }), STALE_AFTER_MS + 5_000],
  ])("takes over from %s", (_label, fields, ageMs) => {
    const file = lockFile();
    writeLock(file, fields(), ageMs);
    const lock = acquireEmbeddedLock(file);
    expect(JSON.parse(readFileSync(file, "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("refuses another host's lock while its heartbeat is fresh", () => {
    const file = lockFile();
    writeLock(file, { pid: 4242, host: "other-host" }, 1_000);
    expect(() => acquireEmbeddedLock(file)).toThrow(/pid 4242 on other-host/);
  });

  it("takes over an empty lock file left by a process that died while writing it", () => {
    const file = lockFile();
    writeFileSync(file, "");
    const old = new Date(Date.now() - 10_000);
    utimesSync(file, old, old);
    acquireEmbeddedLock(file).release();
  });

  it("does not remove a lock that someone else took after ours was judged abandoned", () => {
    const file = lockFile();
    const lock = acquireEmbeddedLock(file);
    writeLock(file, { pid: 4242, host: "other-host" });
    lock.release();
    expect(JSON.parse(readFileSync(file, "utf8")).pid).toBe(4242);
  });
});

describe("ownerIsActive", () => {
  const self = { pid: 999_999, host: "me" };
  it.each<[string, Partial<LockOwner>, number, boolean]>([
    ["same host, this very pid", { host: "me", pid: 999_999 }, 0, false],
    ["same host, live pid, start unknown", { host: "me", pid: process.pid }, 10 * STALE_AFTER_MS, true],
    [
      "same host, live pid, same start",
      { host: "me", pid: process.pid, started: processStartTime(process.pid) },
      0,
      true,
    ],
    ["other host, fresh", { host: "other" }, 1_000, true],
    ["other host, stale", { host: "other" }, STALE_AFTER_MS, false],
  ])("%s -> %s", (_label, fields, age, expected) => {
    expect(ownerIsActive(owner(fields), age, self)).toBe(expected);
  });
});
