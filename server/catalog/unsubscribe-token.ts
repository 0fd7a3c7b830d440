import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The one-click unsubscribe token of the stock-alert e-mails (RFC 8058, docs/decisions/061-stock-alerts.md):
 * `<user id>.<HMAC-SHA256 of it>`, keyed by the store's secret (AUTH_SECRET) through a label of its
 * own, so the token is good for nothing else and needs no session. It never expires: all it can do
 * is cancel its shopper's waiting stock alerts.
 */
const LABEL = "threadline stock-alert unsubscribe v1";
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

function mac(secret: string, userId: string): Buffer {
  const key = createHmac("sha256", secret).update(LABEL).digest();
  return createHmac("sha256", key).update(userId).digest();
}

export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${mac(secret, userId).toString("base64url")}`;
}

/** The user id a token was made for, or null for anything forged, cut or of another store. */
export function readUnsubscribeToken(secret: string, token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const dot = token.lastIndexOf(".");
  const userId = token.slice(0, dot);
  if (dot < 1 || !USER_ID.test(userId)) return null;
  // Compared as written, not decoded: Node's base64 decoding skips characters it does not know and
  // ignores a last character's spare bits, so many spellings decoded to the one MAC (issue 37, T4-11).
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, userId).toString("base64url"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
