import { and, eq, gt } from "drizzle-orm";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { EMAIL_MAX, fieldMessages, PASSWORD_MAX } from "../../domain/account-schemas";
import { messages } from "../../domain/messages";
import { isWeakPassword } from "../../domain/password-strength";
import { safeRedirectPath } from "../../domain/redirects";
import type { Database } from "../db/client";
import { users, verifications } from "../db/schema";
import type { Throttle } from "../limits/throttle";
import type { Logger } from "../logger";
import { addressGroup } from "../net/addresses";

/**
 * The client address as the store saw it on the socket. server/http/client-address.ts sets it
 * on every request (and drops any copy the client sent), so better-auth's rate limiter can
 * trust it.
 */
export const CLIENT_ADDRESS_HEADER = "x-threadline-client-address";

/**
 * Wrong passwords (only those: a right one never counts) before sign-in is refused for the
 * window. Counted per account at one client address, so a stranger guessing someone's password
 * locks out only themselves, and per client address whatever the account, so one address
 * cannot guess its way through many accounts. better-auth's own limiter still caps all
 * attempts per address (AUTH_RATE_LIMIT a minute).
 */
export const SIGN_IN_FAILURE_LIMITS = {
  accountAtAddress: { max: 5, windowMs: 15 * 60_000 },
  address: { max: 50, windowMs: 15 * 60_000 },
} as const;

/**
 * The request's client, as server/http/client-address.ts set it for this request: its address,
 * or its /64 for IPv6 (addressGroup), so a new address of the same network is the same client.
 */
const addressOf = (headers: Headers | undefined) => addressGroup(headers?.get(CLIENT_ADDRESS_HEADER) ?? "unknown");

/** Throttle keys; the e-mail is encoded so that an account's prefix cannot match another's. */
export const signInFailureKeys = {
  accountPrefix: (email: string) => `sign-in-failed:${encodeURIComponent(email)}:`,
  accountAtAddress: (email: string, address: string) => `sign-in-failed:${encodeURIComponent(email)}:${address}`,
  address: (address: string) => `sign-in-failed-from:${address}`,
};

/** The only sign-up fields a caller may send; role, isAdmin, emailVerified, ... are dropped. */
const SIGN_UP_FIELDS = new Set(["name", "email", "password", "callbackURL", "rememberMe"]);

const lower = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : undefined);

function decodeJwtPayload(token: unknown): Record<string, unknown> | null {
  if (typeof token !== "string" || token.length > 4096) return null;
  try {
    return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

function weakPassword(password: unknown, email: string | undefined) {
  if (typeof password !== "string" || password.length < 6 || password.length > PASSWORD_MAX) return;
  if (isWeakPassword(password, email ? [email] : [])) {
    throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_WEAK", message: messages.register.weakPassword });
  }
}

/**
 * The store's rules around better-auth's endpoints: sizes, the documented "Email already exists",
 * weak passwords, the per-account sign-in limit and one-time verification links.
 */
export function createAuthHooks(deps: {
  db: Database;
  throttle: Throttle;
  /** Ids of new accounts whose verification e-mail could not be queued (auth.ts): their sign-up is undone. */
  unqueuedVerifications: Set<string>;
  logger: Logger;
}) {
  const emailTaken = async (email: string) =>
    (await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length > 0;

  const before = createAuthMiddleware(async (ctx) => {
    const body = ctx.body && typeof ctx.body === "object" ? (ctx.body as Record<string, unknown>) : undefined;
    if (body) {
      // A 10 KB e-mail or password is refused up front, before any hashing or lookup.
      if (typeof body.email === "string" && body.email.length > EMAIL_MAX) {
        throw new APIError("BAD_REQUEST", { code: "EMAIL_TOO_LONG", message: fieldMessages.emailTooLong });
      }
      for (const key of ["password", "newPassword", "currentPassword"]) {
        const value = body[key];
        if (typeof value === "string" && value.length > PASSWORD_MAX) {
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_LONG", message: fieldMessages.passwordTooLong });
        }
      }
    }

    switch (ctx.path) {
      case "/sign-up/email": {
        if (!body) return;
        // better-auth validates the body after this hook, so dropping keys here makes it never see them.
        for (const key of Object.keys(body)) if (!SIGN_UP_FIELDS.has(key)) delete body[key];
        const email = lower(body.email);
        if (email && (await emailTaken(email))) {
          throw new APIError("UNPROCESSABLE_ENTITY", {
            code: "USER_ALREADY_EXISTS",
            message: messages.register.emailInUse,
          });
        }
        weakPassword(body.password, email);
        return;
      }
      case "/reset-password":
        weakPassword(body?.newPassword, undefined);
        await unlockForReset(body?.token);
        return;
      case "/change-password":
        weakPassword(body?.newPassword, undefined);
        return;
      case "/sign-in/email": {
        const email = lower(body?.email);
        if (!email) return;
        const address = addressOf(ctx.headers);
        const [atAddress, fromAddress] = await Promise.all([
          deps.throttle.peek(
            signInFailureKeys.accountAtAddress(email, address),
            SIGN_IN_FAILURE_LIMITS.accountAtAddress,
          ),
          deps.throttle.peek(signInFailureKeys.address(address), SIGN_IN_FAILURE_LIMITS.address),
        ]);
        if (!atAddress.allowed || !fromAddress.allowed) {
          throw new APIError("TOO_MANY_REQUESTS", {
            code: "TOO_MANY_ATTEMPTS",
            message: messages.login.tooManyRequests,
          });
        }
        return;
      }
      case "/verify-email": {
        // better-auth's verification token is a signed JWT it would accept again and again;
        // once the address is verified, every link for it is spent.
        const payload = decodeJwtPayload(ctx.query?.token);
        const email = lower(payload?.email);
        if (!email || payload?.updateTo) return;
        const [user] = await deps.db
          .select({ emailVerified: users.emailVerified })
          .from(users)
          .where(eq(users.email, email))
          .limit(1);
        if (!user?.emailVerified) return;
        const callback = ctx.query?.callbackURL;
        if (typeof callback === "string" && safeRedirectPath(callback, "") === callback) {
          throw ctx.redirect(`${callback}${callback.includes("?") ? "&" : "?"}error=LINK_USED`);
        }
        throw new APIError("BAD_REQUEST", {
          code: "LINK_USED",
          message: "This verification link has already been used.",
        });
      }
    }
  });

  /**
   * A valid reset link proves the account's mailbox: its sign-in locks are lifted, so a locked
   * account gets back in with the new password at once. Checked before better-auth consumes it.
   */
  async function unlockForReset(token: unknown) {
    if (typeof token !== "string" || token.length > 200) return;
    const [row] = await deps.db
      .select({ email: users.email })
      .from(verifications)
      .innerJoin(users, eq(users.id, verifications.value))
      .where(and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())))
      .limit(1);
    if (row) await deps.throttle.resetPrefix(signInFailureKeys.accountPrefix(row.email.toLowerCase()));
  }

  /**
   * A sign-up whose verification e-mail could not be queued (the outbox refused the row: a full
   * disk, the database going away) fails as a whole. better-auth has written the account and
   * answers 200 whatever the e-mail did, and nobody could ever verify that account; so it is
   * deleted again (with its password) and the answer is a 503 saying to try again.
   */
  async function undoSignUpWithoutMail(ctx: {
    context: { returned?: unknown; internalAdapter: { deleteUser(userId: string): Promise<unknown> } };
  }) {
    const userId = (ctx.context.returned as { user?: { id?: unknown } } | undefined)?.user?.id;
    if (typeof userId !== "string" || !deps.unqueuedVerifications.delete(userId)) return;
    try {
      await ctx.context.internalAdapter.deleteUser(userId);
      deps.logger.warn({ userId }, "sign-up undone: its verification e-mail could not be queued");
    } catch (err) {
      deps.logger.error({ err, userId }, "sign-up without a queued verification e-mail could not be undone");
    }
    throw new APIError(
      "SERVICE_UNAVAILABLE",
      { code: "VERIFICATION_EMAIL_NOT_QUEUED", message: messages.register.mailNotQueued },
      { "Retry-After": "30" },
    );
  }

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path === "/sign-up/email") return undoSignUpWithoutMail(ctx);
    if (ctx.path !== "/sign-in/email") return;
    const email = lower((ctx.body as Record<string, unknown> | undefined)?.email);
    if (!email) return;
    const address = addressOf(ctx.headers);
    if (ctx.context.newSession) {
      await deps.throttle.reset(signInFailureKeys.accountAtAddress(email, address));
      return;
    }
    // Only a wrong password (or an unknown e-mail, which looks the same) counts against the limits.
    const returned = ctx.context.returned;
    if (isAPIError(returned) && returned.statusCode === 401) {
      await Promise.all([
        deps.throttle.hit(signInFailureKeys.accountAtAddress(email, address), SIGN_IN_FAILURE_LIMITS.accountAtAddress),
        deps.throttle.hit(signInFailureKeys.address(address), SIGN_IN_FAILURE_LIMITS.address),
      ]);
    }
  });

  return { before, after };
}
