import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

export interface DrainTimings {
  /**
   * After the stop signal the store keeps accepting until a pause this long brings no new
   * connection: connections the kernel already queued are answered instead of reset when the
   * listening socket closes.
   */
  quietMs: number;
  /** ...but it stops accepting after this long at most, even under a steady stream of connections. */
  acceptAtMostMs: number;
  /** A connection that has sent no request this long after the stop (or after it arrived, if later) is closed. */
  silentConnectionMs: number;
}

export const DRAIN_TIMINGS: DrainTimings = { quietMs: 200, acceptAtMostMs: 3_000, silentConnectionMs: 1_000 };

interface ConnectionState {
  arrivedAt: number;
  /** Responses begun on this connection and not yet finished. */
  open: Set<ServerResponse>;
  /** Some request was answered on it: it is a keep-alive connection between requests when `open` is empty. */
  answered: boolean;
}

export interface ConnectionDrain {
  /** True from the stop signal on: every answer begun from then on carries `Connection: close`. */
  readonly draining: boolean;
  /**
   * Stops the server without cutting anybody off: keeps accepting while the kernel still hands
   * over connections (bounded), then closes the listening socket; requests already received
   * finish, each with `Connection: close`; idle keep-alive connections are closed, and silent
   * new ones after `silentConnectionMs`. Resolves when the last connection is gone.
   */
  drain(): Promise<void>;
  /** Connections open now (for logs). */
  connections(): number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves after the event loop has polled for I/O once more. A timer that fires after the loop
 * was busy runs before the poll phase, so connections and requests already waiting would look
 * absent; after this they have been accepted and parsed.
 */
const afterNextPoll = () => new Promise((resolve) => setTimeout(() => setImmediate(resolve), 0));

/**
 * Graceful stop for a Node HTTP server (docs/decisions/027-packaging-start-up-and-drain.md).
 * `server.close()` alone is not enough: it also destroys every connection with no request
 * parsed yet (`closeIdleConnections`), which includes connections just accepted whose request
 * is still in the socket buffer, and closing the listening socket resets the connections still
 * queued in the kernel. Under load that reset about half of the queued requests.
 */
export function connectionDrain(server: Server, timings: DrainTimings = DRAIN_TIMINGS): ConnectionDrain {
  const states = new Map<Socket, ConnectionState>();
  let draining = false;
  let drainStartedAt = 0;
  let arrivals = 0;

  server.on("connection", (socket: Socket) => {
    arrivals++;
    states.set(socket, { arrivedAt: Date.now(), open: new Set(), answered: false });
    socket.once("close", () => states.delete(socket));
  });

  // Runs before the app's own listener, so the choice is made before anything is written.
  server.prependListener("request", (request: IncomingMessage, response: ServerResponse) => {
    if (draining) response.shouldKeepAlive = false;
    const state = states.get(request.socket);
    if (!state) return;
    state.open.add(response);
    response.once("close", () => {
      state.open.delete(response);
      state.answered = true;
    });
  });

  function idle(state: ConnectionState, now: number): boolean {
    if (state.open.size > 0) return false;
    return state.answered || now - Math.max(state.arrivedAt, drainStartedAt) >= timings.silentConnectionMs;
  }

  /** Closes the connections with nothing left to answer, judged again after a poll (a request may be waiting in the buffer). */
  async function closeIdle() {
    const candidates = [...states].filter(([, state]) => idle(state, Date.now()));
    if (!candidates.length) return;
    await afterNextPoll();
    const now = Date.now();
    for (const [socket, state] of candidates) if (states.has(socket) && idle(state, now)) socket.destroy();
  }

  return {
    get draining() {
      return draining;
    },
    connections: () => states.size,
    async drain() {
      if (draining) return;
      draining = true;
      drainStartedAt = Date.now();
      // Answers not yet begun close their connection when done.
      for (const state of states.values()) {
        for (const response of state.open) if (!response.headersSent) response.shouldKeepAlive = false;
      }
      let listening = true;
      const closed = (async () => {
        let seen = arrivals;
        do {
          await sleep(timings.quietMs);
          await afterNextPoll();
          if (arrivals === seen) break;
          seen = arrivals;
        } while (Date.now() - drainStartedAt < timings.acceptAtMostMs);
        // net.Server's close, not http.Server's: it stops listening and waits for the connections
        // to end, without http's closeIdleConnections() cutting off the ones not yet parsed.
        await new Promise<void>((resolve) => {
          NetServer.prototype.close.call(server, () => resolve());
        });
        listening = false;
      })();
      while (listening || states.size > 0) {
        await closeIdle();
        await sleep(50);
      }
      await closed;
    },
  };
}
