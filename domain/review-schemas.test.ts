import { describe, expect, it } from "vitest";
import { fitMessages } from "./fit";
import {
  REVIEW_MAX_LENGTH,
  reviewErrorMessage,
  reviewIdSchema,
  reviewInputSchema,
  reviewMessages,
} from "./review-schemas";

describe("reviewInputSchema", () => {
  it.each<[string, Record<string, unknown>, { rating: number; text: string; fit: string | null }]>([
    ["rating 5 as a number", { rating: 5, text: "Lovely" }, { rating: 5, text: "Lovely", fit: null }],
    ["rating 1 as a form string", { rating: "1", text: "Meh" }, { rating: 1, text: "Meh", fit: null }],
    ["rating with spaces", { rating: " 3 ", text: "Fine" }, { rating: 3, text: "Fine", fit: null }],
    ["text trimmed", { rating: 4, text: "  Soft fabric \n" }, { rating: 4, text: "Soft fabric", fit: null }],
    [
      "inner new lines kept",
      { rating: 4, text: "Line one\nLine two" },
      { rating: 4, text: "Line one\nLine two", fit: null },
    ],
    ["whitespace-only text becomes empty", { rating: 4, text: " \n\t " }, { rating: 4, text: "", fit: null }],
    ["missing text is empty", { rating: 2 }, { rating: 2, text: "", fit: null }],
    ["null text is empty", { rating: 2, text: null }, { rating: 2, text: "", fit: null }],
    [
      "markup is kept as text",
      { rating: 5, text: "<script>alert(1)</script>" },
      { rating: 5, text: "<script>alert(1)</script>", fit: null },
    ],
    [
      "exactly the maximum",
      { rating: 5, text: "a".repeat(REVIEW_MAX_LENGTH) },
      { rating: 5, text: "a".repeat(REVIEW_MAX_LENGTH), fit: null },
    ],
    [
      "emoji count as one character each",
      { rating: 5, text: "👍".repeat(REVIEW_MAX_LENGTH) },
      { rating: 5, text: "👍".repeat(REVIEW_MAX_LENGTH), fit: null },
    ],
    [
      "forged author fields are dropped",
      { rating: 5, text: "Hi", userId: "x", userName: "Admin" },
      { rating: 5, text: "Hi", fit: null },
    ],
    ["a fit answer", { rating: 4, text: "", fit: "runs_small" }, { rating: 4, text: "", fit: "runs_small" }],
    ["true to size", { rating: 4, text: "", fit: "true_to_size" }, { rating: 4, text: "", fit: "true_to_size" }],
    ["runs large", { rating: 4, text: "", fit: "runs_large" }, { rating: 4, text: "", fit: "runs_large" }],
    ["an empty fit answer is no answer", { rating: 4, text: "", fit: "" }, { rating: 4, text: "", fit: null }],
    ["a null fit answer is no answer", { rating: 4, text: "", fit: null }, { rating: 4, text: "", fit: null }],
  ])("accepts %s", (_name, input, expected) => {
    expect(reviewInputSchema.parse(input)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["rating 0", { rating: 0, text: "x" }, reviewMessages.rating],
    ["rating 6", { rating: 6, text: "x" }, reviewMessages.rating],
    ["rating -1", { rating: -1, text: "x" }, reviewMessages.rating],
    ["rating 3.5", { rating: 3.5, text: "x" }, reviewMessages.rating],
    ['rating "3.5"', { rating: "3.5", text: "x" }, reviewMessages.rating],
    ['rating "five"', { rating: "five", text: "x" }, reviewMessages.rating],
    ['rating ""', { rating: "", text: "x" }, reviewMessages.rating],
    ["rating missing", { text: "x" }, reviewMessages.rating],
    ["rating NaN", { rating: Number.NaN, text: "x" }, reviewMessages.rating],
    ["rating true", { rating: true, text: "x" }, reviewMessages.rating],
    ["text a number", { rating: 5, text: 42 }, reviewMessages.text],
    ["text a list", { rating: 5, text: ["a"] }, reviewMessages.text],
    ["text one over the maximum", { rating: 5, text: "a".repeat(REVIEW_MAX_LENGTH + 1) }, reviewMessages.tooLong],
    ["text with a NUL", { rating: 5, text: "a\u0000b" }, reviewMessages.nul],
    ["a fit answer not on the list", { rating: 5, text: "x", fit: "tight" }, fitMessages.invalid],
    ["a fit answer as a number", { rating: 5, text: "x", fit: 1 }, fitMessages.invalid],
  ])("refuses %s with a clear message", (_name, input, message) => {
    const result = reviewInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(reviewErrorMessage(result.error)).toBe(message);
  });

  it("says how long a review may be", () => {
    expect(reviewMessages.tooLong).toBe("Reviews can be at most 2000 characters long");
  });
});

describe("reviewIdSchema", () => {
  it("accepts a UUID and refuses anything else", () => {
    expect(reviewIdSchema.safeParse("11111111-1111-4111-8111-111111111111").success).toBe(true);
    for (const bad of ["", "1", "' or 1=1 --", null, 7]) expect(reviewIdSchema.safeParse(bad).success).toBe(false);
  });
});
