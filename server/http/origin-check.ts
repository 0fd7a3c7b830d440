import type { MiddlewareHandler } from "hono";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests a browser sent on behalf of another site: the Origin must
 * be the store's own (its public address, or the address the request came to). Browsers
 * send Origin on every POST; without it, Sec-Fetch-Site still tells a cross-site request.
 * A request with neither comes from a non-browser client, which carries no victim's cookies.
 */
export function originCheck(publicUrl: string): MiddlewareHandler {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const own = origin !== undefined && (origin === allowed || origin === new URL(c.req.url).origin);
    const crossSite = origin !== undefined ? !own : c.req.header("sec-fetch-site") === "cross-site";
    if (crossSite) {
      c.var.log?.warn({ origin: origin ?? null, path: c.req.path }, "cross-site request refused");
      return c.json({ message: "Cross-site request refused" }, 403);
    }
    await next();
  };
}
