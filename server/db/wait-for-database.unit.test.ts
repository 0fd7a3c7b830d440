import { describe, expect, it } from "vitest";
import { ServiceUnavailableError } from "../../domain/errors";
import { databaseHost, untilDatabaseAnswers, type Waiting } from "./wait-for-database";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const refused = () =>
  new ServiceUnavailableError(undefined, undefined, {
    cause: withCode("connect ECONNREFUSED 10.0.0.5:5432", "ECONNREFUSED"),
  });

/** `work` fails with each of `failures` in turn, then answers "migrated". */
function failingFirst(...failures: unknown[]) {
  let calls = 0;
  return {
    work: async () => {
      const failure = failures[calls++];
      if (failure !== undefined) throw failure;
      return "migrated";
    },
    calls: () => calls,
  };
}

describe("start-up waiting for its database", () => {
  it("retries while the database cannot be reached, backing off, and goes on once it answers", async () => {
    const { work, calls } = failingFirst(
      refused(),
      withCode("the database system is starting up", "57P03"),
      withCode("sorry, too many clients already", "53300"),
      refused(),
    );
    const waits: Waiting[] = [];
    const slept: number[] = [];
    const result = await untilDatabaseAnswers(work, {
      onWaiting: (w) => waits.push(w),
      sleep: async (ms) => {
        slept.push(ms);
      },
      random: () => 0,
    });
    expect(result).toBe("migrated");
    expect(calls()).toBe(5);
    expect(slept).toEqual([500, 1000, 2000, 4000]);
    expect(waits[0].reason).toBe("connect ECONNREFUSED 10.0.0.5:5432");
    expect(waits.map((w) => [w.attempt, w.code, w.retryInMs])).toEqual([
      [1, "ECONNREFUSED", 500],
      [2, "57P03", 1000],
      [3, "53300", 2000],
      [4, "ECONNREFUSED", 4000],
    ]);
  });

  it("caps the wait at 30 s", async () => {
    const { work } = failingFirst(...Array.from({ length: 9 }, refused));
    const slept: number[] = [];
    await untilDatabaseAnswers(work, { onWaiting: () => {}, sleep: async (ms) => slept.push(ms), random: () => 0 });
    expect(slept).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it.each([
    ["a wrong password", withCode('password authentication failed for user "store"', "28P01")],
    ["a missing database", withCode('database "shop" does not exist', "3D000")],
    ["a migration that fails", withCode('syntax error at or near "tabel"', "42601")],
    ["a bug", new TypeError("x is not a function")],
  ])("gives up at once on %s", async (_, failure) => {
    const { work, calls } = failingFirst(failure);
    let waited = false;
    await expect(
      untilDatabaseAnswers(work, {
        onWaiting: () => {
          waited = true;
        },
        sleep: async () => {},
      }),
    ).rejects.toBe(failure);
    expect(calls()).toBe(1);
    expect(waited).toBe(false);
  });

  it("stops waiting when start-up is stopped, with the last failure", async () => {
    const stop = new AbortController();
    const failure = refused();
    const { work, calls } = failingFirst(failure, refused(), refused());
    await expect(
      untilDatabaseAnswers(work, {
        onWaiting: () => stop.abort(),
        signal: stop.signal,
        delays: { baseMs: 60_000, maxMs: 60_000 },
      }),
    ).rejects.toBe(failure);
    expect(calls()).toBe(1);
  });
});

describe("the database's host as the log and /readyz name it", () => {
  it.each([
    ["postgres://store:secret@db.internal:6432/shop", "db.internal:6432"],
    ["postgresql://store@10.0.0.5/shop", "10.0.0.5:5432"],
    ["postgres://store:secret@[::1]:5433/shop", "[::1]:5433"],
    ["postgres:///shop?host=/var/run/postgresql", "/var/run/postgresql:5432"],
    ["not a url", "unknown"],
  ])("%s → %s", (url, host) => {
    expect(databaseHost(url)).toBe(host);
  });
});
