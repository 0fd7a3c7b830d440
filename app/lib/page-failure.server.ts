import { data } from "react-router";
import { type DomainErrorKind, isDomainError, STATUS_OF_KIND, unavailableIn } from "../../domain/errors";

/**
 * The one mapping from domain/errors.ts to page loaders and actions
 * (docs/decisions/017-one-set-of-errors.md); server/http/failure.ts is its twin for the JSON
 * endpoints. Both read the status from the kinds' table in domain/errors.ts.
 */

/**
 * A typed failure the person can be told about: a 4xx status and a message safe to show, or 503
 * while the database cannot be reached (nothing was changed; try again shortly, docs/faults.md).
 */
export interface Refusal {
  kind: DomainErrorKind;
  status: number;
  message: string;
  /** Field messages of an invalid input; empty otherwise. */
  fields: Readonly<Record<string, string>>;
  /** Retry-After for a rate limit or an unavailable database; empty otherwise. */
  headers: Record<string, string>;
}

/**
 * The refusal a service's typed error stands for, or undefined for anything else: an untyped
 * error or a provider that did not answer is our side's failure, which the caller logs and
 * answers with 500 (or lets the error boundary show). An unreachable database, however deep
 * the query builder wrapped it, is the 503 refusal with Retry-After.
 */
export function refusalOf(error: unknown): Refusal | undefined {
  const unavailable = unavailableIn(error);
  if (unavailable) {
    const headers = { "Retry-After": String(unavailable.retryAfterSeconds) };
    return {
      kind: "unavailable",
      status: STATUS_OF_KIND.unavailable,
      message: unavailable.message,
      fields: {},
      headers,
    };
  }
  if (!isDomainError(error)) return undefined;
  const status = STATUS_OF_KIND[error.kind];
  if (status >= 500) return undefined;
  return {
    kind: error.kind,
    status,
    message: error.message,
    fields: error.kind === "invalid_input" ? error.fields : {},
    headers: error.kind === "rate_limited" ? { "Retry-After": String(error.retryAfterSeconds) } : {},
  };
}

/** The status a page answers for a failure: its refusal's, or 500. */
export function failureStatus(error: unknown): number {
  return refusalOf(error)?.status ?? 500;
}

/**
 * For loaders: a refusal becomes a thrown response that the nearest ErrorBoundary renders by
 * its status (404, 403, 429...); anything else is rethrown and shown as 500.
 */
export function throwForBoundary(error: unknown): never {
  const refusal = refusalOf(error);
  if (refusal) throw data(refusal.message, { status: refusal.status, headers: refusal.headers });
  throw error;
}

/** A page that is not there (or not the viewer's): the root boundary's 404. */
export function pageNotFound(): never {
  throw data("Not found", { status: 404 });
}
