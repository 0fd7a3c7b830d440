/**
 * Paths whose next segment is a one-time secret: better-auth's password-reset link
 * (`/api/auth/reset-password/<token>?callbackURL=…`) carries its token in the path, and the
 * request log would otherwise keep a working link to someone's account (issue 21, finding 3).
 * Tokens in query strings never reach the log: it writes the path without the query.
 *
 * The path is matched as a router would read it: any case, repeated slashes as one, percent-encoded
 * letters decoded (issue 37, T4-12: `/api/auth//reset-password/<token>` reached the log whole).
 */
const SECRET_AFTER = /^\/+api\/+auth\/+reset-password\/+(?=[^/])/i;

/** The request's path as the log may keep it: a secret segment is replaced by `[redacted]`. */
export function loggablePath(path: string): string {
  const match = SECRET_AFTER.exec(path) ?? SECRET_AFTER.exec(decoded(path));
  if (!match) return path;
  return `${match[0]}[redacted]`;
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
