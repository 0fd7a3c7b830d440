/**
 * The HTTP status for an error a service threw (see server/errors.ts: typed errors carry
 * their status). Anything untyped is our fault: 500, and the caller logs it.
 */
export function failureStatus(error: unknown): 400 | 404 | 500 {
  const status = error instanceof Error && "status" in error ? (error as { status: unknown }).status : undefined;
  return status === 400 || status === 404 ? status : 500;
}

/** A typed error's own message (safe to show), or undefined for anything else. */
export function failureMessage(error: unknown): string | undefined {
  return failureStatus(error) === 400 && error instanceof Error ? error.message : undefined;
}
