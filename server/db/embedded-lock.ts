import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite is one process's database: two processes opening the same folder each keep their
 * own copy in memory and overwrite each other's files, so rows one of them accepted are lost.
 * This lock file lets only one process open a folder at a time. It names its owner (pid,
 * host, the process's start time) and is touched every few seconds, so a crashed owner never
 * blocks for ever: on the same host a dead pid frees it at once; from another host (a shared
 * volume), a lock not touched for STALE_AFTER_MS is taken as abandoned.
 */

export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 30_000;

export interface LockOwner {
  pid: number;
  host: string;
  /** The owner's start time as the kernel counts it (Linux), to tell a reused pid from the owner. */
  started: string | null;
  since: string;
}

export class DatabaseLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database is in use by another store process (pid ${owner.pid} on ${owner.host}, since ${owner.since}). ` +
        `Two processes on one DATA_DIR would lose each other's data: stop the other one first, give this one its own DATA_DIR, ` +
        `or use DATABASE_URL (PostgreSQL) to run several instances. Lock file: ${lockFile}`,
    );
    this.name = "DatabaseLockedError";
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. Null off Linux. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may contain spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the lock's owner may still be using the database. */
export function ownerIsActive(
  owner: LockOwner,
  lockAgeMs: number,
  self = { pid: process.pid, host: os.hostname() },
): boolean {
  if (owner.host === self.host) {
    // Our own pid, yet not a lock this process holds: a previous process with the same pid
    // (a container restarted after a crash numbers its processes the same way again).
    if (owner.pid === self.pid) return false;
    if (!isAlive(owner.pid)) return false;
    // The pid is taken, but by a process that started later: the owner is gone.
    const started = processStartTime(owner.pid);
    return !(owner.started && started && owner.started !== started);
  }
  // Another host's process cannot be asked; its heartbeat tells.
  return lockAgeMs < STALE_AFTER_MS;
}

function readOwner(file: string): { owner: LockOwner; text: string; ageMs: number } | null {
  try {
    const text = readFileSync(file, "utf8");
    const owner = readOwnerText(text);
    return owner ? { owner, text, ageMs: Date.now() - statSync(file).mtimeMs } : null;
  } catch {
    return null;
  }
}

/** Lock files this process holds: its own pid in a lock is a previous life's only when it is not here. */
const heldHere = new Map<string, LockOwner>();

export interface EmbeddedLock {
  file: string;
  release(): void;
}

/**
 * Takes the lock file or throws DatabaseLockedError. Creation is exclusive (O_EXCL), so of two
 * processes starting together exactly one wins; a lock left by a dead owner is removed and
 * taken again, as PostgreSQL does with postmaster.pid.
 */
export function acquireEmbeddedLock(lockFile: string): EmbeddedLock {
  const file = path.resolve(lockFile);
  const mine = heldHere.get(file);
  if (mine) throw new DatabaseLockedError(file, mine);
  const me: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    started: processStartTime(process.pid),
    since: new Date().toISOString(),
  };
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, content);
      closeSync(fd);
      heldHere.set(file, me);
      return holdLock(file, content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const existing = readOwner(file);
    if (!existing) {
      // Unreadable: another process is between creating and writing it (look again shortly),
      // or one died right there and left it empty (abandoned once it is a few seconds old).
      if (ageOf(file) < UNREADABLE_GRACE_MS) {
        sleep(100);
        continue;
      }
      removeIfUnchanged(file, null);
      continue;
    }
    if (ownerIsActive(existing.owner, existing.ageMs)) throw new DatabaseLockedError(file, existing.owner);
    removeIfUnchanged(file, existing.text);
  }
  const last = readOwner(file);
  throw new DatabaseLockedError(file, last?.owner ?? { pid: 0, host: "unknown", started: null, since: "unknown" });
}

function holdLock(file: string, content: string): EmbeddedLock {
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // The file is gone (removed by hand): nothing to keep fresh.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      heldHere.delete(file);
      try {
        // Only our own lock: never one a later owner took after ours was judged abandoned.
        if (readFileSync(file, "utf8") === content) unlinkSync(file);
      } catch {
        // Already gone.
      }
    },
  };
}

const UNREADABLE_GRACE_MS = 2_000;

function ageOf(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Removes only the abandoned lock just judged, not one another newcomer has taken since. */
function removeIfUnchanged(file: string, judged: string | null) {
  try {
    const now = readFileSync(file, "utf8");
    if (judged === null ? readOwnerText(now) === null : now === judged) unlinkSync(file);
  } catch {
    // Another newcomer removed it first; the exclusive create decides between us.
  }
}

function readOwnerText(text: string): LockOwner | null {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return typeof owner.pid === "number" && typeof owner.host === "string" ? owner : null;
  } catch {
    return null;
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
