import { describe, expect, it } from "vitest";
import {
  clampIndex,
  type GalleryDirection,
  keyDirection,
  nextIndex,
  SWIPE_THRESHOLD_PX,
  swipeDirection,
} from "./gallery";

describe("nextIndex", () => {
  it.each<[number, number, GalleryDirection, number]>([
    [0, 3, "next", 1],
    [1, 3, "next", 2],
    [2, 3, "next", 0],
    [0, 3, "previous", 2],
    [2, 3, "previous", 1],
    [1, 3, "previous", 0],
    [0, 1, "next", 0],
    [0, 1, "previous", 0],
    [0, 0, "next", 0],
    [0, 0, "previous", 0],
    [4, 5, "next", 0],
    [0, 5, "previous", 4],
    // An index left over from a longer image list is brought into range before stepping.
    [7, 3, "next", 0],
    [7, 3, "previous", 1],
    [-2, 3, "next", 1],
  ])("from %i of %i, %s -> %i", (current, count, direction, expected) => {
    expect(nextIndex(current, count, direction)).toBe(expected);
  });

  it("walks all the way round in both directions", () => {
    let forward = 0;
    let backward = 0;
    for (let i = 0; i < 4; i++) {
      forward = nextIndex(forward, 4, "next");
      backward = nextIndex(backward, 4, "previous");
    }
    expect([forward, backward]).toEqual([0, 0]);
  });
});

describe("clampIndex", () => {
  it.each([
    [0, 3, 0],
    [2, 3, 2],
    [3, 3, 2],
    [-1, 3, 0],
    [1.7, 3, 1],
    [Number.NaN, 3, 0],
    [5, 0, 0],
  ])("clampIndex(%s, %i) = %i", (index, count, expected) => {
    expect(clampIndex(index, count)).toBe(expected);
  });
});

describe("swipeDirection", () => {
  it("uses the 40 px threshold of docs/product.md §9 by default", () => {
    expect(SWIPE_THRESHOLD_PX).toBe(40);
  });

  it.each<[number, number, GalleryDirection | null]>([
    [-60, 0, "next"],
    [60, 0, "previous"],
    [-41, 10, "next"],
    [41, -10, "previous"],
    // At or under the threshold nothing happens.
    [-40, 0, null],
    [40, 0, null],
    [-20, 0, null],
    [20, 0, null],
    [0, 0, null],
    // Mostly vertical: the shopper is scrolling.
    [-60, 80, null],
    [60, -60, null],
    [Number.NaN, 0, null],
    [Number.POSITIVE_INFINITY, 0, null],
  ])("dx %s, dy %s -> %s", (dx, dy, expected) => {
    expect(swipeDirection(dx, dy)).toBe(expected);
  });

  it("honours a custom threshold", () => {
    expect(swipeDirection(-30, 0, 20)).toBe("next");
    expect(swipeDirection(-30, 0, 30)).toBeNull();
  });
});

describe("keyDirection", () => {
  it.each([
    ["ArrowRight", "next"],
    ["ArrowLeft", "previous"],
    ["ArrowUp", null],
    ["Enter", null],
    [" ", null],
  ])("%s -> %s", (key, expected) => {
    expect(keyDirection(key)).toBe(expected);
  });
});
