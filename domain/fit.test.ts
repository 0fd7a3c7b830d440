import { describe, expect, it } from "vitest";
import { type FitCounts, fitSummary, readFitAnswer } from "./fit";

const counts = (runs_small: number, true_to_size: number, runs_large: number): FitCounts => ({
  runs_small,
  true_to_size,
  runs_large,
});

describe("fitSummary", () => {
  it.each([
    [counts(0, 0, 0), null],
    [counts(1, 1, 0), null],
    [counts(0, 2, 0), null],
    [counts(0, 3, 0), "Most say: true to size, 3 answers"],
    [counts(2, 9, 1), "Most say: true to size, 12 answers"],
    [counts(5, 1, 1), "Most say: runs small, 7 answers"],
    [counts(0, 1, 2), "Most say: runs large, 3 answers"],
    // Ties for most: no answer is picked over another.
    [counts(3, 3, 0), "Split: runs small or true to size, 6 answers"],
    [counts(2, 0, 2), "Split: runs small or runs large, 4 answers"],
    [counts(0, 2, 2), "Split: true to size or runs large, 4 answers"],
    [counts(1, 1, 1), "Split: runs small, true to size or runs large, 3 answers"],
    // A tie below the most does not matter.
    [counts(1, 4, 1), "Most say: true to size, 6 answers"],
  ])("%o → %s", (input, text) => {
    expect(fitSummary(input)?.text ?? null).toBe(text);
  });

  it("names the leading answers and the total", () => {
    expect(fitSummary(counts(3, 3, 1))).toEqual({
      text: "Split: runs small or true to size, 7 answers",
      total: 7,
      leading: ["runs_small", "true_to_size"],
    });
  });
});

describe("readFitAnswer", () => {
  it.each([
    [undefined, null],
    [null, null],
    ["", null],
    ["runs_small", "runs_small"],
    ["true_to_size", "true_to_size"],
    ["runs_large", "runs_large"],
    ["Runs small", undefined],
    ["small", undefined],
    [1, undefined],
    [["true_to_size"], undefined],
  ])("%o → %o", (input, expected) => {
    expect(readFitAnswer(input)).toBe(expected);
  });
});
