import { z } from "./zod";
import { isUuid } from "./ids";
import { fitMessages, readFitAnswer } from "./fit";
import { REVIEW_MAX_LENGTH, reviewMessages } from "./review-rules";

export { DEFAULT_RATING, RATINGS, REVIEW_MAX_LENGTH, reviewMessages } from "./review-rules";

/**
 * A rating as a form ("4") or JSON (4) sends it. Strings that are plain numbers are read as
 * numbers so that "3.5" is refused for not being whole, like 3.5; "five" is refused outright.
 */
const ratingField = z.preprocess(
  (value) => (typeof value === "string" && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: reviewMessages.rating })
    .int(reviewMessages.rating)
    .min(1, reviewMessages.rating)
    .max(5, reviewMessages.rating),
);

/** Characters as people count them (an emoji is one), not UTF-16 units. */
const characterCount = (text: string) => [...text].length;

/**
 * Text is trimmed; empty text is valid here and means "nothing to post" (docs/product.md §5:
 * ignored silently), which the caller decides. A missing field counts as empty.
 */
const textField = z
  .string({ error: reviewMessages.text })
  .nullish()
  .transform((text) => (text ?? "").trim())
  .refine((text) => !text.includes("\u0000"), reviewMessages.nul)
  .refine((text) => characterCount(text) <= REVIEW_MAX_LENGTH, reviewMessages.tooLong);

/** The optional fit answer: missing or "" is no answer (null); anything but the three answers is refused. */
const fitField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const fit = readFitAnswer(value);
    if (fit === undefined) {
      ctx.addIssue({ code: "custom", message: fitMessages.invalid });
      return z.NEVER;
    }
    return fit;
  });

/** A new or edited review as a shopper submits it: a rating, a text and an optional fit answer. Who wrote it comes from the session. */
export const reviewInputSchema = z.object({ rating: ratingField, text: textField, fit: fitField });

export type ReviewInput = z.output<typeof reviewInputSchema>;

export const reviewIdSchema = z.string({ error: reviewMessages.reviewId }).refine(isUuid, reviewMessages.reviewId);

/** The first problem, worded for people. */
export function reviewErrorMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? reviewMessages.rating;
}
