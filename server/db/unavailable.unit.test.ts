import { describe, expect, it } from "vitest";
import { isErrorOfKind, ServiceUnavailableError } from "../../domain/errors";
import { failureAnswer } from "../http/failure";
import { asUnavailable, connectionFailureCode, connectionFailureMessage, isConnectionFailure } from "./unavailable";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("a database that cannot be reached", () => {
  it.each<[string, unknown, boolean]>([
    ["connection refused", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"), true],
    ["connection reset", withCode("read ECONNRESET", "ECONNRESET"), true],
    ["a broken pipe", withCode("write EPIPE", "EPIPE"), true],
    ["a connect timeout", withCode("connect ETIMEDOUT", "ETIMEDOUT"), true],
    ["an unknown host", withCode("getaddrinfo ENOTFOUND db", "ENOTFOUND"), true],
    [
      "the server shutting down (admin_shutdown)",
      withCode("terminating connection due to administrator command", "57P01"),
      true,
    ],
    ["the server starting (cannot_connect_now)", withCode("the database system is starting up", "57P03"), true],
    ["a connection exception (class 08)", withCode("connection failure", "08006"), true],
    ["too many connections (too_many_connections)", withCode("sorry, too many clients already", "53300"), true],
    [
      "the server not ready for it (object_not_in_prerequisite_state)",
      withCode("the database system is not accepting connections", "55000"),
      true,
    ],
    ["a crash shutdown (crash_shutdown)", withCode("terminating connection because of crash", "57P02"), true],
    ["a disk full (disk_full) is not an outage", withCode("could not extend file", "53100"), false],
    ["a lock not available is not an outage", withCode("could not obtain lock", "55P03"), false],
    ["the socket cut under a query", new Error("Connection terminated unexpectedly"), true],
    ["the pool's connect timeout", new Error("Connection terminated due to connection timeout"), true],
    [
      "a client that lost its connection",
      new Error("Client has encountered a connection error and is not queryable"),
      true,
    ],
    [
      "refused on every address of localhost",
      new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")]),
      true,
    ],
    [
      "a query error wrapping a refusal",
      new Error("Failed query: select 1", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") }),
      true,
    ],
    [
      "a unique violation",
      withCode('duplicate key value violates unique constraint "orders_payment_id"', "23505"),
      false,
    ],
    ["a syntax error", withCode('syntax error at or near "selec"', "42601"), false],
    ["a serialization failure", withCode("could not serialize access", "40001"), false],
    ["an untyped bug", new TypeError("cannot read properties of undefined"), false],
    ["a string", "ECONNREFUSED", false],
    ["nothing", undefined, false],
  ])("%s: %s", (_, error, unavailable) => {
    expect(isConnectionFailure(error)).toBe(unavailable);
    const mapped = asUnavailable(error);
    expect(isErrorOfKind(mapped, "unavailable")).toBe(unavailable);
    if (unavailable) {
      expect((mapped as ServiceUnavailableError).cause).toBe(error);
      // What a client gets: 503 with Retry-After, not a 500.
      expect(failureAnswer(mapped as ServiceUnavailableError)).toMatchObject({
        status: 503,
        headers: { "Retry-After": "5" },
      });
    } else expect(mapped).toBe(error);
  });

  it("leaves an error that is already typed as it is", () => {
    const typed = new ServiceUnavailableError();
    expect(asUnavailable(typed)).toBe(typed);
  });

  it.each<[string, unknown, string | undefined]>([
    ["a refused socket", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"), "ECONNREFUSED"],
    ["a server starting", withCode("the database system is starting up", "57P03"), "57P03"],
    [
      "inside a query error",
      new Error("Failed query: select 1", { cause: withCode("sorry, too many clients already", "53300") }),
      "53300",
    ],
    [
      "refused on every address of localhost",
      new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")]),
      "ECONNREFUSED",
    ],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect"), "ETIMEDOUT"],
    ["a cut without a code", new Error("Connection terminated unexpectedly"), undefined],
    ["nothing", undefined, undefined],
  ])("the code of %s", (_, error, code) => {
    expect(connectionFailureCode(error)).toBe(code);
  });

  it.each<[string, unknown, string]>([
    [
      "the store's typed error",
      new ServiceUnavailableError(undefined, undefined, {
        cause: withCode("connect ECONNREFUSED 10.0.0.5:5432", "ECONNREFUSED"),
      }),
      "connect ECONNREFUSED 10.0.0.5:5432",
    ],
    [
      "localhost's two addresses",
      new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")]),
      "connect ECONNREFUSED ::1:5432",
    ],
    ["a plain cut", new Error("Connection terminated unexpectedly"), "Connection terminated unexpectedly"],
  ])("the driver's words for %s", (_, error, message) => {
    expect(connectionFailureMessage(error)).toBe(message);
  });
});
