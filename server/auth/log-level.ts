import { unavailableIn } from "../../domain/errors";
import { isConnectionFailure } from "../db/unavailable";

export type AuthLogLevel = "error" | "warn" | "info" | "debug";

/** better-auth's own status for "our fault", on its API errors (and as the message of some lines). */
const INTERNAL = "INTERNAL_SERVER_ERROR";

const isInternal = (value: unknown) =>
  value === INTERNAL ||
  (typeof value === "object" && value !== null && (value as { status?: unknown }).status === INTERNAL);

/**
 * The level the store logs a line of better-auth's at (server/auth/auth.ts). better-auth writes
 * "error" for every refusal it answers (a wrong password, an OAuth callback with no state, a bad
 * code, an id token that does not verify): inside a request those are the visitor's, not the
 * store's, and answer 4xx or a redirect to the error page, so they are warnings, and its
 * warnings ("Invalid password", "User not found") are info. A failure of the store's own answers
 * 5xx, and the request's line says so at error (server/http/request-context.ts); better-auth's
 * INTERNAL_SERVER_ERROR stays an error too. A database away is the outage's (server/db/outage.ts):
 * debug. Outside a request (start-up, configuration) its levels stand.
 */
export function authLogLevel(
  level: string,
  message: string,
  args: readonly unknown[],
  inRequest: boolean,
): AuthLogLevel {
  if (args.some((arg) => unavailableIn(arg) || isConnectionFailure(arg))) return "debug";
  if (level === "error") {
    if (!inRequest || isInternal(message) || args.some(isInternal)) return "error";
    return "warn";
  }
  if (level === "warn") return inRequest ? "info" : "warn";
  return "debug";
}
