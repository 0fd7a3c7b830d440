import type { Logger } from "../logger";
import { type ConnectionWatch, connectionFailureCode, connectionFailureMessage } from "./unavailable";

/**
 * Whether the database answers, as the store's own connections find it, and the two log lines an
 * operator pages on (docs/decisions/043-operable-logs-and-a-start-that-waits.md): one "database
 * unavailable" when it goes, one "database back after N s" when it returns, however many
 * requests, passes and probes fail in between (they answer 503 and log nothing of their own
 * about it).
 *
 * An event carries the moment its operation began. One that began before the last change of
 * state says nothing new: a query sent before the database came back and failing now, or a
 * connection opened before it went and answering now, would otherwise flip the state back.
 */
export type OutageState = { kind: "up"; since: number } | { kind: "down"; since: number; code?: string };

export type OutageEvent =
  /** A connection or query failed because the database cannot be reached (server/db/unavailable.ts). */
  | { kind: "failed"; startedAt: number; at: number; code?: string; reason: string }
  /** A new connection was opened: the database answers. */
  | { kind: "answered"; startedAt: number; at: number };

export interface OutageLine {
  level: "error" | "info";
  message: string;
  fields: Record<string, unknown>;
}

export function nextOutageState(state: OutageState, event: OutageEvent): { state: OutageState; line?: OutageLine } {
  if (event.startedAt < state.since) return { state };
  if (state.kind === "up" && event.kind === "failed") {
    return {
      state: { kind: "down", since: event.at, code: event.code },
      line: { level: "error", message: "database unavailable", fields: { code: event.code, reason: event.reason } },
    };
  }
  if (state.kind === "down" && event.kind === "answered") {
    const downSeconds = Math.round((event.at - state.since) / 100) / 10;
    return {
      state: { kind: "up", since: event.at },
      line: { level: "info", message: `database back after ${downSeconds} s`, fields: { downSeconds } },
    };
  }
  return { state };
}

/** The state above for one database, writing its lines to `logger`. */
export function databaseOutages(
  logger: Logger,
  now: () => number = Date.now,
): ConnectionWatch & {
  state(): OutageState;
} {
  let state: OutageState = { kind: "up", since: now() };
  const apply = (event: OutageEvent) => {
    const next = nextOutageState(state, event);
    state = next.state;
    if (next.line) logger[next.line.level](next.line.fields, next.line.message);
  };
  return {
    failed(error, startedAt) {
      apply({
        kind: "failed",
        startedAt,
        at: now(),
        code: connectionFailureCode(error),
        reason: connectionFailureMessage(error),
      });
    },
    answered(startedAt) {
      // The common case, on every new pool connection: nothing to do.
      if (state.kind === "up") return;
      apply({ kind: "answered", startedAt, at: now() });
    },
    state: () => state,
  };
}
