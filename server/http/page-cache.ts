import type { MiddlewareHandler } from "hono";
import { normalisePath } from "./body-limits";

export const PERSONAL = "private, no-store";

/**
 * Pages that are one person's by nature, whoever asks: their own orders, profile, addresses,
 * cart and checkout, the administration, the sandbox payment pages and payment results, and
 * the account pages whose address carries a one-time token (/reset-password, /verify-email,
 * /auth/complete). Written for the normalised path (body-limits.ts), `.data` removed.
 */
const PERSONAL_PATHS: readonly RegExp[] = [
  /^\/(?:orders|profile|addresses|cart|checkout|logout)$/,
  /^\/admin(?:\/.*)?$/,
  /^\/sandbox\/.+$/,
  /^\/(?:payment-success|payment-cancelled)$/,
  /^\/(?:reset-password|verify-email|auth\/complete)$/,
];

/** The page a request is for: `/orders.data` and `/orders` are the same page, `/_root.data` is `/`. */
export function pagePath(path: string): string {
  const normalised = normalisePath(path);
  if (normalised === "/_root.data") return "/";
  return normalised.replace(/\.data$/, "") || "/";
}

/**
 * The Cache-Control a page answer must carry, or null to leave it as the route set it. Every
 * page shows who is signed in (the header's menu), so any answer to a request with cookies,
 * or one that sets a cookie, is personal too; only a visitor's answer of a public page may
 * be kept by a shared cache.
 */
export function pageCacheControl(input: {
  path: string;
  requestHasCookies: boolean;
  responseSetsCookies: boolean;
}): string | null {
  if (input.requestHasCookies || input.responseSetsCookies) return PERSONAL;
  const page = pagePath(input.path);
  return PERSONAL_PATHS.some((pattern) => pattern.test(page)) ? PERSONAL : null;
}

/** Applies pageCacheControl to React Router's answers (documents and `.data` requests alike). */
export function pageCaching(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const value = pageCacheControl({
      path: c.req.path,
      requestHasCookies: Boolean(c.req.header("cookie")),
      responseSetsCookies: c.res.headers.has("set-cookie"),
    });
    if (value) c.res.headers.set("Cache-Control", value);
    // The same address answers differently with and without a session.
    c.res.headers.append("Vary", "Cookie");
  };
}
