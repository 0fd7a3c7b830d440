import { eq, like, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { authThrottles } from "../db/schema";

export interface ThrottleRule {
  max: number;
  windowMs: number;
}

export interface ThrottleVerdict {
  /** hit(): this attempt is within the limit; peek(): one more attempt would be. */
  allowed: boolean;
  /** Attempts counted in the current window. */
  count: number;
  /** When refused: how long until the window ends and attempts count from zero again. */
  retryAfterMs: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Fixed-window counters in the database, for limits better-auth's own limiter cannot key (it
 * counts per client address and path): failed sign-ins per account and address, checkout
 * starts per shopper. One atomic upsert per hit, so concurrent attempts are all counted,
 * across every instance of the store.
 */
export function createThrottle(db: Database) {
  function verdict(
    row: { count: number; windowStartedAt: Date } | undefined,
    rule: ThrottleRule,
    now: Date,
    allowed: (count: number) => boolean,
  ) {
    const live = row && row.windowStartedAt.getTime() > now.getTime() - rule.windowMs ? row : undefined;
    const count = live?.count ?? 0;
    const ok = allowed(count);
    const retryAfterMs = ok || !live ? 0 : Math.max(1, live.windowStartedAt.getTime() + rule.windowMs - now.getTime());
    return { allowed: ok, count, retryAfterMs };
  }

  return {
    /** Counts one attempt. */
    async hit(key: string, rule: ThrottleRule, now = new Date()): Promise<ThrottleVerdict> {
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
        .returning({ count: authThrottles.count, windowStartedAt: authThrottles.windowStartedAt });
      return verdict(row, rule, now, (count) => count <= rule.max);
    },

    /** Reads the count without counting. */
    async peek(key: string, rule: ThrottleRule, now = new Date()): Promise<ThrottleVerdict> {
      const [row] = await db
        .select({ count: authThrottles.count, windowStartedAt: authThrottles.windowStartedAt })
        .from(authThrottles)
        .where(eq(authThrottles.key, key));
      return verdict(row, rule, now, (count) => count < rule.max);
    },

    async reset(key: string): Promise<void> {
      await db.delete(authThrottles).where(eq(authThrottles.key, key));
    },

    /** Forgets every counter whose key starts with `prefix`. */
    async resetPrefix(prefix: string): Promise<void> {
      await db.delete(authThrottles).where(like(authThrottles.key, `${escapeLike(prefix)}%`));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
