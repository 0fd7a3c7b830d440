/**
 * Whether a session row found for a request's cookie can be used as it is, by the store's own
 * session read (server/auth/session-reader.ts), or must go to better-auth, which alone writes
 * sessions and cookies (docs/decisions/064-the-signed-in-path.md). better-auth's rule for a
 * remembered session (better-auth 1.7, api/routes/session.ts): it is refreshed once it is
 * `updateAge` old, i.e. when `expiresAt - expiresIn + updateAge <= now`; it is gone once
 * `expiresAt < now`. A session kept only for the browser's life ("don't remember me") is never
 * refreshed, so the store asks better-auth for it too rather than repeat that branch.
 */
export interface SessionPolicy {
  expiresInSeconds: number;
  updateAgeSeconds: number;
}

export type SessionUse =
  /** Valid, not due for a refresh: the store answers from the row alone, no cookie to set. */
  | "use"
  /** Past its refresh age: better-auth renews it (a write and a Set-Cookie). */
  | "renew"
  /** Expired: better-auth deletes it and clears the cookie. */
  | "expired"
  /** Anything this rule does not cover (a browser-life session): better-auth decides. */
  | "ask";

export function sessionUse(input: {
  expiresAt: Date;
  now: number;
  policy: SessionPolicy;
  /** better-auth's "don't remember" cookie came with the request. */
  browserLifeOnly: boolean;
}): SessionUse {
  const expiresAt = input.expiresAt.getTime();
  if (!Number.isFinite(expiresAt) || expiresAt < input.now) return "expired";
  if (input.browserLifeOnly) return "ask";
  const { expiresInSeconds, updateAgeSeconds } = input.policy;
  if (expiresAt - expiresInSeconds * 1000 + updateAgeSeconds * 1000 <= input.now) return "renew";
  return "use";
}
