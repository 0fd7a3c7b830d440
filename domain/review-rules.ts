/**
 * A review's limits and texts, without a schema library: the product page shows them and
 * says them without downloading zod (docs/decisions/025-what-the-browser-loads-when.md); the
 * schemas that enforce them are domain/review-schemas.ts.
 */

/** Long enough for a thorough review, short enough that one cannot fill the page or the database. */
export const REVIEW_MAX_LENGTH = 2000;
export const RATINGS = [5, 4, 3, 2, 1] as const;
export const DEFAULT_RATING = 5;

export const reviewMessages = {
  rating: "Rating must be a whole number from 1 to 5",
  text: "Review text must be text",
  tooLong: `Reviews can be at most ${REVIEW_MAX_LENGTH} characters long`,
  nul: "Review text contains a character that cannot be stored (NUL)",
  reviewId: "Review id must be a valid review id",
  posted: "Review posted",
  updated: "Review updated",
  deleted: "Review deleted",
  deleteFailed: "Failed to delete review",
  notFound: "Review not found",
  forbidden: "You can only change your own review",
  alreadyReviewed: "You have already reviewed this product. You can edit or delete your review.",
  emptyEdit: "A review needs some text. To remove it, delete the review instead.",
  confirmDelete: "Are you sure you want to delete this review?",
} as const;
