import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./request-context";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests a browser sent on behalf of another site: the Origin must
 * be the store's own (its public address, or the public origin this request was addressed
 * to, see client-address.ts). Browsers send Origin on every POST; without it, Sec-Fetch-Site
 * still tells a cross-site request. A request with neither comes from a non-browser client,
 * which carries no victim's cookies. Paths in `exempt` change nothing a victim owns (browsers
 * send CSP reports with `Origin: null`).
 */
export function originCheck(publicUrl: string, exempt: readonly string[] = []): MiddlewareHandler<AppEnv> {
  const allowed = new URL(publicUrl).origin;
  const skip = new Set(exempt.map((p) => p.toLowerCase()));
  return async (c, next) => {
    if (SAFE.has(c.req.method) || skip.has(c.req.path.toLowerCase())) return next();
    const origin = c.req.header("origin");
    const own = origin !== undefined && (origin === allowed || origin === c.var.client.publicOrigin);
    const crossSite = origin !== undefined ? !own : c.req.header("sec-fetch-site") === "cross-site";
    if (crossSite) {
      c.var.log?.warn({ origin: origin ?? null, path: c.req.path }, "cross-site request refused");
      return c.json({ message: "Cross-site request refused" }, 403);
    }
    await next();
  };
}
