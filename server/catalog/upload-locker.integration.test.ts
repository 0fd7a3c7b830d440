import { MemoryLocker } from "@tus/server";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { RawSession } from "../db/client";
import { postgresUploadLocker } from "./upload-locker";

/**
 * The PostgreSQL lock of resumable uploads (decision 057) as two instances see it: two lockers,
 * each with its own in-process MemoryLocker, on one database. Needs PostgreSQL (TEST_DATABASE_URL,
 * or this machine's), as the two-instance tests do: the embedded database is one process.
 */
const pool = new pg.Pool({
  connectionString: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  max: 4,
});
afterAll(() => pool.end());

/** One instance's sessions on the shared database; `onTry` hears each answer to its tries for the lock. */
const database = (onTry?: (took: boolean) => void) => ({
  async session(): Promise<RawSession> {
    const client = await pool.connect();
    return {
      query: async (text, params) => {
        const { rows } = await client.query(text, params);
        if (text.includes("pg_try_advisory_lock")) onTry?.(rows[0]?.ok === true);
        return { rows };
      },
      exec: async (text) => {
        await client.query(text);
      },
      release: () => client.release(),
    };
  },
});

const instance = (timeoutMs = 2000, onTry?: (took: boolean) => void) =>
  postgresUploadLocker(database(onTry), new MemoryLocker(), { timeoutMs });
const id = () => `upload-${Math.random().toString(36).slice(2)}`;

describe("postgresUploadLocker", () => {
  it("one instance waits while the other holds an upload, and goes on once it lets go", async () => {
    const upload = id();
    // b's third refusal: it has tried, waited and tried again, twice, and still waits.
    let refusals = 0;
    let refusedThrice = () => {};
    const bKeptWaiting = new Promise<void>((resolve) => {
      refusedThrice = resolve;
    });
    const a = instance().newLock(upload);
    const b = instance(2000, (took) => {
      if (!took && ++refusals === 3) refusedThrice();
    }).newLock(upload);
    await a.lock(new AbortController().signal, () => {});
    let bHolds = false;
    const waiting = b
      .lock(new AbortController().signal, () => {})
      .then(() => {
        bHolds = true;
      });
    await Promise.race([bKeptWaiting, waiting]);
    expect(bHolds).toBe(false);
    await a.unlock();
    await waiting;
    expect(bHolds).toBe(true);
    await b.unlock();
  });

  it("gives up after its timeout (the browser tries again), and other uploads are never held up", async () => {
    const upload = id();
    const a = instance().newLock(upload);
    await a.lock(new AbortController().signal, () => {});
    const started = Date.now();
    await expect(
      instance(300)
        .newLock(upload)
        .lock(new AbortController().signal, () => {}),
    ).rejects.toMatchObject({
      status_code: 500,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    const other = instance().newLock(id());
    await other.lock(new AbortController().signal, () => {});
    await other.unlock();
    await a.unlock();
    // Released: the connections went back to the pool holding nothing.
    const again = instance().newLock(upload);
    await again.lock(new AbortController().signal, () => {});
    await again.unlock();
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });
});
