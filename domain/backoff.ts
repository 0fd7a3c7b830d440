/**
 * When to try again after `attempts` failures: exponential backoff (base, 2x base, 4x base, ...)
 * capped, with up to 20% jitter so a server coming back is not hit by every waiting party at
 * once. Returns null once `attempts` reaches `maxAttempts`: given up. Used for a failed e-mail
 * (server/mail/worker.ts) and for a database that does not answer at start-up (server/start.ts).
 */
export function nextRetryDelayMs(
  attempts: number,
  options: { baseMs: number; maxMs: number; maxAttempts: number },
  random: () => number = Math.random,
): number | null {
  if (attempts >= options.maxAttempts) return null;
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (1 + 0.2 * random()));
}
