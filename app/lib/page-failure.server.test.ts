import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  PaymentRefusedError,
  ProviderUnavailableError,
  RateLimitedError,
  ServiceUnavailableError,
} from "../../domain/errors";
import { failureStatus, type Refusal, refusalOf, throwForBoundary } from "./page-failure.server";

describe("the pages' failure mapping", () => {
  it.each<[unknown, Refusal | undefined]>([
    [
      new InvalidInputError("Check the form", { zipCode: "Enter a ZIP code" }),
      {
        kind: "invalid_input",
        status: 400,
        message: "Check the form",
        fields: { zipCode: "Enter a ZIP code" },
        headers: {},
      },
    ],
    [
      new ForbiddenError("Not yours"),
      { kind: "forbidden", status: 403, message: "Not yours", fields: {}, headers: {} },
    ],
    [
      new NotFoundError("Payment session not found"),
      { kind: "not_found", status: 404, message: "Payment session not found", fields: {}, headers: {} },
    ],
    [
      new ConflictError("Already reviewed"),
      { kind: "conflict", status: 409, message: "Already reviewed", fields: {}, headers: {} },
    ],
    [
      new PaymentRefusedError("This payment session has expired.", "expired"),
      { kind: "payment_refused", status: 409, message: "This payment session has expired.", fields: {}, headers: {} },
    ],
    [
      new RateLimitedError("Too many", 7),
      { kind: "rate_limited", status: 429, message: "Too many", fields: {}, headers: { "Retry-After": "7" } },
    ],
    // The database cannot be reached: the store's own words, 503, try again shortly; also when the query builder wrapped it.
    [
      new ServiceUnavailableError(),
      {
        kind: "unavailable",
        status: 503,
        message: "The shop is briefly unavailable. Please try again in a moment.",
        fields: {},
        headers: { "Retry-After": "5" },
      },
    ],
    [
      new Error("Failed query: select 1", {
        cause: new ServiceUnavailableError(undefined, 5, { cause: new Error("connect ECONNREFUSED") }),
      }),
      {
        kind: "unavailable",
        status: 503,
        message: "The shop is briefly unavailable. Please try again in a moment.",
        fields: {},
        headers: { "Retry-After": "5" },
      },
    ],
    // Our side's failures: no message of theirs is shown, the caller logs them and answers 500.
    [new ProviderUnavailableError("stripe", "Stripe is not answering"), undefined],
    [new Error("database down"), undefined],
    [Object.assign(new Error("looks typed"), { status: 404 }), undefined],
    ["a string", undefined],
  ])("%o is refused as %o", (error, refusal) => {
    expect(refusalOf(error)).toEqual(refusal);
    expect(failureStatus(error)).toBe(refusal?.status ?? 500);
  });

  it("throws a refusal to the error boundary with its status, and anything else as it is", () => {
    const thrown = (error: unknown) => {
      try {
        throwForBoundary(error);
      } catch (caught) {
        return caught;
      }
    };
    const forbidden = thrown(new ForbiddenError("Not yours")) as { data: unknown; init: ResponseInit | null };
    expect(forbidden.init?.status).toBe(403);
    expect(forbidden.data).toBe("Not yours");
    const untyped = new Error("database down");
    expect(thrown(untyped)).toBe(untyped);
    expect(isRouteErrorResponse(thrown(untyped))).toBe(false);
  });
});
