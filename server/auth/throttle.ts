import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { authThrottles } from "../db/schema";

/**
 * Fixed-window counters in the database, for limits better-auth's own limiter cannot key
 * (it counts per client address and path; these count per account). One atomic upsert per
 * hit, so concurrent attempts are all counted, across every instance of the store.
 */
export function createThrottle(db: Database) {
  return {
    /** Counts one attempt; true while the count within the window is at most `max`. */
    async hit(key: string, rule: { max: number; windowMs: number }, now = new Date()): Promise<boolean> {
      const windowStart = new Date(now.getTime() - rule.windowMs);
      const [row] = await db
        .insert(authThrottles)
        .values({ key, count: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: authThrottles.key,
          set: {
            count: sql`case when ${authThrottles.windowStartedAt} <= ${windowStart} then 1 else ${authThrottles.count} + 1 end`,
            windowStartedAt: sql`case when ${authThrottles.windowStartedAt} <= ${windowStart} then ${now} else ${authThrottles.windowStartedAt} end`,
          },
        })
        .returning({ count: authThrottles.count });
      return row.count <= rule.max;
    },
    async reset(key: string): Promise<void> {
      await db.delete(authThrottles).where(eq(authThrottles.key, key));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
