/**
 * The store's typed failures: every service throws these and nothing else on purpose; anything
 * else is a bug and answers 500. Two mappings turn them into answers, one each:
 * server/http/failure.ts for the JSON endpoints and app/lib/page-failure.server.ts for page
 * loaders and actions (docs/decisions/017-one-set-of-errors.md).
 *
 * The page bundle and the server bundle each hold a copy of this module, so an error made by a
 * service is not `instanceof` the page's copy of its class. Errors are recognised by a
 * registered brand and their `kind` instead (isDomainError, isErrorOfKind), never by `.status`.
 */

export const DOMAIN_ERROR_KINDS = [
  "invalid_input",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "payment_refused",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "provider_unavailable",
  "unavailable",
] as const;

export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/** The HTTP status of each kind: the one table both mappings read. */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payment_refused: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  provider_unavailable: 502,
  unavailable: 503,
};

/** Shared by every copy of this module (Symbol.for), so the brand survives two bundles. */
const BRAND: unique symbol = Symbol.for("threadline.domain-error");

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly [BRAND] = true;
}

/** The input breaks a rule; the message (and each field's message) is safe to show. */
export class InvalidInputError extends DomainError {
  readonly kind = "invalid_input";
  constructor(
    message: string,
    /** A message per form field, when the refusal is about particular fields. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "InvalidInputError";
  }
}

/** Nobody is signed in, and this needs someone. */
export class UnauthenticatedError extends DomainError {
  readonly kind = "unauthenticated";
  constructor(message = "Please log in first.") {
    super(message);
    this.name = "UnauthenticatedError";
  }
}

/** The caller is known but may not do this; the message is safe to show. */
export class ForbiddenError extends DomainError {
  readonly kind = "forbidden";
  constructor(message = "Forbidden") {
    super(message);
    this.name = "ForbiddenError";
  }
}

export class NotFoundError extends DomainError {
  readonly kind = "not_found";
  constructor(message = "Not found") {
    super(message);
    this.name = "NotFoundError";
  }
}

/** The request clashes with what is stored (a second review of one product); the message is safe to show. */
export class ConflictError extends DomainError {
  readonly kind = "conflict";
  constructor(message: string) {
    super(message);
    this.name = "ConflictError";
  }
}

/**
 * A payment the state of the world refuses (sold out, already refunded, replaced by a newer
 * checkout...). The message is shown as is; `code` tells the page which case it is.
 */
export class PaymentRefusedError extends DomainError {
  readonly kind = "payment_refused";
  constructor(
    message: string,
    /** A short machine-readable reason for the page: "out_of_stock", "refunded", ... */
    readonly code: string,
    /** Extra fields for the answer (e.g. the priced lines with their problems). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "PaymentRefusedError";
  }
}

export class PayloadTooLargeError extends DomainError {
  readonly kind = "payload_too_large";
  constructor(message = "Request body too large") {
    super(message);
    this.name = "PayloadTooLargeError";
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  readonly kind = "unsupported_media_type";
  constructor(message: string) {
    super(message);
    this.name = "UnsupportedMediaTypeError";
  }
}

/** A limit per person or per address was reached; retry after the given number of seconds. */
export class RateLimitedError extends DomainError {
  readonly kind = "rate_limited";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "RateLimitedError";
  }
}

export type PaymentProviderName = "paypal" | "stripe" | "sandbox";

/**
 * A payment provider did not answer, or answered with something other than a business refusal.
 * The message is for the log; the shopper gets the store's own text.
 */
export class ProviderUnavailableError extends DomainError {
  readonly kind = "provider_unavailable";
  constructor(
    readonly provider: PaymentProviderName,
    message: string,
    /** The provider's HTTP status, when there was one. */
    readonly providerStatus?: number,
    /** Extra fields for the answer (e.g. the checkout reference the PayPal fallback pays against). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "ProviderUnavailableError";
  }
}

/** What the shopper reads while the store's database cannot be reached (docs/faults.md). */
export const UNAVAILABLE_MESSAGE = "The shop is briefly unavailable. Please try again in a moment.";

/**
 * The store cannot do its work right now: its database does not answer (refused, cut, restarting).
 * Nothing was changed; the same request is expected to work again shortly (`Retry-After`).
 * The message is the store's own, safe to show; the cause is for the log.
 */
export class ServiceUnavailableError extends DomainError {
  readonly kind = "unavailable";
  constructor(
    message = UNAVAILABLE_MESSAGE,
    readonly retryAfterSeconds = 5,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ServiceUnavailableError";
  }
}

/**
 * Not a refusal but a signal inside the fulfilment transaction: a line cannot be taken from
 * stock, the transaction rolls back and the payment flow refunds. Never reaches a mapping.
 */
export class OutOfStockError extends Error {
  constructor(readonly productId: string) {
    super(`Not enough stock for product ${productId}`);
    this.name = "OutOfStockError";
  }
}

/**
 * The same kind of signal for a discount code: its last use (in total or for this customer) went
 * to another order while this one was being paid. The flows refund like sold-out stock
 * (docs/decisions/034-discount-codes.md).
 */
export class DiscountUsedUpError extends Error {
  constructor(readonly discountId: string) {
    super(`Discount code ${discountId} has no use left for this order`);
    this.name = "DiscountUsedUpError";
  }
}

type ErrorOfKind = {
  invalid_input: InvalidInputError;
  unauthenticated: UnauthenticatedError;
  forbidden: ForbiddenError;
  not_found: NotFoundError;
  conflict: ConflictError;
  payment_refused: PaymentRefusedError;
  payload_too_large: PayloadTooLargeError;
  unsupported_media_type: UnsupportedMediaTypeError;
  rate_limited: RateLimitedError;
  provider_unavailable: ProviderUnavailableError;
  unavailable: ServiceUnavailableError;
};

/** Any of the store's typed failures, discriminated by `kind`. */
export type TypedError = ErrorOfKind[DomainErrorKind];

/** Is this one of the store's typed failures (made by any copy of this module)? */
export function isDomainError(error: unknown): error is TypedError {
  if (!(error instanceof Error) || (error as unknown as Record<symbol, unknown>)[BRAND] !== true) return false;
  const kind = (error as { kind?: unknown }).kind;
  return typeof kind === "string" && (DOMAIN_ERROR_KINDS as readonly string[]).includes(kind);
}

export function isErrorOfKind<K extends DomainErrorKind>(error: unknown, kind: K): error is ErrorOfKind[K] {
  return isDomainError(error) && error.kind === kind;
}

/**
 * The ServiceUnavailableError an error is, or was caused by: the query builder wraps what the
 * database driver throws (`cause`), and an unavailable database is the same answer however deep
 * it sits. Undefined for anything else.
 */
export function unavailableIn(error: unknown): ServiceUnavailableError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (isErrorOfKind(current, "unavailable")) return current;
    current = current.cause;
  }
  return undefined;
}

/** The HTTP status of a failure: its kind's, or 500 for anything untyped (our fault). */
export function statusOf(error: unknown): number {
  return isDomainError(error) ? STATUS_OF_KIND[error.kind] : 500;
}
