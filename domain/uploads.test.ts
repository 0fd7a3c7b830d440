import { describe, expect, it } from "vitest";
import {
  CHUNK_CEILING_BYTES,
  chunkCap,
  chunkSchedule,
  firstChunkSize,
  nextChunkSize,
  uploadFailureOf,
  uploadMessages,
} from "./uploads";

const KB = 1024;
const MB = 1024 * 1024;

describe("chunkCap: doubling from 256 KB, below 32 MB and within the image limit", () => {
  it.each([
    [10 * MB, 8 * MB],
    [8 * MB, 8 * MB],
    [1 * MB, 1 * MB],
    [100 * MB, 16 * MB],
    [256 * KB, 256 * KB],
  ])("an image limit of %i bytes gives %i", (limit, cap) => {
    expect(chunkCap(limit)).toBe(cap);
    expect(chunkCap(limit)).toBeLessThan(CHUNK_CEILING_BYTES);
  });
  it("the store's 10 MB limit gives 8 MB", () => expect(chunkCap()).toBe(8 * MB));
});

describe("chunkSchedule: the brief's chunk rule", () => {
  it.each([
    ["1 byte", 1, [1]],
    ["200 KB: one request", 200 * KB, [200 * KB]],
    ["exactly 256 KB: one request", 256 * KB, [256 * KB]],
    ["256 KB and a byte: two", 256 * KB + 1, [256 * KB, 1]],
    ["1 MB", 1 * MB, [256 * KB, 512 * KB, 256 * KB]],
    ["3 MB", 3 * MB, [256 * KB, 512 * KB, 1 * MB, 1.25 * MB]],
    ["10 MB: doubling up to the 8 MB cap", 10 * MB, [256 * KB, 512 * KB, 1 * MB, 2 * MB, 4 * MB, 2.25 * MB]],
  ])("%s", (_, size, lengths) => {
    expect(chunkSchedule(size)).toEqual(lengths);
    expect(chunkSchedule(size).reduce((a, b) => a + b, 0)).toBe(size);
  });

  it("with a larger limit the chunks keep doubling to 16 MB, never 32 MB", () => {
    const schedule = chunkSchedule(60 * MB, chunkCap(100 * MB));
    expect(schedule.slice(0, 8)).toEqual([256 * KB, 512 * KB, 1 * MB, 2 * MB, 4 * MB, 8 * MB, 16 * MB, 16 * MB]);
    expect(Math.max(...schedule)).toBeLessThan(32 * MB);
  });

  it("first and next chunk sizes", () => {
    expect(firstChunkSize(0)).toBe(1);
    expect(firstChunkSize(100)).toBe(100);
    expect(firstChunkSize(5 * MB)).toBe(256 * KB);
    expect(nextChunkSize(256 * KB)).toBe(512 * KB);
    expect(nextChunkSize(8 * MB)).toBe(8 * MB);
    expect(nextChunkSize(4 * MB, 6 * MB)).toBe(6 * MB);
  });
});

describe("uploadFailureOf: the brief's storage states", () => {
  it.each([
    [401, "unauthenticated"],
    [403, "unauthorized"],
    [404, "not_found"],
    [410, "not_found"],
    [413, "too_large"],
    [0, "retry_limit_exceeded"],
    [503, "retry_limit_exceeded"],
    [423, "retry_limit_exceeded"],
    [415, "refused"],
    [409, "refused"],
  ] as const)("%i is %s", (status, state) => {
    expect(uploadFailureOf(status)).toBe(state);
  });

  it.each([
    ["unauthenticated", "photo.jpg: please log in again to upload pictures."],
    ["too_large", "photo.jpg is larger than 10 MB"],
    ["unauthorized", "photo.jpg: only the administrator may upload pictures."],
    ["not_found", "photo.jpg: the upload is no longer on the server. Please add the picture again."],
    ["canceled", "photo.jpg: upload canceled."],
    [
      "retry_limit_exceeded",
      "photo.jpg: the upload could not be finished because the connection kept failing. Please try again.",
    ],
  ] as const)("%s reads %s", (state, text) => {
    expect(uploadMessages[state]("photo.jpg")).toBe(text);
  });
});
