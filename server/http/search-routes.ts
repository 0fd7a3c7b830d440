import { Hono } from "hono";
import { LRUCache } from "lru-cache";
import { normalizeSearch } from "../../domain/listing";
import type { Services } from "../services";
import { failureResponse } from "./failure";
import type { AppEnv } from "./request-context";
import { RateLimitedError } from "../../domain/errors";
import { addressGroup } from "../net/addresses";

/**
 * The search box's suggestions (issue 27, decision 059): GET /api/search/suggest?q=… answers
 * at most six products and three categories, from the catalogue cache. Per client address at
 * most SUGGEST_LIMIT.max a minute on this instance (ten a second: a shopper types a few at most);
 * a longer query is cut to the search's own 100 characters, and an address over 2,000
 * characters is refused.
 */
export const SUGGEST_LIMIT = { max: 600, windowMs: 60_000 } as const;
const MAX_QUERY_STRING = 2000;

export function searchRoutes(services: Pick<Services, "catalog">, limit = SUGGEST_LIMIT) {
  const app = new Hono<AppEnv>();
  // Fixed windows per address, in memory: a suggestion is a read of cached data, and counting it in the database would cost more than answering it.
  const windows = new LRUCache<string, { count: number; startedAt: number }>({ max: 10_000, ttl: limit.windowMs });

  app.get("/suggest", async (c) => {
    try {
      const url = new URL(c.req.url);
      if (url.search.length > MAX_QUERY_STRING) return c.json({ message: "The search is too long." }, 414);
      // Counted per client group: an IPv6 client's whole /64, which it can take a new address from for
      // every request (issue 37, T4-7), as the store's other per-address limits count.
      const address = addressGroup(c.get("client")?.address ?? "unknown");
      const now = Date.now();
      const window = windows.get(address);
      if (window && now - window.startedAt < limit.windowMs) {
        window.count += 1;
        if (window.count > limit.max)
          throw new RateLimitedError(
            "Too many searches. Please wait a moment.",
            Math.ceil((window.startedAt + limit.windowMs - now) / 1000),
          );
      } else windows.set(address, { count: 1, startedAt: now });
      const q = normalizeSearch(url.searchParams.get("q"));
      const found = q ? await services.catalog.suggest(q) : { products: [], categories: [] };
      // The same for everyone, and emptied within half a minute anywhere it is kept.
      c.header("Cache-Control", "public, max-age=30");
      return c.json(found);
    } catch (error) {
      return failureResponse(c, error);
    }
  });
  return app;
}
