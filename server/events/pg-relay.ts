import pg from "pg";
import { type LiveEvent, type LiveNotice, readLiveEvent } from "../../domain/live-events";
import type { Logger } from "../logger";
import { APPLICATION_NAME } from "../version";
import { type SessionEnded, sessionEndedSchema } from "./session-ended";

/** The one PostgreSQL channel all instances of the store listen on. */
export const EVENTS_CHANNEL = "store_events";

const MAX_BACKOFF_MS = 30_000;

export interface PgRelay {
  /** Resolves once LISTEN is in place (the first time). */
  ready: Promise<void>;
  /** Whether LISTEN is in place now: while it is not, the other instances' notices are lost. */
  connected(): boolean;
  stop(): Promise<void>;
}

/** What travels through NOTIFY: the event and the instance that sent it (which already delivered it locally). */
export function notifyPayload(origin: string, event: LiveEvent): string {
  return JSON.stringify({ origin, event });
}

/**
 * An instance saying it exists (server/events/instances.ts): `reply` false when it starts, true
 * when it answers another's start, so that each learns of the other.
 */
export function instancePayload(origin: string, reply: boolean): string {
  return JSON.stringify({ origin, instance: { reply } });
}

/** Another instance of the store on this database, as its notice said. */
export interface InstanceNotice {
  id: string;
  reply: boolean;
}

/** A session that ended, for the other instances to close its streams. */
export function sessionEndedPayload(origin: string, ended: SessionEnded): string {
  return JSON.stringify({ origin, sessionEnded: ended });
}

/**
 * Listens for the other instances' notices on a dedicated connection (a pooled one would be
 * handed to other work between queries and lose its LISTEN). When that connection drops it
 * comes back with backoff, and then says "resync": notices sent meanwhile are lost, so the
 * pages reload what they show.
 */
export function startPgRelay(options: {
  connectionString: string;
  origin: string;
  logger: Logger;
  deliver: (notice: LiveNotice) => void;
  deliverSessionEnded: (ended: SessionEnded) => void;
  deliverInstance: (instance: InstanceNotice) => void;
}): PgRelay {
  const { logger: log, origin, deliver, deliverSessionEnded, deliverInstance } = options;
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let connectedBefore = false;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  function onNotification(message: pg.Notification) {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
    let parsed: { origin?: unknown; event?: unknown; sessionEnded?: unknown; instance?: unknown };
    try {
      parsed = JSON.parse(message.payload);
    } catch {
      log.warn("ignored a live notice that is not JSON");
      return;
    }
    if (parsed.origin === origin) return;
    if (parsed.instance !== undefined) {
      const reply = (parsed.instance as { reply?: unknown } | null)?.reply;
      if (typeof parsed.origin === "string" && parsed.origin.length <= 100 && typeof reply === "boolean")
        deliverInstance({ id: parsed.origin, reply });
      else log.warn("ignored an instance notice of unknown shape");
      return;
    }
    if (parsed.sessionEnded !== undefined) {
      const ended = sessionEndedSchema.safeParse(parsed.sessionEnded);
      if (ended.success) deliverSessionEnded(ended.data);
      else log.warn("ignored a session end of unknown shape");
      return;
    }
    const event = readLiveEvent(parsed.event);
    if (!event) {
      log.warn("ignored a live notice of unknown shape");
      return;
    }
    deliver(event);
  }

  function schedule() {
    if (stopped) return;
    attempt += 1;
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(attempt, 10)) * (0.75 + Math.random() * 0.5);
    timer = setTimeout(connect, delay);
    timer.unref();
  }

  function drop(c: pg.Client, reason: unknown) {
    if (client !== c) return;
    client = null;
    log.warn({ err: reason }, "live events: lost the LISTEN connection; reconnecting");
    c.end().catch(() => {});
    schedule();
  }

  async function connect() {
    timer = undefined;
    const c = new pg.Client({
      connectionString: options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      application_name: APPLICATION_NAME,
    });
    c.on("error", (err) => drop(c, err));
    c.on("end", () => drop(c, new Error("connection ended")));
    c.on("notification", onNotification);
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (err) {
      c.end().catch(() => {});
      if (attempt === 0 || attempt % 10 === 0) log.warn({ err }, "live events: cannot LISTEN; retrying");
      schedule();
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    attempt = 0;
    if (connectedBefore) {
      log.info("live events: LISTEN connection back");
      deliver({ type: "resync" });
    }
    connectedBefore = true;
    markReady();
  }

  void connect();

  return {
    ready,
    connected: () => client !== null,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
