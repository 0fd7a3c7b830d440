import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import type { ServerBuild } from "react-router";

/**
 * The route a request is counted under in /metrics (docs/decisions/042-metrics.md): its route
 * template, never the raw path, so the number of label values stays that of the routes. An
 * endpoint of the Hono app is counted under the path it was registered with (`/api/cart/quote`,
 * `/media/*`); a page under its React Router pattern (`/product/:id`, `/:page`, `/*`), its
 * loaders' `.data` request under the same plus `.data`.
 */

/** The label of a request no route knows (an app without pages). */
export const UNMATCHED_ROUTE = "(unmatched)";

/** What of a React Router build (ServerBuild) the labels need: each route's id, parent, path and whether it is an index. */
interface Manifest {
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean } | undefined>;
  routeDiscovery?: ServerBuild["routeDiscovery"];
}

interface Pattern {
  path: string;
  score: number;
  order: number;
}

/** React Router's ranking of a route pattern (its computeScore): static segments above dynamic ones, a splat last. */
function scoreOf(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

/** Every route's whole pattern (its parents' paths joined with its own), ranked as React Router ranks them. */
function patternsOf(routes: Manifest["routes"]): Pattern[] {
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
  };
  return Object.values(routes)
    .filter((route) => route && (route.index || route.path))
    .map((route, order) => {
      const path = fullPath(route!.id) || "/";
      return { path, score: scoreOf(path, Boolean(route!.index)), order };
    });
}

export interface PageRouteLabels {
  /** Learns the routes of a build (again when the dev server rebuilt; the same routes object costs nothing). */
  use(build: Manifest): void;
  /** The label of a page request's path (`c.req.path`). */
  label(pathname: string): string;
}

/**
 * Matches paths to React Router's patterns with Hono's own router (one regular expression for
 * them all, built once per build) instead of react-router's matchRoutes, which ranks every route
 * again on each call (about a millisecond here).
 */
export function createPageRouteLabels(): PageRouteLabels {
  let known: Manifest["routes"] | undefined;
  let router: SmartRouter<Pattern> | undefined;
  let manifestPath = "/__manifest";

  function pattern(pathname: string): string {
    if (!router) return UNMATCHED_ROUTE;
    const [matches] = router.match("GET", pathname);
    let best: Pattern | undefined;
    for (const [candidate] of matches) {
      if (!best || candidate.score > best.score || (candidate.score === best.score && candidate.order < best.order))
        best = candidate;
    }
    return best?.path ?? UNMATCHED_ROUTE;
  }

  return {
    use(build) {
      if (build.routes === known) return;
      known = build.routes;
      manifestPath = build.routeDiscovery?.manifestPath ?? manifestPath;
      const next = new SmartRouter<Pattern>({ routers: [new RegExpRouter(), new TrieRouter()] });
      for (const entry of patternsOf(build.routes)) next.add("GET", entry.path, entry);
      router = next;
    },
    label(pathname) {
      if (pathname === manifestPath) return manifestPath;
      // React Router's single-fetch requests: `/_root.data` for `/`, `{path}.data` for the rest.
      if (pathname === "/_root.data") return router ? pathname : UNMATCHED_ROUTE;
      const data = pathname.endsWith(".data");
      let page = data ? pathname.slice(0, -".data".length) : pathname;
      if (page.length > 1 && page.endsWith("/")) page = page.slice(0, -1);
      const found = pattern(page || "/");
      return data && found !== UNMATCHED_ROUTE ? `${found}.data` : found;
    },
  };
}

const isCatchAll = (path: string) => path === "*" || path === "/*";

/**
 * The label of an answered request: the Hono route that answered it when that route has a path
 * of its own; else the first such route that matched (the one a middleware answered for, with a
 * 403 or a 413); else, for the pages' catch-all, the React Router pattern of the path.
 */
export function routeLabelOf(c: Context, pages: PageRouteLabels): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex]?.path;
  if (answered !== undefined && !isCatchAll(answered)) return answered;
  for (const route of routes) if (!isCatchAll(route.path)) return route.path;
  return pages.label(c.req.path);
}
