import { eq } from "drizzle-orm";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { EMAIL_MAX, fieldMessages, PASSWORD_MAX } from "../../domain/account-schemas";
import { messages } from "../../domain/messages";
import { isWeakPassword } from "../../domain/password-strength";
import { safeRedirectPath } from "../../domain/redirects";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import type { Throttle } from "../limits/throttle";

/** Failed-or-not sign-in attempts one account may see before it is locked for the window. */
export const ACCOUNT_SIGN_IN_LIMIT = { max: 5, windowMs: 15 * 60_000 };

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
 * The store's rules around better-auth's endpoints: sizes, the spec's "Email already exists",
 * weak passwords, the per-account sign-in limit and one-time verification links.
 */
export function createAuthHooks(deps: { db: Database; throttle: Throttle }) {
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
          throw new APIError("UNPROCESSABLE_ENTITY", { code: "USER_ALREADY_EXISTS", message: messages.register.emailInUse });
        }
        weakPassword(body.password, email);
        return;
      }
      case "/reset-password":
      case "/change-password":
        weakPassword(body?.newPassword, undefined);
        return;
      case "/sign-in/email": {
        const email = lower(body?.email);
        if (!email) return;
        if (!(await deps.throttle.hit(`sign-in:${email}`, ACCOUNT_SIGN_IN_LIMIT)).allowed) {
          throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_ATTEMPTS", message: messages.login.tooManyRequests });
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
        throw new APIError("BAD_REQUEST", { code: "LINK_USED", message: "This verification link has already been used." });
      }
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path === "/sign-in/email" && ctx.context.newSession) {
      await deps.throttle.reset(`sign-in:${ctx.context.newSession.user.email.toLowerCase()}`);
    }
  });

  return { before, after };
}
