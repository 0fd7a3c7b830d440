/** At most this many reviews per shopper in a sliding window: enough for honest use, useless for flooding. */
export const REVIEW_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Whether one more review may be posted now, given when the shopper's earlier reviews were
 * posted. When not, how long until the oldest review in the window leaves it.
 */
export function reviewRateDecision(
  postedAt: readonly Date[],
  now: Date,
  limit: { max: number; windowMs: number } = REVIEW_RATE_LIMIT,
): RateDecision {
  const windowStart = now.getTime() - limit.windowMs;
  const inWindow = postedAt
    .map((d) => d.getTime())
    // A post dated after `now` still counts: the database dated it so (a post that took the
    // shopper's lock first, or a clock stepped back), and leaving it out would let a burst through.
    .filter((t) => t > windowStart)
    .sort((a, b) => a - b);
  if (inWindow.length < limit.max) return { allowed: true };
  // The (max)-th newest must leave the window before another fits.
  const leaving = inWindow[inWindow.length - limit.max];
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((leaving + limit.windowMs - now.getTime()) / 1000)),
  };
}

export function reviewRateLimitMessage(
  retryAfterSeconds: number,
  limit: { max: number; windowMs: number } = REVIEW_RATE_LIMIT,
): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const windowMinutes = Math.round(limit.windowMs / 60_000);
  return `You can post at most ${limit.max} reviews in ${windowMinutes} minutes. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * Edits have a limit of their own (an edit writes no new row for the window above to count):
 * enough to fix a typo a few times, too few to flood every open product page with notices.
 */
export const REVIEW_EDIT_LIMIT = { max: 10, windowMs: 10 * 60_000 } as const;

export function reviewEditLimitMessage(limit: { max: number; windowMs: number } = REVIEW_EDIT_LIMIT): string {
  const windowMinutes = Math.round(limit.windowMs / 60_000);
  return `You can edit reviews at most ${limit.max} times in ${windowMinutes} ${windowMinutes === 1 ? "minute" : "minutes"}. Please try again later.`;
}
