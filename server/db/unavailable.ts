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

/** The typed error a connection failure stands for (docs/faults.md); anything else unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof ServiceUnavailableError || !isConnectionFailure(error)) return error;
  return new ServiceUnavailableError(undefined, undefined, { cause: error });
}

type Callback = (error: Error | null | undefined, ...rest: unknown[]) => void;

/**
 * node-postgres' client, with connection failures turned into ServiceUnavailableError where they
 * leave the driver (connect and query, promise or callback), so every layer above sees one typed
 * error. It also always listens for "error": a connection cut while the pool has lent the client
 * out (between two statements of a transaction) is then the next query's failure, not an
 * unhandled event that ends the process.
 */
export class StoreClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on("error", () => {
      // The next query on this client fails with it; the pool drops the client on release.
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise or callback) pass through unchanged
  override connect(callback?: any): any {
    if (typeof callback === "function") {
      return super.connect((error: Error | undefined) =>
        (callback as Callback)(error ? (asUnavailable(error) as Error) : error),
      );
    }
    return super.connect().catch((error: unknown) => {
      throw asUnavailable(error);
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (text, config, submittable; promise or callback) pass through unchanged
  override query(...args: any[]): any {
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as Callback;
      args[last] = (error: Error | null | undefined, ...rest: unknown[]) =>
        callback(error ? (asUnavailable(error) as Error) : error, ...rest);
      // biome-ignore lint/suspicious/noExplicitAny: see above
      return (super.query as any)(...args);
    }
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const result = (super.query as any)(...args);
    if (result && typeof result.then === "function") {
      return result.catch((error: unknown) => {
        throw asUnavailable(error);
      });
    }
    return result;
  }
}
