import { setTimeout as sleepFor } from "node:timers/promises";
import { nextRetryDelayMs } from "../../domain/backoff";
import { unavailableIn } from "../../domain/errors";
import { connectionFailureCode, connectionFailureMessage, isConnectionFailure } from "./unavailable";

/** The start-up's waits: 0.5 s, doubling, at most 30 s, each up to 20% longer (domain/backoff.ts). */
export const START_UP_RETRY = { baseMs: 500, maxMs: 30_000 };

/** One failed attempt, as start-up reports it (server/start.ts: a log line, and `/readyz`'s reason). */
export interface Waiting {
  /** How many attempts have failed so far. */
  attempt: number;
  retryInMs: number;
  /** The socket's or the server's error code (ECONNREFUSED, 57P03...), "unknown" when it gave none. */
  code: string;
  /** The driver's words: "connect ECONNREFUSED 10.0.0.5:5432". */
  reason: string;
  error: unknown;
}

/**
 * Runs `work` (the start-up's first talk with the database: the migrations) until it succeeds,
 * waiting with backoff while the database cannot be reached (refused, unknown host, starting up,
 * too many connections: server/db/unavailable.ts) instead of giving up, so a store started before
 * its database, or during a database restart, starts when the database does. Any other failure
 * (a wrong password, a migration that fails) is thrown at once. `signal` ends the wait (a stop
 * signal during start-up): the last failure is thrown.
 */
export async function untilDatabaseAnswers<T>(
  work: () => Promise<T>,
  options: {
    onWaiting: (waiting: Waiting) => void;
    signal?: AbortSignal;
    delays?: { baseMs: number; maxMs: number };
    sleep?: (ms: number, signal?: AbortSignal) => Promise<unknown>;
    random?: () => number;
  },
): Promise<T> {
  const delays = { ...(options.delays ?? START_UP_RETRY), maxAttempts: Number.POSITIVE_INFINITY };
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => sleepFor(ms, undefined, { signal }));
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!unavailableIn(error) && !isConnectionFailure(error)) throw error;
      if (options.signal?.aborted) throw error;
      const retryInMs = nextRetryDelayMs(attempt, delays, options.random) as number;
      options.onWaiting({
        attempt,
        retryInMs,
        code: connectionFailureCode(error) ?? "unknown",
        reason: connectionFailureMessage(error),
        error,
      });
      try {
        await sleep(retryInMs, options.signal);
      } catch {
        throw error;
      }
    }
  }
}

/**
 * Where DATABASE_URL points, for the log and `/readyz`: `host:port`, never the user or password.
 * A Unix socket given as `?host=/path` is named by that path.
 */
export function databaseHost(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "unknown";
  }
  const host = parsed.hostname || parsed.searchParams.get("host") || "localhost";
  return `${host}:${parsed.port || "5432"}`;
}
