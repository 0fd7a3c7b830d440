import type { Context } from "hono";
import { isDomainError, STATUS_OF_KIND, type TypedError, unavailableIn } from "../../domain/errors";
import { paymentMessages } from "../../domain/payment-messages";
import type { AppEnv } from "./request-context";

/** What a JSON endpoint answers for a typed failure: status, body and headers. */
export interface FailureAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

const PROVIDER_LABEL = { paypal: "PayPal", stripe: "Stripe", sandbox: "Stripe" } as const;

/**
 * The one mapping from domain/errors.ts to the JSON endpoints' answers
 * (docs/decisions/017-one-set-of-errors.md). The status comes from the kind; the body is
 * `{ message }` plus what the kind adds (a payment refusal's code and details, an invalid
 * input's field messages). A provider's own words are never shown: the store's text is.
 */
export function failureAnswer(error: TypedError): FailureAnswer {
  const status = STATUS_OF_KIND[error.kind];
  switch (error.kind) {
    case "payment_refused":
      return { status, body: { message: error.message, code: error.code, ...error.details }, headers: {} };
    case "invalid_input":
      return {
        status,
        body: Object.keys(error.fields).length
          ? { message: error.message, fields: error.fields }
          : { message: error.message },
        headers: {},
      };
    case "rate_limited":
    case "unavailable":
      return { status, body: { message: error.message }, headers: { "Retry-After": String(error.retryAfterSeconds) } };
    case "provider_unavailable":
      return {
        status,
        body: { ...error.details, message: paymentMessages.providerUnavailable(PROVIDER_LABEL[error.provider]) },
        headers: {},
      };
    default:
      return { status, body: { message: error.message }, headers: {} };
  }
}

/**
 * The typed failure an error stands for: itself, or the database's unavailability it was caused
 * by (the query builder wraps the driver's error); undefined for anything untyped.
 */
export function typedFailureOf(error: unknown): TypedError | undefined {
  return isDomainError(error) ? error : unavailableIn(error);
}

/** A Hono handler's catch: typed failures become their answer, anything else goes on to the app's 500. */
export function failureResponse(c: Context<AppEnv>, caught: unknown): Response {
  const error = typedFailureOf(caught);
  if (!error) throw caught;
  // An unavailable database is not logged per request: the outage has one line when it goes and
  // one when it is back (server/db/outage.ts); the request's own line says 503.
  if (error.kind === "provider_unavailable") {
    c.var.log?.warn(
      { provider: error.provider, providerStatus: error.providerStatus, reason: error.message },
      "payment provider failed",
    );
  }
  const answer = failureAnswer(error);
  for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
  // biome-ignore lint/suspicious/noExplicitAny: the status comes from the kinds' table, all of them error statuses
  return c.json(answer.body, answer.status as any);
}
