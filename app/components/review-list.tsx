import { useSyncExternalStore } from "react";
import type { ReviewView } from "../../server/catalog/service";
import { Stars } from "./stars";

/** The reviews of one product, newest first as the loader gives them. Text is plain text: React escapes it. */
export function ReviewList({ reviews }: { reviews: readonly ReviewView[] }) {
  if (reviews.length === 0) return <p className="text-stone-600">No reviews yet.</p>;
  return (
    <ol className="divide-y divide-stone-200" aria-label="Customer reviews">
      {reviews.map((review) => (
        <li key={review.id} className="py-6 first:pt-0">
          <article aria-labelledby={`review-${review.id}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h3 id={`review-${review.id}`} className="font-medium text-ink">
                {review.userName.trim() || "Customer"}
              </h3>
              <ReviewDate iso={review.createdAt} />
            </div>
            <p className="mt-1 flex items-center gap-2 text-sm text-stone-700">
              <Stars value={review.rating} size="sm" />
              <span>
                {review.rating}
                <span className="sr-only"> out of 5 stars</span>
                <span aria-hidden="true">/5</span>
              </span>
            </p>
            <p className="mt-3 whitespace-pre-line break-words text-stone-700">{review.text}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}

const subscribeNever = () => () => {};

/**
 * Date and time of a review. The server cannot know the shopper's time zone, so the page is
 * rendered in UTC (saying so) and switches to the browser's own zone once hydrated; rendering the
 * local time straight away would differ between server and browser and break hydration.
 */
function ReviewDate({ iso }: { iso: string }) {
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  let text = "";
  if (!Number.isNaN(date.getTime())) {
    const format = new Intl.DateTimeFormat("en-US", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: hydrated ? undefined : "UTC",
    });
    text = hydrated ? format.format(date) : `${format.format(date)} UTC`;
  }
  return (
    <time dateTime={iso} className="text-sm text-stone-500">
      {text}
    </time>
  );
}
