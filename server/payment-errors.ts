/**
 * Typed failures of the payment path. server/http/payment-routes.ts maps them (and the shared
 * NotFoundError / InvalidRequestError of server/errors.ts) to statuses and bodies in one place.
 */

/** A payment provider did not answer, or answered with something other than a business refusal. */
export class ProviderError extends Error {
  readonly status = 502;
  constructor(
    readonly provider: "paypal" | "stripe" | "sandbox",
    message: string,
    /** The provider's HTTP status, when there was one. */
    readonly providerStatus?: number,
    /** Extra fields for the response body (e.g. the checkout reference the PayPal fallback pays against). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** The request is fine but the state of the world refuses it (sold out, already refunded...). The message is shown as is. */
export class PaymentConflictError extends Error {
  readonly status = 409;
  constructor(
    message: string,
    /** A short machine-readable reason for the page: "out_of_stock", "refunded", ... */
    readonly code: string,
    /** Extra fields for the response body (e.g. the priced lines with their problems). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "PaymentConflictError";
  }
}

/** Thrown by the orders service when a line cannot be taken from stock; the transaction rolls back. */
export class OutOfStockError extends Error {
  constructor(readonly productId: string) {
    super(`Not enough stock for product ${productId}`);
    this.name = "OutOfStockError";
  }
}
