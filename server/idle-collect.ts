/**
 * Memory back after a burst (decision 065). Under load V8's old space fills with short-lived
 * garbage that survived a young collection; once the crowd has gone nothing allocates, so no
 * collection runs and the pages stay committed (V8's own memory reducer waits for allocation to
 * trigger it, and Node.js does not tell V8 when it is idle). This watcher counts the requests;
 * when a burst of at least `minRequests` has been followed by a quiet `quietMs` with none, it asks
 * for one full collection, which compacts the old space and gives its free pages back.
 *
 * It needs `gc`, which node exposes with `--expose-gc` (scripts/serve.sh, which `npm start`, the
 * container image and the bench run);
 * without it the watcher does nothing. A collection takes tens of milliseconds of the one thread,
 * and only runs when no request has come for `quietMs`.
 */

/** What the watcher remembers between looks. */
export interface IdleCollectState {
  /** Requests seen since the process started. */
  requests: number;
  /** `requests` at the previous look. */
  atLastLook: number;
  /** `requests` at the last collection. */
  atLastCollection: number;
}

/**
 * At a look (every `quietMs`): collect when no request came since the previous look and at least
 * `minRequests` came since the last collection. A trickle never collects (never quiet, or never
 * enough); a store that sits idle collects once, not at every look.
 */
export function collectNow(state: IdleCollectState, minRequests: number): boolean {
  const quiet = state.requests === state.atLastLook;
  return quiet && state.requests - state.atLastCollection >= minRequests;
}

export interface IdleCollector {
  /** One request seen (the HTTP server's "request" event). */
  seen(): void;
  /** One look: collects if `collectNow` says so. Answers whether it did. */
  look(): boolean;
  /** Looks every `quietMs` (an unref'd timer: it keeps nothing alive). */
  start(): void;
  stop(): void;
}

export interface IdleCollectOptions {
  /** The full collection: `globalThis.gc` under `--expose-gc`; undefined turns the watcher off. */
  collect: (() => void) | undefined;
  quietMs?: number;
  minRequests?: number;
  /** Told after each collection, with the heap used before and after (bytes). */
  collected?: (figures: { heapBeforeBytes: number; heapAfterBytes: number; ms: number }) => void;
  heapUsed?: () => number;
}

const IDLE_COLLECT_QUIET_MS = 2000;
const IDLE_COLLECT_MIN_REQUESTS = 1000;

export function idleCollector(options: IdleCollectOptions): IdleCollector {
  const quietMs = options.quietMs ?? IDLE_COLLECT_QUIET_MS;
  const minRequests = options.minRequests ?? IDLE_COLLECT_MIN_REQUESTS;
  const heapUsed = options.heapUsed ?? (() => process.memoryUsage().heapUsed);
  const state: IdleCollectState = { requests: 0, atLastLook: 0, atLastCollection: 0 };
  let timer: NodeJS.Timeout | undefined;
  const collect = options.collect;
  function look(): boolean {
    const now = collect !== undefined && collectNow(state, minRequests);
    state.atLastLook = state.requests;
    if (!now) return false;
    state.atLastCollection = state.requests;
    const heapBeforeBytes = heapUsed();
    const started = performance.now();
    collect();
    options.collected?.({ heapBeforeBytes, heapAfterBytes: heapUsed(), ms: performance.now() - started });
    return true;
  }
  return {
    seen() {
      state.requests++;
    },
    look,
    start() {
      if (timer || !collect) return;
      timer = setInterval(look, quietMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
