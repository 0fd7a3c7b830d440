import { useEffect } from "react";
import { FitNote } from "./fit-answer";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { reviewTexts } from "../../../domain/shop-messages";
import { reviewMessages } from "../../../domain/review-rules";
import type { ReviewItem } from "../../../domain/views";
import type { ReviewActionResult } from "~/lib/review-action.server";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { ReviewRating } from "~/components/reviews/stars";

/**
 * The reviews of one product, newest first as the loader gives them, each under the name the
 * server chose (a first name or 'Customer'). Text is plain text: React escapes it, so markup in
 * a review is shown, never run.
 */

export function ReviewList({
  reviews,
  canDelete,
  emptyText = reviewTexts.empty,
}: {
  reviews: readonly ReviewItem[];
  canDelete: boolean;
  /** What an empty list says: 'No reviews yet.', or something else when the shopper's own is shown apart. */
  emptyText?: string;
}) {
  if (reviews.length === 0) return <p className="text-stone-600">{emptyText}</p>;
  return (
    <ol className="divide-y divide-stone-200" aria-label="Customer reviews">
      {reviews.map((review) => (
        <li key={review.id} className="py-6 first:pt-0">
          <article aria-labelledby={`review-${review.id}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
                <h3 id={`review-${review.id}`} className="min-w-0 break-words font-medium text-ink">
                  {review.userName}
                </h3>
                {review.mine && (
                  <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-700">
                    Your review
                  </span>
                )}
                {review.verifiedPurchase && <VerifiedMark />}
              </div>
              <p className="text-sm text-stone-600">
                <LocalDateTime iso={review.createdAt} />
                {review.updatedAt && " (edited)"}
              </p>
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
              <ReviewRating rating={review.rating} />
              <FitNote fit={review.fit} />
            </p>
            <p className="mt-3 whitespace-pre-line break-words text-stone-700">{review.text}</p>
            {canDelete && <DeleteReview reviewId={review.id} author={review.userName} />}
          </article>
        </li>
      ))}
    </ol>
  );
}

function VerifiedMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor">
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
          clipRule="evenodd"
        />
      </svg>
      Verified purchase
    </span>
  );
}

/** The administrator's delete button, asking first. */
function DeleteReview({ reviewId, author }: { reviewId: string; author: string }) {
  const fetcher = useFetcher<ReviewActionResult>();
  const busy = fetcher.state !== "idle";
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer, keyed by its id
  useEffect(() => {
    const answer = fetcher.data;
    if (answer?.intent !== "delete-review") return;
    if (answer.ok) toast.success(reviewMessages.deleted);
    else toast.error(answer.error || reviewMessages.deleteFailed);
  }, [fetcher.data?.id]);
  return (
    <fetcher.Form method="post" preventScrollReset className="mt-3">
      <input type="hidden" name="intent" value="delete-review" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <ConfirmDelete
        question={reviewMessages.confirmDelete}
        itemName={`Review by ${author}`}
        keep="Keep review"
        confirm="Delete review"
        busyText="Deleting…"
        busy={busy}
        busyLabel="Deleting…"
        ariaLabel={`Delete review by ${author}`}
        buttonClassName="rounded-full border border-red-200 px-3 py-1 text-xs font-medium text-red-700 transition-colors hover:border-red-400 hover:bg-red-50 disabled:opacity-60"
      />
    </fetcher.Form>
  );
}
