import { useEffect, useRef, useState } from "react";
import { FitNote } from "./fit-answer";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { reviewMessages } from "../../../domain/review-rules";
import type { ReviewItem } from "../../../domain/views";
import type { ReviewActionResult } from "~/lib/review-action.server";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { OWN_REVIEW_FETCHER, ReviewForm } from "./review-form";
import { ReviewRating } from "./stars";

/**
 * The shopper's side of the reviews: the form to write one, or, once written, their review
 * with Edit and Delete (one review per product). The answers of all three are told here,
 * where they outlive the form that sent them.
 */

export function OwnReview({ signedIn, review }: { signedIn: boolean; review: ReviewItem | null }) {
  const fetcher = useFetcher<ReviewActionResult>({ key: OWN_REVIEW_FETCHER });
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // Leaving the edit form puts focus back on 'Edit review', once that button is on the page again.
  const refocus = useRef(false);
  const stopEditing = () => {
    refocus.current = true;
    setEditing(false);
  };
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer, keyed by its id
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.ok && answer.intent === "review" && answer.outcome === "created") toast.success(reviewMessages.posted);
    else if (answer.ok && answer.intent === "update-review") {
      stopEditing();
      toast.success(reviewMessages.updated);
    } else if (answer.ok && answer.intent === "delete-review") toast.success(reviewMessages.deleted);
    else if (!answer.ok && answer.intent === "delete-review") toast.error(answer.error || reviewMessages.deleteFailed);
  }, [fetcher.data?.id]);

  if (!review) return <ReviewForm signedIn={signedIn} />;
  if (editing) {
    return (
      <ReviewForm
        signedIn={signedIn}
        editing={{ id: review.id, rating: review.rating, text: review.text, fit: review.fit }}
        onCancel={stopEditing}
      />
    );
  }

  const busy = fetcher.state !== "idle";
  return (
    <section
      aria-labelledby="own-review-heading"
      className="rounded-2xl border border-stone-200 bg-stone-50 p-4 sm:p-6"
    >
      <h3 id="own-review-heading" className="font-medium text-ink">
        Your review
      </h3>
      <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700">
        <ReviewRating rating={review.rating} />
        <span aria-hidden="true">·</span>
        <LocalDateTime iso={review.updatedAt ?? review.createdAt} className="text-stone-600" />
        {review.updatedAt && <span className="text-stone-600">(edited)</span>}
        {review.fit && <span aria-hidden="true">·</span>}
        <FitNote fit={review.fit} />
      </p>
      <p className="mt-3 whitespace-pre-line break-words text-stone-800">{review.text}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          ref={editButton}
          type="button"
          onClick={() => setEditing(true)}
          className="rounded-full border border-stone-300 bg-white px-5 py-2 text-sm font-medium text-ink transition-colors hover:border-ink"
        >
          Edit review
        </button>
        <fetcher.Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete-review" />
          <input type="hidden" name="reviewId" value={review.id} />
          <ConfirmDelete
            question={reviewMessages.confirmDelete}
            itemName="Your review"
            keep="Keep review"
            confirm="Delete review"
            busyText="Deleting…"
            busy={busy && fetcher.formData?.get("intent") === "delete-review"}
            buttonLabel="Delete review"
            busyLabel="Deleting…"
            ariaLabel="Delete review"
            buttonClassName="rounded-full border border-red-200 bg-white px-5 py-2 text-sm font-medium text-red-800 transition-colors hover:border-red-400 hover:bg-red-50 disabled:opacity-60"
          />
        </fetcher.Form>
      </div>
    </section>
  );
}
