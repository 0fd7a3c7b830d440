import { canReceive, type LiveNotice, type StreamViewer } from "../../domain/live-events";
import type { Logger } from "../logger";
import type { EventBus } from "./bus";
import type { SessionEnded } from "./session-ended";
import { createConnectionLimits, DEFAULT_STREAM_LIMITS, type StreamLimits } from "./connection-limits";

export interface StreamOptions {
  limits?: Partial<StreamLimits>;
  /** A comment line this often keeps proxies and browsers from closing an idle stream. */
  keepAliveMs?: number;
  /**
   * A stream is closed after this long (the browser reconnects at once), so whose stream it is
   * gets checked again: a signed-out or expired session stops hearing its orders.
   */
  maxAgeMs?: number;
  /** A client that stops reading is dropped once this much waits for it. */
  maxBufferedBytes?: number;
}

export interface OpenStream {
  viewer: StreamViewer | null;
  /** The session the stream was opened with: ending it (sign-out) closes the stream. */
  sessionId?: string | null;
  /** The client address, for visitors' limit. */
  address: string;
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
}

interface Connection {
  viewer: StreamViewer | null;
  sessionId: string | null;
  openedAt: number;
  maxAgeMs: number;
  send(text: string): void;
  end(): void;
}

const encoder = new TextEncoder();
const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  // nginx and similar proxies would otherwise hold the stream back in their buffers.
  "X-Accel-Buffering": "no",
};

export const streamMessages = {
  tooManyForYou: "Too many live connections are open for your account or address. Close some tabs and reload.",
  tooMany: "The store has too many live connections right now. Please try again shortly.",
  closing: "The store is restarting. Please try again shortly.",
} as const;

/**
 * The server-sent-events streams of one instance: who may open one (limits per person and in
 * all), what each hears (canReceive), keep-alives, and clean-up when a client leaves.
 */
export function createStreamHub(deps: { bus: EventBus; logger: Logger }, options: StreamOptions = {}) {
  const log = deps.logger.child({ component: "event-streams" });
  const limits = createConnectionLimits({ ...DEFAULT_STREAM_LIMITS, ...options.limits });
  const keepAliveMs = options.keepAliveMs ?? 25_000;
  const maxAgeMs = options.maxAgeMs ?? 30 * 60_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
  const connections = new Set<Connection>();
  let unsubscribe: (() => void) | null = null;
  let unsubscribeEnded: (() => void) | null = null;
  let ticker: NodeJS.Timeout | null = null;
  let closing = false;

  function broadcast(notice: LiveNotice) {
    const message = `data: ${JSON.stringify(notice)}\n\n`;
    for (const connection of connections) {
      if (canReceive(notice, connection.viewer)) connection.send(message);
    }
  }

  /**
   * A session ended (signed out here or on another instance): its streams close, and the
   * browser's reconnect opens a visitor's stream that hears no orders.
   */
  function endSession(ended: SessionEnded) {
    let closed = 0;
    for (const connection of [...connections]) {
      if (connection.sessionId === ended.sessionId) {
        connection.end();
        closed++;
      }
    }
    if (closed) log.info({ closed }, "live streams of an ended session closed");
  }

  function tick() {
    const now = Date.now();
    for (const connection of connections) {
      if (now - connection.openedAt >= connection.maxAgeMs) connection.end();
      else connection.send(": keep-alive\n\n");
    }
  }

  /** Listening and the keep-alive timer start with the first stream: most test apps never open one. */
  function start() {
    unsubscribe ??= deps.bus.subscribe(broadcast);
    unsubscribeEnded ??= deps.bus.onSessionEnded(endSession);
    if (!ticker) {
      ticker = setInterval(tick, keepAliveMs);
      ticker.unref();
    }
  }

  function open({ viewer, sessionId = null, address, signal }: OpenStream): Response {
    if (closing)
      return Response.json({ message: streamMessages.closing }, { status: 503, headers: { "Retry-After": "5" } });
    const owner = viewer ? `user:${viewer.id}` : `address:${address}`;
    const refusal = limits.acquire(owner);
    if (refusal) {
      log.warn({ refusal, owner: viewer ? "user" : "address", total: limits.total() }, "live stream refused");
      return Response.json(
        { message: refusal === "owner" ? streamMessages.tooManyForYou : streamMessages.tooMany },
        { status: refusal === "owner" ? 429 : 503, headers: { "Retry-After": "30", "Cache-Control": "no-store" } },
      );
    }
    start();

    let done = false;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const connection: Connection = {
      viewer,
      sessionId: viewer ? sessionId : null,
      openedAt: Date.now(),
      // Spread the reconnects of streams opened together.
      maxAgeMs: maxAgeMs * (0.9 + Math.random() * 0.2),
      send(text) {
        if (done) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanUp();
          return;
        }
        // desiredSize falls below zero as unread bytes pile up: this client is not reading.
        if ((controller.desiredSize ?? 0) < 0) {
          log.warn("live stream dropped: the client stopped reading");
          connection.end();
        }
      },
      end() {
        if (done) return;
        cleanUp();
        try {
          controller.close();
        } catch {
          // Already closed or cancelled by the client.
        }
      },
    };

    function cleanUp() {
      if (done) return;
      done = true;
      connections.delete(connection);
      limits.release(owner);
      signal?.removeEventListener("abort", onAbort);
    }
    const onAbort = () => connection.end();

    const body = new ReadableStream<Uint8Array>(
      {
        start(c) {
          controller = c;
          // Sent at once so that proxies pass the headers on and the browser's EventSource opens.
          c.enqueue(encoder.encode(": connected\n\n"));
        },
        cancel() {
          cleanUp();
        },
      },
      { highWaterMark: maxBufferedBytes, size: (chunk) => chunk.byteLength },
    );
    connections.add(connection);
    if (signal?.aborted) connection.end();
    else signal?.addEventListener("abort", onAbort, { once: true });
    return new Response(body, { status: 200, headers: SSE_HEADERS });
  }

  return {
    open,
    stats: () => ({ open: connections.size, owners: limits.owners() }),
    /** Ends every stream (shutdown): browsers reconnect to another instance or after the restart. */
    close() {
      closing = true;
      for (const connection of [...connections]) connection.end();
      unsubscribe?.();
      unsubscribe = null;
      unsubscribeEnded?.();
      unsubscribeEnded = null;
      if (ticker) clearInterval(ticker);
      ticker = null;
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
