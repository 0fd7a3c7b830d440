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
  type TypedError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
} from "../../domain/errors";
import { paymentMessages } from "../../domain/payment-messages";
import { type FailureAnswer, failureAnswer } from "./failure";

describe("the JSON endpoints' failure mapping", () => {
  it.each<[TypedError, FailureAnswer]>([
    [new InvalidInputError("Line 1: Quantity must be at least 1"), { status: 400, body: { message: "Line 1: Quantity must be at least 1" }, headers: {} }],
    [
      new InvalidInputError("Check the form", { rating: "Choose a rating" }),
      { status: 400, body: { message: "Check the form", fields: { rating: "Choose a rating" } }, headers: {} },
    ],
    [new UnauthenticatedError("Please log in"), { status: 401, body: { message: "Please log in" }, headers: {} }],
    [new ForbiddenError("Not yours"), { status: 403, body: { message: "Not yours" }, headers: {} }],
    [new NotFoundError("Payment session not found"), { status: 404, body: { message: "Payment session not found" }, headers: {} }],
    [new ConflictError("Already reviewed"), { status: 409, body: { message: "Already reviewed" }, headers: {} }],
    [
      new PaymentRefusedError("Only 1 left", "unavailable", { problems: ["Only 1 left"] }),
      { status: 409, body: { message: "Only 1 left", code: "unavailable", problems: ["Only 1 left"] }, headers: {} },
    ],
    [new PayloadTooLargeError(), { status: 413, body: { message: "Request body too large" }, headers: {} }],
    [new UnsupportedMediaTypeError("JSON only"), { status: 415, body: { message: "JSON only" }, headers: {} }],
    [new RateLimitedError("Too many", 42), { status: 429, body: { message: "Too many" }, headers: { "Retry-After": "42" } }],
    [
      new ProviderUnavailableError("paypal", "PayPal said 503 with secrets", 503, { checkoutRef: "c1" }),
      { status: 502, body: { checkoutRef: "c1", message: paymentMessages.providerUnavailable("PayPal") }, headers: {} },
    ],
    [
      new ProviderUnavailableError("stripe", "timeout"),
      { status: 502, body: { message: paymentMessages.providerUnavailable("Stripe") }, headers: {} },
    ],
  ])("%o answers %o", (error, answer) => {
    expect(failureAnswer(error)).toEqual(answer);
  });
});
