/**
 * Typed failures services throw. Routes and endpoints turn them into statuses and the documented
 * texts in one place each, instead of re-wording errors one by one.
 */
export class NotFoundError extends Error {
  readonly status = 404;
  constructor(what = "Not found") {
    super(what);
    this.name = "NotFoundError";
  }
}

/** A valid request that breaks a business limit; the message is safe to show. */
export class InvalidRequestError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = "InvalidRequestError";
  }
}

/** The caller is known but may not do this; the message is safe to show. */
export class ForbiddenError extends Error {
  readonly status = 403;
  constructor(message = "Forbidden") {
    super(message);
    this.name = "ForbiddenError";
  }
}

/** The request clashes with what is stored (a second review of one product); the message is safe to show. */
export class ConflictError extends Error {
  readonly status = 409;
  constructor(message: string) {
    super(message);
    this.name = "ConflictError";
  }
}

/** A limit per person or per address was reached; retry after the given number of seconds. */
export class TooManyRequestsError extends Error {
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "TooManyRequestsError";
  }
}
