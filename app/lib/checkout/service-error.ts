/**
 * The status a service's typed error carries (server/errors.ts, server/payment-errors.ts:
 * 400 invalid, 404 not found, 409 conflict, 502 provider). Pages may not import server code,
 * so they read the status the error carries; anything untyped is our fault: 500.
 */
export function serviceStatus(error: unknown): number {
  const status = error instanceof Error && "status" in error ? (error as { status: unknown }).status : undefined;
  return typeof status === "number" && Number.isInteger(status) && status >= 400 && status < 600 ? status : 500;
}

/** The message of a refusal a shopper can act on (400, 404, 409); undefined for failures that are ours or a provider's. */
export function serviceRefusal(error: unknown): string | undefined {
  const status = serviceStatus(error);
  return (status === 400 || status === 404 || status === 409) && error instanceof Error ? error.message : undefined;
}
