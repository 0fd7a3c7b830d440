import { useEffect, useId, useState } from "react";
import { Link, useActionData, useFetcher, useLocation, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { reviewTexts } from "../../../domain/shop-messages";
import { loginPathFor } from "../../../domain/redirects";
import { DEFAULT_RATING, RATINGS, REVIEW_MAX_LENGTH } from "../../../domain/review-rules";
import type { ReviewActionResult } from "~/lib/review-action.server";
import type { FitAnswer } from "../../../domain/fit";
import { FitField } from "./fit-answer";

/** The one fetcher of the shopper's own review (post, edit, delete), so the reviews section can answer each. */
export const OWN_REVIEW_FETCHER = "own-review";

const starLabel = (n: number) => `${"★".repeat(n)}${"☆".repeat(5 - n)} ${n} ${n === 1 ? "star" : "stars"}`;

interface ReviewFormProps {
  signedIn: boolean;
  /** Editing this review (its id, rating and text); a new review without it. */
  editing?: { id: string; rating: number; text: string; fit: FitAnswer | null };
  onCancel?: () => void;
}

/**
 * Rating (5 down to 1, default 5), the optional fit answer, text and 'Post review' (docs/product.md §2), or the same form
 * filled in to edit one's own review. A visitor is told to log in; empty text posts nothing;
 * after a post the form goes back to 5 stars and no text. Without JavaScript the same form
 * posts to the page's action and the page answers.
 */
export function ReviewForm({ signedIn, editing, onCancel }: ReviewFormProps) {
  const fetcher = useFetcher<ReviewActionResult>({ key: OWN_REVIEW_FETCHER });
  const pageAnswer = useActionData() as ReviewActionResult | undefined;
  const navigate = useNavigate();
  const location = useLocation();
  const [rating, setRating] = useState(editing?.rating ?? DEFAULT_RATING);
  const [text, setText] = useState(editing?.text ?? "");
  const [fit, setFit] = useState<FitAnswer | null>(editing?.fit ?? null);
  const ids = useId();
  const intent = editing ? "update-review" : "review";
  const fetched = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const answer = fetched ?? (pageAnswer?.intent === intent ? pageAnswer : undefined);
  const busy = fetcher.state !== "idle";
  const error = answer && !answer.ok ? answer.error : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer, keyed by its id
  useEffect(() => {
    if (fetched?.ok && fetched.intent === "review" && fetched.outcome === "created") {
      setRating(DEFAULT_RATING);
      setText("");
      setFit(null);
    }
  }, [fetched?.id]);

  const loginHref = loginPathFor(`${location.pathname}${location.search}#reviews`);
  const title = editing ? "Edit your review" : "Write a review";

  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      aria-labelledby={`${ids}-heading`}
      className="rounded-2xl border border-stone-200 bg-stone-50 p-4 sm:p-6"
      onSubmit={(event) => {
        if (!signedIn) {
          event.preventDefault();
          toast.error(reviewTexts.loginRequired, { action: { label: "Login", onClick: () => navigate(loginHref) } });
          return;
        }
        // docs/product.md §5: empty or whitespace-only text is ignored, without a word (an edit says why it cannot be saved).
        if (!editing && text.trim() === "") event.preventDefault();
      }}
    >
      <h3 id={`${ids}-heading`} className="font-medium text-ink">
        {title}
      </h3>
      {!signedIn && (
        // Said before typing; posting without an account still gets the brief's alert (onSubmit above).
        <p className="mt-2 text-sm text-stone-700">
          <Link to={loginHref} className="font-medium text-ink underline underline-offset-2 hover:text-brand-700">
            Log in to write a review
          </Link>
        </p>
      )}
      <input type="hidden" name="intent" value={intent} />
      {editing && <input type="hidden" name="reviewId" value={editing.id} />}
      <div className="mt-4 flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={`${ids}-rating`} className="text-sm font-medium text-stone-700">
            Rating
          </label>
          <select
            id={`${ids}-rating`}
            name="rating"
            value={rating}
            onChange={(event) => setRating(Number(event.target.value))}
            className="rounded-full border border-stone-300 bg-white px-3 py-2 text-sm text-amber-800 focus:border-ink"
          >
            {RATINGS.map((n) => (
              <option key={n} value={n} className="text-ink">
                {starLabel(n)}
              </option>
            ))}
          </select>
        </div>
        <FitField idPrefix={ids} value={fit} onChange={setFit} />
        <div>
          <textarea
            name="text"
            aria-label="Write your review"
            aria-describedby={`${ids}-count${error ? ` ${ids}-error` : ""}`}
            aria-invalid={error ? true : undefined}
            placeholder="Write your review"
            rows={4}
            maxLength={REVIEW_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="block w-full resize-y rounded-xl border border-stone-300 bg-white px-4 py-3 text-base placeholder:text-stone-500 focus:border-ink"
          />
          <div className="mt-2 flex items-start justify-between gap-4 text-sm">
            <p id={`${ids}-error`} role="alert" className="text-red-700">
              {error}
            </p>
            <p id={`${ids}-count`} className="shrink-0 text-stone-600">
              <span className="sr-only">Characters used: </span>
              {text.length}/{REVIEW_MAX_LENGTH}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className="rounded-full bg-ink px-6 py-3 text-sm font-medium text-white transition-colors hover:bg-stone-800 disabled:opacity-60"
          >
            {editing ? "Save review" : "Post review"}
          </button>
          {editing && onCancel && (
            <button
              type="button"
              onClick={onCancel}
              className="rounded-full border border-stone-300 bg-white px-6 py-3 text-sm font-medium text-ink transition-colors hover:border-ink"
            >
              Cancel
            </button>
          )}
        </div>
      </div>
    </fetcher.Form>
  );
}
