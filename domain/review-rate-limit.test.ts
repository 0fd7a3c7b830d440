import { describe, expect, it } from "vitest";
import {
  REVIEW_EDIT_LIMIT,
  REVIEW_RATE_LIMIT,
  reviewEditLimitMessage,
  reviewRateDecision,
  reviewRateLimitMessage,
} from "./review-rate-limit";

const NOW = new Date("2026-05-01T12:00:00Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

describe("reviewRateDecision (5 reviews per 10 minutes)", () => {
  it.each<[string, Date[], ReturnType<typeof reviewRateDecision>]>([
    ["no earlier reviews", [], { allowed: true }],
    ["four in the window", [1, 2, 3, 4].map(minutesAgo), { allowed: true }],
    ["five, all older than the window", [11, 12, 13, 14, 15].map(minutesAgo), { allowed: true }],
    ["five, one exactly at the window's edge", [10, 1, 2, 3, 4].map(minutesAgo), { allowed: true }],
    [
      "five in the window: wait for the oldest to leave",
      [9, 1, 2, 3, 4].map(minutesAgo),
      { allowed: false, retryAfterSeconds: 60 },
    ],
    ["five just now", [0, 0, 0, 0, 0].map(minutesAgo), { allowed: false, retryAfterSeconds: 600 }],
    [
      "six in the window: the fifth newest decides",
      [8, 7, 1, 1, 1, 1].map(minutesAgo),
      { allowed: false, retryAfterSeconds: 180 },
    ],
    ["old ones do not count", [30, 20, 9, 1, 2, 3].map(minutesAgo), { allowed: true }],
    [
      "a post dated after now still counts",
      [-5, 1, 2, 3, 4].map(minutesAgo),
      { allowed: false, retryAfterSeconds: 360 },
    ],
    ["four dated after now leave room for one", [-1, -1, -1, -1].map(minutesAgo), { allowed: true }],
  ])("%s", (_name, postedAt, expected) => {
    expect(reviewRateDecision(postedAt, NOW)).toEqual(expected);
  });

  it("retries after at least one second", () => {
    const justInside = new Date(NOW.getTime() - REVIEW_RATE_LIMIT.windowMs + 1);
    expect(reviewRateDecision([justInside, NOW, NOW, NOW, NOW], NOW)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("takes another limit", () => {
    expect(reviewRateDecision([minutesAgo(0)], NOW, { max: 1, windowMs: 60_000 })).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
  });
});

describe("reviewRateLimitMessage", () => {
  it.each([
    [1, "You can post at most 5 reviews in 10 minutes. Please try again in 1 minute."],
    [60, "You can post at most 5 reviews in 10 minutes. Please try again in 1 minute."],
    [61, "You can post at most 5 reviews in 10 minutes. Please try again in 2 minutes."],
    [600, "You can post at most 5 reviews in 10 minutes. Please try again in 10 minutes."],
  ])("%i s", (seconds, text) => {
    expect(reviewRateLimitMessage(seconds)).toBe(text);
  });
});

describe("reviewEditLimitMessage", () => {
  it.each([
    [REVIEW_EDIT_LIMIT, "You can edit reviews at most 10 times in 10 minutes. Please try again later."],
    [{ max: 3, windowMs: 60_000 }, "You can edit reviews at most 3 times in 1 minute. Please try again later."],
  ])("%j", (limit, text) => {
    expect(reviewEditLimitMessage(limit)).toBe(text);
  });
});
