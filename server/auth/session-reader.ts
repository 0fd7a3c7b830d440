import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { type SessionPolicy, sessionUse } from "../../domain/session-use";
import { choicePart } from "../../domain/stock-alerts";
import type { VariantChoice } from "../../domain/variants";
import type { Database } from "../db/client";
import { sessions, stockAlerts, users } from "../db/schema";

/**
 * The store's own read of a request's session (docs/decisions/064-the-signed-in-path.md): the
 * signed cookie checked with node:crypto and the session with its account read in one prepared
 * query, on every request, so a session that ends (sign-out, sign-out everywhere, a password
 * reset, an expiry) ends access at once on every instance, as before. It only reads: whenever
 * better-auth would write (a refresh, an expired row, an unknown token and the cookie cleared)
 * or the request carries anything this reader does not handle, it answers "ask" and the caller
 * asks better-auth, which stays the one writer of sessions and cookies.
 */
export interface SessionAccount {
  sessionId: string;
  user: { id: string; email: string; emailVerified: boolean; firstName: string | null };
  /** With `waitingFor`: the sizes and colours of that product the account waits for (stock alerts not yet sent). */
  waiting?: VariantChoice[];
}

export type SessionRead = { kind: "account"; account: SessionAccount } | { kind: "none" } | { kind: "ask" };

/** Cookies as better-call reads them: the first of a name wins, quotes dropped, percent-decoding tried. */
export function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (!name || cookies.has(name)) continue;
    let value = pair.slice(at + 1).trim();
    if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
    try {
      value = value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      // kept as sent, as better-call does
    }
    cookies.set(name, value);
  }
  return cookies;
}

/**
 * The token of a signed cookie value (`token.signature`, the signature the base64 HMAC-SHA256 of
 * the token under the secret, as better-call signs it), or null when the signature is not right.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  // Compared as bytes: 44 characters of a cookie are more than 44 bytes when any is not ASCII, and
  // timingSafeEqual throws on buffers of different lengths (issue 37, T4-2: one such cookie was a 500).
  const sent = Buffer.from(signature);
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? token : null;
}

export function createSessionReader(deps: {
  db: Database;
  secret: string;
  /** The cookies' prefix as better-auth names them ("threadline"), and whether they carry `__Secure-`. */
  cookiePrefix: string;
  secure: boolean;
  policy: SessionPolicy;
  now?: () => number;
}) {
  const prefix = `${deps.secure ? "__Secure-" : ""}${deps.cookiePrefix}.`;
  const tokenCookie = `${prefix}session_token`;
  const now = deps.now ?? Date.now;
  // One round trip, planned once per connection (a named prepared statement).
  const columns = {
    sessionId: sessions.id,
    expiresAt: sessions.expiresAt,
    userId: users.id,
    email: users.email,
    emailVerified: users.emailVerified,
    firstName: users.firstName,
  };
  const byToken = deps.db
    .select(columns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("threadline_session_by_token");
  // The same, with a product page's personal part in the same round trip: the stock alerts
  // (server/catalog/stock-alerts.ts writes them; its waitingFor reads the same rows) still waiting.
  const byTokenWithWaiting = deps.db
    .select({
      ...columns,
      waiting: sql<
        [string, string][]
      >`(select coalesce(json_agg(json_build_array(${stockAlerts.size}, ${stockAlerts.color})), '[]'::json)
        from ${stockAlerts} where ${stockAlerts.userId} = ${sessions.userId}
        and ${stockAlerts.productId} = ${sql.placeholder("productId")} and ${stockAlerts.notifiedAt} is null)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("threadline_session_by_token_waiting");

  return {
    /** With `waitingFor` (a product's id, a UUID): also what of it the account waits for. */
    async read(cookieHeader: string | null | undefined, waitingFor?: string): Promise<SessionRead> {
      if (!cookieHeader) return { kind: "none" };
      const cookies = parseCookieHeader(cookieHeader);
      let browserLifeOnly = false;
      for (const name of cookies.keys()) {
        if (name === tokenCookie || !name.includes(`${deps.cookiePrefix}.`)) continue;
        // better-auth's "don't remember" cookie: read only for the rule below; any other of its
        // cookies (a cached session, OAuth state) is better-auth's to handle or clear.
        if (name === `${prefix}dont_remember`) browserLifeOnly = true;
        else return { kind: "ask" };
      }
      const value = cookies.get(tokenCookie);
      if (!value) return browserLifeOnly ? { kind: "ask" } : { kind: "none" };
      const token = verifiedToken(value, deps.secret);
      // A forged or damaged cookie: better-auth reads no session from it either, and sets nothing.
      if (!token) return { kind: "none" };
      const [row] = waitingFor
        ? await byTokenWithWaiting.execute({ token, productId: waitingFor })
        : await byToken.execute({ token });
      if (!row) return { kind: "ask" };
      if (sessionUse({ expiresAt: row.expiresAt, now: now(), policy: deps.policy, browserLifeOnly }) !== "use")
        return { kind: "ask" };
      return {
        kind: "account",
        account: {
          sessionId: row.sessionId,
          user: { id: row.userId, email: row.email, emailVerified: row.emailVerified, firstName: row.firstName },
          ...("waiting" in row
            ? {
                waiting: (row.waiting as [string, string][]).map(([size, color]) => ({
                  size: choicePart(size),
                  color: choicePart(color),
                })),
              }
            : {}),
        },
      };
    },
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
