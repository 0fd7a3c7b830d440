/**
 * When to try a failed e-mail again: exponential backoff (base, 2x base, 4x base, ...) capped,
 * with up to 20% jitter so a mail server coming back is not hit by every message at once.
 * Returns null once `attempts` reaches `maxAttempts`: the message is given up on.
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
