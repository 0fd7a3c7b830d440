import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { SessionPolicy } from "../../domain/session-use";
import { accounts, rateLimits, sessions, users, verifications } from "../db/schema";
import type { Logger } from "../logger";
import type { MailService } from "../mail/service";
import { accountFirstName, passwordResetEmail, verificationEmail } from "./emails";
import { CLIENT_ADDRESS_HEADER, createAuthHooks } from "./hooks";
import { authLogLevel } from "./log-level";
import { currentRequest } from "../request-scope";
import { createThrottle } from "../limits/throttle";

/** Defined beside the hooks that read it (server/auth/hooks.ts); exported here for the HTTP layer. */
export { CLIENT_ADDRESS_HEADER };

export const AUTH_BASE_PATH = "/api/auth";
const VERIFY_EMAIL_VALID_S = 24 * 3600;
const RESET_PASSWORD_VALID_S = 3600;
const DAY_S = 24 * 3600;

export interface AuthOptions {
  /** Per-address limits of better-auth's limiter, seconds and requests (tests tighten them). */
  signInRateLimit?: { window: number; max: number };
  /**
   * Hands each password-reset link to this function instead of e-mailing it: the command line's
   * create-admin and reset-password print it (server/auth/admin-account.ts).
   */
  deliverResetLink?: (link: { email: string; url: string }) => void;
}

export interface AuthDeps {
  db: Database;
  config: Config;
  mail: MailService;
  logger: Logger;
  /** Called once a session row is gone (sign-out, revoked by a password reset): live streams opened with it close. */
  onSessionEnded?: (ended: { userId: string; sessionId: string }) => void;
}

/** How long a session lasts and when better-auth renews it; the store's own session read (session-reader.ts) follows the same. */
export const SESSION_POLICY: SessionPolicy = { expiresInSeconds: 30 * DAY_S, updateAgeSeconds: DAY_S };
/** better-auth's cookies are `threadline.session_token` and so on (`__Secure-` first on https). */
export const COOKIE_PREFIX = "threadline";

export function createAuth(deps: AuthDeps, options: AuthOptions = {}) {
  const { config, mail } = deps;
  const log = deps.logger.child({ component: "auth" });
  const secure = config.publicUrl.startsWith("https://");
  const throttle = createThrottle(deps.db);
  // Accounts whose verification e-mail could not be queued: the sign-up hook removes them again (hooks.ts).
  const unqueuedVerifications = new Set<string>();
  const hooks = createAuthHooks({ db: deps.db, throttle, unqueuedVerifications, logger: log });
  // Per client address; the per-account limit (hooks.ts) is the tighter one for a single account.
  const signInLimit = options.signInRateLimit ?? { window: 60, max: config.authRateLimit };

  return betterAuth({
    appName: "Threadline",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [new URL(config.publicUrl).origin],
    database: drizzleAdapter(deps.db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: {
        // Sign-up cannot set them (the sign-up hook keeps only known fields); Google fills the
        // names from its profile; the profile page changes them through the accounts service.
        firstName: { type: "string", required: false },
        lastName: { type: "string", required: false },
        phone: { type: "string", required: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_VALID_S,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        if (options.deliverResetLink) return options.deliverResetLink({ email: user.email, url });
        await mail.enqueue(passwordResetEmail(user.email, url, RESET_PASSWORD_VALID_S / 60, accountFirstName(user)));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_VALID_S,
      sendVerificationEmail: async ({ user, url }) => {
        try {
          await mail.enqueue(verificationEmail(user.email, url, VERIFY_EMAIL_VALID_S / 3600, accountFirstName(user)));
        } catch (error) {
          // better-auth logs a failure here and still answers the sign-up 200: the hook turns it into a refusal.
          unqueuedVerifications.add(user.id);
          throw error;
        }
      },
    },
    session: {
      expiresIn: SESSION_POLICY.expiresInSeconds,
      updateAge: SESSION_POLICY.updateAgeSeconds,
      // Every request asks the database, so signing out or an expired session takes effect at once.
      cookieCache: { enabled: false },
    },
    account: {
      accountLinking: {
        enabled: true,
        // Google links to an existing account only when it says the e-mail is verified
        // (and that account's own address is verified): never on Google's name alone.
        trustedProviders: [],
        requireLocalEmailVerified: true,
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 120,
      customRules: {
        "/sign-in/email": signInLimit,
        "/sign-up/email": { window: 60, max: config.authRateLimit },
        "/request-password-reset": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 5 },
      },
    },
    // The profile has its own service; e-mail is fixed; accounts are not deleted from here.
    disabledPaths: ["/update-user", "/change-email", "/delete-user", "/link-social", "/unlink-account"],
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    hooks,
    databaseHooks: {
      // Every way a session row goes (sign-out, revoke, password reset) passes here, after its commit.
      session: {
        delete: {
          after: async (session) => {
            deps.onSessionEnded?.({ userId: session.userId, sessionId: session.id });
          },
        },
      },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: "google",
                name: "Google",
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: `${config.google.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
                scopes: ["openid", "email", "profile"],
                pkce: true,
                // Signature, issuer, audience and expiry of the ID token are checked against discovery.
                requireIdTokenVerification: true,
                requireEmailVerification: true,
                mapProfileToUser: (profile) => ({
                  name: typeof profile.name === "string" ? profile.name : "",
                  firstName: typeof profile.given_name === "string" ? profile.given_name.slice(0, 50) : undefined,
                  lastName: typeof profile.family_name === "string" ? profile.family_name.slice(0, 50) : undefined,
                }),
              },
            ],
          }),
        ]
      : [],
    logger: {
      level: "warn",
      // Refusals are the visitor's, not the store's: warn or info, not error (log-level.ts).
      log: (level, message, ...args) => {
        const detail = args.length ? { detail: args.map((a) => (a instanceof Error ? a.message : a)) } : {};
        log[authLogLevel(level, message, args, currentRequest() !== undefined)](detail, message);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
