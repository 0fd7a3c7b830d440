import { describe, expect, it } from "vitest";
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRefusedError,
  ProviderUnavailableError,
  RateLimitedError,
  ServiceUnavailableError,
  type TypedError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
} from "../../domain/errors";
import { paymentMessages } from "../../domain/payment-messages";
import { type FailureAnswer, failureAnswer, typedFailureOf } from "./failure";

describe("the JSON endpoints' failure mapping", () => {
  it.each<[TypedError, FailureAnswer]>([
    [
      new InvalidInputError("Line 1: Quantity must be at least 1"),
      { status: 400, body: { message: "Line 1: Quantity must be at least 1" }, headers: {} },
    ],
    [
      new InvalidInputError("Check the form", { rating: "Choose a rating" }),
      { status: 400, body: { message: "Check the form", fields: { rating: "Choose a rating" } }, headers: {} },
    ],
    [new UnauthenticatedError("Please log in"), { status: 401, body: { message: "Please log in" }, headers: {} }],
    [new ForbiddenError("Not yours"), { status: 403, body: { message: "Not yours" }, headers: {} }],
    [
      new NotFoundError("Payment session not found"),
      { status: 404, body: { message: "Payment session not found" }, headers: {} },
    ],
    [new ConflictError("Already reviewed"), { status: 409, body: { message: "Already reviewed" }, headers: {} }],
    [
      new PaymentRefusedError("Only 1 left", "unavailable", { problems: ["Only 1 left"] }),
      { status: 409, body: { message: "Only 1 left", code: "unavailable", problems: ["Only 1 left"] }, headers: {} },
    ],
    [new PayloadTooLargeError(), { status: 413, body: { message: "Request body too large" }, headers: {} }],
    [new UnsupportedMediaTypeError("JSON only"), { status: 415, body: { message: "JSON only" }, headers: {} }],
    [
      new RateLimitedError("Too many", 42),
      { status: 429, body: { message: "Too many" }, headers: { "Retry-After": "42" } },
    ],
    [
      new ProviderUnavailableError("paypal", "PayPal said 503 with secrets", 503, { checkoutRef: "c1" }),
      { status: 502, body: { checkoutRef: "c1", message: paymentMessages.providerUnavailable("PayPal") }, headers: {} },
    ],
    [
      new ProviderUnavailableError("stripe", "timeout"),
      { status: 502, body: { message: paymentMessages.providerUnavailable("Stripe") }, headers: {} },
    ],
    [
      new ServiceUnavailableError(undefined, 5, { cause: new Error("connect ECONNREFUSED 10.0.0.5:5432") }),
      {
        status: 503,
        body: { message: "The shop is briefly unavailable. Please try again in a moment." },
        headers: { "Retry-After": "5" },
      },
    ],
  ])("%o answers %o", (error, answer) => {
    expect(failureAnswer(error)).toEqual(answer);
  });

  it("answers a query error caused by an unreachable database as that database's 503, and leaves other errors untyped", () => {
    const down = new ServiceUnavailableError();
    const queryError = new Error("Failed query: select ...", { cause: down });
    expect(typedFailureOf(queryError)).toBe(down);
    expect(typedFailureOf(down)).toBe(down);
    const notFound = new NotFoundError();
    expect(typedFailureOf(notFound)).toBe(notFound);
    expect(typedFailureOf(new Error("Failed query", { cause: new Error("syntax error") }))).toBeUndefined();
  });
});
