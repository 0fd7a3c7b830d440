import { describe, expect, it } from "vitest";
import { nextRetryDelayMs } from "./backoff";

const options = { baseMs: 1000, maxMs: 60_000, maxAttempts: 8 };
const noJitter = () => 0;

describe("nextRetryDelayMs", () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [6, 32_000],
    [7, 60_000],
  ])("after %i failed attempt(s) waits %i ms", (attempts, expected) => {
    expect(nextRetryDelayMs(attempts, options, noJitter)).toBe(expected);
  });

  it("gives up after the last attempt", () => {
    expect(nextRetryDelayMs(8, options, noJitter)).toBeNull();
    expect(nextRetryDelayMs(9, options, noJitter)).toBeNull();
  });

  it("adds at most 20% jitter", () => {
    expect(nextRetryDelayMs(2, options, () => 0.999)).toBe(2400);
    expect(nextRetryDelayMs(2, options, () => 0.5)).toBe(2200);
  });
});

describe("the start-up's wait for its database", () => {
  const startUp = { baseMs: 500, maxMs: 30_000, maxAttempts: Number.POSITIVE_INFINITY };
  it.each([
    [1, 500],
    [2, 1000],
    [3, 2000],
    [7, 30_000],
    [100, 30_000],
  ])("after %i failed attempt(s) waits %i ms, and never gives up", (attempts, expected) => {
    expect(nextRetryDelayMs(attempts, startUp, noJitter)).toBe(expected);
  });
});
