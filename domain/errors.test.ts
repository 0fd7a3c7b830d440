import { describe, expect, it } from "vitest";
import {
  ConflictError,
  DOMAIN_ERROR_KINDS,
  type DomainErrorKind,
  ForbiddenError,
  InvalidInputError,
  isDomainError,
  isErrorOfKind,
  NotFoundError,
  OutOfStockError,
  PayloadTooLargeError,
  PaymentRefusedError,
  ProviderUnavailableError,
  RateLimitedError,
  ServiceUnavailableError,
  STATUS_OF_KIND,
  statusOf,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  unavailableIn,
} from "./errors";

describe("the typed errors", () => {
  it.each<[Error, DomainErrorKind, number]>([
    [new InvalidInputError("Rating must be 1 to 5"), "invalid_input", 400],
    [new UnauthenticatedError(), "unauthenticated", 401],
    [new ForbiddenError(), "forbidden", 403],
    [new NotFoundError(), "not_found", 404],
    [new ConflictError("You have already reviewed this product."), "conflict", 409],
    [new PaymentRefusedError("Sold out", "out_of_stock"), "payment_refused", 409],
    [new PayloadTooLargeError(), "payload_too_large", 413],
    [new UnsupportedMediaTypeError("JSON only"), "unsupported_media_type", 415],
    [new RateLimitedError("Slow down", 30), "rate_limited", 429],
    [new ProviderUnavailableError("paypal", "timeout"), "provider_unavailable", 502],
    [new ServiceUnavailableError(), "unavailable", 503],
  ])("%o is %s with status %i", (error, kind, status) => {
    expect(isDomainError(error)).toBe(true);
    expect(isErrorOfKind(error, kind)).toBe(true);
    expect(statusOf(error)).toBe(status);
  });

  it("gives every kind a status", () => {
    for (const kind of DOMAIN_ERROR_KINDS) expect(STATUS_OF_KIND[kind]).toBeGreaterThanOrEqual(400);
  });

  it.each<[string, unknown]>([
    ["an untyped error", new Error("database down")],
    [
      "an error that merely carries a status",
      Object.assign(new Error("Not found"), { status: 404, kind: "not_found" }),
    ],
    ["the stock signal of the fulfilment transaction", new OutOfStockError("p1")],
    ["a string", "not_found"],
    ["nothing", undefined],
  ])("%s is not typed and is a 500", (_, error) => {
    expect(isDomainError(error)).toBe(false);
    expect(isErrorOfKind(error, "not_found")).toBe(false);
    expect(statusOf(error)).toBe(500);
  });

  it("recognises an error made by another copy of the module (the page and server bundles)", () => {
    const copy = Object.assign(new Error("Not found"), {
      kind: "not_found",
      [Symbol.for("threadline.domain-error")]: true,
    });
    expect(isErrorOfKind(copy, "not_found")).toBe(true);
    expect(isErrorOfKind(copy, "forbidden")).toBe(false);
  });

  const down = new ServiceUnavailableError(undefined, 5, { cause: new Error("connect ECONNREFUSED 127.0.0.1:5432") });
  const wrapped = (cause: unknown, message = "Failed query: select 1") => new Error(message, { cause });

  it.each<[string, unknown, ServiceUnavailableError | undefined]>([
    ["the error itself", down, down],
    ["a query error that wraps it", wrapped(down), down],
    ["a wrapper of a wrapper (a rollback that failed too)", wrapped(wrapped(down)), down],
    ["an untyped error", new Error("connect ECONNREFUSED"), undefined],
    ["another typed error", new NotFoundError(), undefined],
    ["a query error with an untyped cause", wrapped(new Error("syntax error")), undefined],
    ["a string", "unavailable", undefined],
    ["nothing", undefined, undefined],
  ])("unavailableIn finds %s", (_, error, found) => {
    expect(unavailableIn(error)).toBe(found);
  });

  it("says the shop is briefly unavailable, and when to try again", () => {
    expect(down.message).toBe("The shop is briefly unavailable. Please try again in a moment.");
    expect(down.retryAfterSeconds).toBe(5);
    expect((down.cause as Error).message).toContain("ECONNREFUSED");
  });
});
