import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type LiveEvent, type LiveNotice, readLiveEvent } from "../../domain/live-events";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import {
  EVENTS_CHANNEL,
  type InstanceNotice,
  instancePayload,
  notifyPayload,
  type PgRelay,
  sessionEndedPayload,
  startPgRelay,
} from "./pg-relay";
import { type SessionEnded, sessionEndedSchema } from "./session-ended";

export type NoticeListener = (notice: LiveNotice) => void;
export type SessionEndedListener = (ended: SessionEnded) => void;

export interface EventBus {
  /**
   * Tells every listener of every instance that something changed. Call it after the change
   * is committed; it never throws (the change is done, a lost notice only delays a page).
   */
  publish(event: LiveEvent): void;
  subscribe(listener: NoticeListener): () => void;
  /** Tells every instance that a session ended; never throws. */
  endSession(ended: SessionEnded): void;
  onSessionEnded(listener: SessionEndedListener): () => void;
  /** This instance's id among the instances on one PostgreSQL database (the origin of its notices). */
  readonly instanceId: string;
  /** Tells the other instances this one exists (server/events/instances.ts); resolves once sent, never throws. */
  announceInstance(reply: boolean): Promise<void>;
  /** Hears the other instances' announcements; none on the embedded database (one process). */
  onInstance(listener: (instance: InstanceNotice) => void): () => void;
  /** Resolves once notices of the other instances arrive here (at once on the embedded database). */
  listening(): Promise<void>;
  /**
   * Whether this instance hears every notice now: always on the embedded database (one
   * process); on PostgreSQL only while the LISTEN connection is up. Caches that notices keep
   * fresh (docs/decisions/024-visitor-page-cache.md) are bypassed while it says no.
   */
  hearsAll(): boolean;
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
  const endedListeners = new Set<SessionEndedListener>();
  const instanceListeners = new Set<(instance: InstanceNotice) => void>();
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

  function deliverEnded(ended: SessionEnded) {
    for (const listener of [...endedListeners]) {
      try {
        listener(ended);
      } catch (err) {
        log.error({ err }, "a session-ended listener failed");
      }
    }
  }

  function deliverInstance(instance: InstanceNotice) {
    for (const listener of [...instanceListeners]) {
      try {
        listener(instance);
      } catch (err) {
        log.error({ err }, "an instance listener failed");
      }
    }
  }

  /** Started with the first listener: an instance nobody listens to has nothing to relay. */
  function ensureRelay(): Promise<void> {
    if (!connectionString || closed) return Promise.resolve();
    relay ??= startPgRelay({
      connectionString,
      origin,
      logger: log,
      deliver,
      deliverSessionEnded: deliverEnded,
      deliverInstance,
    });
    return relay.ready;
  }

  /** Sends a notice to the other instances; resolves once it is sent (or failed, which is logged). */
  function notify(payload: string, what: string): Promise<void> {
    if (!connectionString || closed) return Promise.resolve();
    return deps.database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`).then(
      () => undefined,
      (err) => log.warn({ err, what }, "live events: NOTIFY failed; other instances miss this notice"),
    );
  }

  return {
    publish(event) {
      const checked = readLiveEvent(event);
      if (!checked) {
        log.error({ type: (event as { type?: unknown }).type }, "refused to publish a malformed live notice");
        return;
      }
      deliver(checked);
      void notify(notifyPayload(origin, checked), checked.type);
    },

    endSession(ended) {
      const parsed = sessionEndedSchema.safeParse(ended);
      if (!parsed.success) {
        log.error("refused to relay a malformed session end");
        return;
      }
      deliverEnded(parsed.data);
      void notify(sessionEndedPayload(origin, parsed.data), "session.ended");
    },

    instanceId: origin,

    announceInstance: (reply) => notify(instancePayload(origin, reply), "instance"),

    onInstance(listener) {
      instanceListeners.add(listener);
      void ensureRelay();
      return () => {
        instanceListeners.delete(listener);
      };
    },

    onSessionEnded(listener) {
      endedListeners.add(listener);
      void ensureRelay();
      return () => {
        endedListeners.delete(listener);
      };
    },

    subscribe(listener) {
      listeners.add(listener);
      void ensureRelay();
      return () => {
        listeners.delete(listener);
      };
    },

    listening: ensureRelay,

    hearsAll() {
      if (!connectionString) return true;
      return !closed && relay !== null && relay.connected();
    },

    async close() {
      closed = true;
      listeners.clear();
      endedListeners.clear();
      instanceListeners.clear();
      await relay?.stop();
    },
  };
}
