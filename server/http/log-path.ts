/**
 * Paths whose next segment is a one-time secret: better-auth's password-reset link
 * (`/api/auth/reset-password/<token>?callbackURL=…`) carries its token in the path, and the
 * request log would otherwise keep a working link to someone's account (issue 21, finding 3).
 * Tokens in query strings never reach the log: it writes the path without the query.
 */
const SECRET_AFTER = ["/api/auth/reset-password/"];

/** The request's path as the log may keep it: a secret segment is replaced by `[redacted]`. */
export function loggablePath(path: string): string {
  const lower = path.toLowerCase();
  for (const prefix of SECRET_AFTER) {
    if (lower.startsWith(prefix) && path.length > prefix.length) return `${path.slice(0, prefix.length)}[redacted]`;
  }
  return path;
}
