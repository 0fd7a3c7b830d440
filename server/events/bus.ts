import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type LiveEvent, type LiveNotice, liveEventSchema } from "../../domain/live-events";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import { EVENTS_CHANNEL, notifyPayload, type PgRelay, startPgRelay } from "./pg-relay";

export type NoticeListener = (notice: LiveNotice) => void;

export interface EventBus {
  /**
   * Tells every listener of every instance that something changed. Call it after the change
   * is committed; it never throws (the change is done, a lost notice only delays a page).
   */
  publish(event: LiveEvent): void;
  subscribe(listener: NoticeListener): () => void;
  /** Resolves once notices of the other instances arrive here (at once on the embedded database). */
  listening(): Promise<void>;
  close(): Promise<void>;
}

/**
 * In-process delivery, plus PostgreSQL NOTIFY/LISTEN when the store runs on a PostgreSQL server,
 * so that all instances behind one database hear the same notices. The embedded database serves
 * one process, so in-process delivery is all it needs.
 */
export function createEventBus(deps: { database: DatabaseHandle; logger: Logger }): EventBus {
  const log = deps.logger.child({ component: "events" });
  const origin = randomUUID();
  const listeners = new Set<NoticeListener>();
  const { connectionString } = deps.database;
  let relay: PgRelay | null = null;
  let closed = false;

  function deliver(notice: LiveNotice) {
    for (const listener of [...listeners]) {
      try {
        listener(notice);
      } catch (err) {
        log.error({ err }, "a live notice listener failed");
      }
    }
  }

  /** Started with the first listener: an instance nobody listens to has nothing to relay. */
  function ensureRelay(): Promise<void> {
    if (!connectionString || closed) return Promise.resolve();
    relay ??= startPgRelay({ connectionString, origin, logger: log, deliver });
    return relay.ready;
  }

  return {
    publish(event) {
      const parsed = liveEventSchema.safeParse(event);
      if (!parsed.success) {
        log.error({ type: (event as { type?: unknown }).type }, "refused to publish a malformed live notice");
        return;
      }
      deliver(parsed.data);
      if (connectionString && !closed) {
        deps.database.db
          .execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${notifyPayload(origin, parsed.data)})`)
          .catch((err) => log.warn({ err, type: parsed.data.type }, "live events: NOTIFY failed; other instances miss this notice"));
      }
    },

    subscribe(listener) {
      listeners.add(listener);
      void ensureRelay();
      return () => {
        listeners.delete(listener);
      };
    },

    listening: ensureRelay,

    async close() {
      closed = true;
      listeners.clear();
      await relay?.stop();
    },
  };
}
