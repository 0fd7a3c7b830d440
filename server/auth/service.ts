import { redirect, replace } from "react-router";
import { loginPathFor, safeRedirectPath } from "../../domain/redirects";
import {
  AUTH_BASE_PATH,
  type AuthDeps,
  type AuthOptions,
  CLIENT_ADDRESS_HEADER,
  COOKIE_PREFIX,
  createAuth,
  SESSION_POLICY,
} from "./auth";
import { createSessionReader } from "./session-reader";
import type { VariantChoice } from "../../domain/variants";
import { messageForAuthError } from "./messages";
import { noteAccount } from "../request-scope";

/** Who is signed in, as pages may see it: no tokens, no hashes. */
export interface Viewer {
  id: string;
  email: string;
  firstName?: string;
  emailVerified: boolean;
  isAdmin: boolean;
}

export interface AuthOutcome {
  ok: boolean;
  status: number;
  /** better-auth's error code, when it refused. */
  code?: string;
  /** The text to show (docs/product.md §8), when it refused. */
  message?: string;
  /** Set-Cookie values to pass on to the browser (session, OAuth state). */
  cookies: string[];
  data: Record<string, unknown> | null;
}

/** Request headers an internal call carries over from the page request. */
const CARRIED = ["cookie", "user-agent", CLIENT_ADDRESS_HEADER];

/**
 * Accounts for the rest of the store: the session of a request, the guards, and the
 * sign-up/sign-in/reset steps the pages perform. The pages go through better-auth's own
 * HTTP handler, so they get exactly what /api/auth/* gives: its rate limiter, the store's
 * hooks and its cookies.
 */
export function createAuthService(deps: AuthDeps, options: AuthOptions = {}) {
  const auth = createAuth(deps, options);
  const { config } = deps;
  const origin = new URL(config.publicUrl).origin;
  const reader = createSessionReader({
    db: deps.db,
    secret: config.authSecret,
    cookiePrefix: COOKIE_PREFIX,
    secure: config.publicUrl.startsWith("https://"),
    policy: SESSION_POLICY,
  });

  const toViewer = (user: {
    id: string;
    email: string;
    emailVerified: boolean;
    firstName?: string | null;
  }): Viewer => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName || undefined,
    emailVerified: user.emailVerified,
    isAdmin: user.emailVerified && user.email.toLowerCase() === config.adminEmail,
  });

  async function call(request: Request, path: string, body?: Record<string, unknown>): Promise<AuthOutcome> {
    const headers = new Headers();
    for (const name of CARRIED) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    // The page request already passed the store's origin check (server/http/origin-check.ts).
    headers.set("origin", origin);
    if (body) headers.set("content-type", "application/json");
    const response = await auth.handler(
      new Request(`${config.publicUrl}${AUTH_BASE_PATH}${path}`, {
        method: body ? "POST" : "GET",
        headers,
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    let data: Record<string, unknown> | null = null;
    try {
      data = (await response.json()) as Record<string, unknown>;
    } catch {
      data = null;
    }
    const code = typeof data?.code === "string" ? data.code : undefined;
    return {
      ok: response.ok,
      status: response.status,
      code,
      message: response.ok
        ? undefined
        : messageForAuthError(response.status, code, data?.message as string | undefined),
      cookies: response.headers.getSetCookie(),
      data,
    };
  }

  async function session(
    request: Request,
  ): Promise<{ viewer: Viewer | null; sessionId: string | null; cookies: string[] }> {
    const read = await reader.read(request.headers.get("cookie"));
    if (read.kind === "none") return { viewer: null, sessionId: null, cookies: [] };
    if (read.kind === "account") {
      const viewer = toViewer(read.account.user);
      noteAccount(viewer.id);
      return { viewer, sessionId: read.account.sessionId, cookies: [] };
    }
    // Whatever writes (a refresh, an expired or unknown session's cookie cleared): better-auth's own path.
    const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
    const viewer = response?.user ? toViewer(response.user) : null;
    // The account acting in this request, for the log lines of what it does (server/request-scope.ts).
    if (viewer) noteAccount(viewer.id);
    return { viewer, sessionId: viewer ? (response?.session.id ?? null) : null, cookies: headers.getSetCookie() };
  }

  /**
   * The viewer of a Cookie header when the store's own session read can answer it alone (a valid
   * session not due for renewal), else null: the caller then lets the app ask (server/http/fast-lane.ts).
   * With `waitingFor` (a product's id), also the sizes of it the viewer waits for, in the same query.
   */
  async function viewerFromCookie(
    cookieHeader: string,
    waitingFor?: string,
  ): Promise<{ viewer: Viewer; waiting: VariantChoice[] } | null> {
    const read = await reader.read(cookieHeader, waitingFor);
    return read.kind === "account"
      ? { viewer: toViewer(read.account.user), waiting: read.account.waiting ?? [] }
      : null;
  }

  async function viewer(request: Request): Promise<Viewer | null> {
    return (await session(request)).viewer;
  }

  return {
    /** better-auth's HTTP handler, mounted at /api/auth/*. */
    handler: (request: Request) => auth.handler(request),
    session,
    viewer,
    viewerFromCookie,

    /** The signed-in user, or (thrown) a redirect to /login that comes back here afterwards. */
    async requireUser(request: Request): Promise<Viewer> {
      const current = await viewer(request);
      if (current) return current;
      const url = new URL(request.url);
      throw redirect(loginPathFor(url.pathname + url.search));
    },

    /**
     * The administrator, or (thrown) for pages a redirect to / that replaces the history
     * entry, for endpoints a 403.
     */
    async requireAdmin(request: Request, kind: "page" | "endpoint" = "page"): Promise<Viewer> {
      const current = await viewer(request);
      if (current?.isAdmin) return current;
      if (kind === "endpoint") {
        throw Response.json({ message: current ? "Forbidden" : "Sign in required" }, { status: current ? 403 : 401 });
      }
      throw replace("/");
    },

    signUp: (request: Request, input: { email: string; password: string }) =>
      call(request, "/sign-up/email", {
        name: "",
        email: input.email,
        password: input.password,
        callbackURL: "/verify-email",
      }),

    signIn: (request: Request, input: { email: string; password: string }) =>
      call(request, "/sign-in/email", { email: input.email, password: input.password, rememberMe: true }),

    signOut: (request: Request) => call(request, "/sign-out", {}),

    resendVerification: (request: Request, email: string) =>
      call(request, "/send-verification-email", { email, callbackURL: "/verify-email" }),

    requestPasswordReset: (request: Request, email: string) =>
      call(request, "/request-password-reset", { email, redirectTo: "/reset-password" }),

    resetPassword: (request: Request, input: { token: string; password: string }) =>
      call(request, "/reset-password", { token: input.token, newPassword: input.password }),

    /** Starts Google sign-in; on success the outcome's data.url is where to send the browser. */
    startGoogle(request: Request, redirectTo: string) {
      const back = encodeURIComponent(safeRedirectPath(redirectTo));
      return call(request, "/sign-in/social", {
        provider: "google",
        callbackURL: `/auth/complete?redirectTo=${back}`,
        newUserCallbackURL: `/auth/complete?redirectTo=${back}`,
        errorCallbackURL: `/login?redirectTo=${back}`,
        disableRedirect: true,
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
