import pg from "pg";
import { ServiceUnavailableError } from "../../domain/errors";

/**
 * Errors that mean "the database cannot be reached right now", as node-postgres reports them:
 * the socket refused, reset or cut; the server shutting down or starting (SQLSTATE 57P01-57P03);
 * a server that will not take this connection now (53300 too_many_connections, 55000
 * object_not_in_prerequisite_state, e.g. a standby not yet accepting connections); any
 * connection exception (SQLSTATE class 08); the pool's timeout while connecting. A query that
 * fails for its own reasons (a constraint, a syntax error, a full disk, a lock) is none of these.
 */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** SQLSTATEs of a server going, starting, or refusing connections for now: the same request works again later. */
const SERVER_UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "55000"]);
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection closed/,
];

export function isConnectionFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (NETWORK_CODES.has(code) || SERVER_UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    )
      return true;
    if (DRIVER_MESSAGES.some((m) => m.test(current instanceof Error ? current.message : ""))) return true;
    // A refused connection to "localhost" is reported as an AggregateError (one per address tried).
    if (current instanceof AggregateError && current.errors.some(isConnectionFailure)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * The code a connection failure carries, for the log and `/readyz` while starting: the socket's
 * (ECONNREFUSED, ENOTFOUND...) or the server's SQLSTATE (57P03...), from the error or what it
 * wraps; ETIMEDOUT for the pool's connect timeout; undefined when there is none.
 */
export function connectionFailureCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code) return code;
    const message = current.message;
    if (/timeout/.test(message) && DRIVER_MESSAGES.some((m) => m.test(message))) return "ETIMEDOUT";
    if (current instanceof AggregateError) {
      const inner = current.errors.map(connectionFailureCode).find(Boolean);
      if (inner) return inner;
    }
    current = current.cause;
  }
  return undefined;
}

/** The driver's own words for a failure (the innermost cause), for the log: "connect ECONNREFUSED 10.0.0.5:5432". */
export function connectionFailureMessage(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (current instanceof AggregateError && current.errors[0] instanceof Error) return current.errors[0].message;
    if (!(current.cause instanceof Error)) return current.message;
    current = current.cause;
  }
  return String(current);
}

/** The typed error a connection failure stands for (docs/faults.md); anything else unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof ServiceUnavailableError || !isConnectionFailure(error)) return error;
  return new ServiceUnavailableError(undefined, undefined, { cause: error });
}

type Callback = (error: Error | null | undefined, ...rest: unknown[]) => void;

/**
 * Told how the database answers (server/db/outage.ts): a connection or query that failed because
 * the database cannot be reached, and each new connection opened. `startedAt` is when the
 * connect or query began (Date.now()).
 */
export interface ConnectionWatch {
  failed(error: unknown, startedAt: number): void;
  answered(startedAt: number): void;
}

/**
 * node-postgres' client, with connection failures turned into ServiceUnavailableError where they
 * leave the driver (connect and query, promise or callback), so every layer above sees one typed
 * error. It also always listens for "error": a connection cut while the pool has lent the client
 * out (between two statements of a transaction) is then the next query's failure, not an
 * unhandled event that ends the process. `watchedStoreClient` makes one that also reports to a
 * ConnectionWatch.
 */
export class StoreClient extends pg.Client {
  protected readonly watch: ConnectionWatch | undefined = undefined;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on("error", () => {
      // The next query on this client fails with it; the pool drops the client on release.
    });
  }

  /** The error as the store types it, reported to the watch if it is the database's absence. */
  private failure(error: unknown, startedAt: number): unknown {
    if (this.watch && isConnectionFailure(error)) this.watch.failed(error, startedAt);
    return asUnavailable(error);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise or callback) pass through unchanged
  override connect(callback?: any): any {
    const startedAt = Date.now();
    if (typeof callback === "function") {
      return super.connect((error: Error | undefined) => {
        if (!error) this.watch?.answered(startedAt);
        (callback as Callback)(error ? (this.failure(error, startedAt) as Error) : error);
      });
    }
    return super.connect().then(
      () => this.watch?.answered(startedAt),
      (error: unknown) => {
        throw this.failure(error, startedAt);
      },
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (text, config, submittable; promise or callback) pass through unchanged
  override query(...args: any[]): any {
    const startedAt = this.watch ? Date.now() : 0;
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as Callback;
      args[last] = (error: Error | null | undefined, ...rest: unknown[]) =>
        callback(error ? (this.failure(error, startedAt) as Error) : error, ...rest);
      // biome-ignore lint/suspicious/noExplicitAny: see above
      return (super.query as any)(...args);
    }
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const result = (super.query as any)(...args);
    if (result && typeof result.then === "function") {
      return result.catch((error: unknown) => {
        throw this.failure(error, startedAt);
      });
    }
    return result;
  }
}

/** A StoreClient class whose clients report to `watch` (for pg.Pool's `Client` option). */
export function watchedStoreClient(watch: ConnectionWatch): typeof StoreClient {
  return class WatchedStoreClient extends StoreClient {
    protected override readonly watch = watch;
  };
}
