import { data } from "react-router";
import { messages } from "../../domain/messages";
import type { Services } from "../../server/services";
import { refusalOf } from "./page-failure.server";

export type ReviewIntent = "review" | "update-review" | "delete-review";

/** What the product page's action answers; `id` makes two equal answers in a row distinct. */
export type ReviewActionResult =
  | { ok: true; intent: "review"; outcome: "created" | "ignored"; id: number }
  | { ok: true; intent: "update-review" | "delete-review"; id: number }
  | { ok: false; intent: ReviewIntent | null; error: string; id: number };

const answerId = () => Date.now() + Math.random();

const isIntent = (value: unknown): value is ReviewIntent =>
  value === "review" || value === "update-review" || value === "delete-review";

function refused(intent: ReviewIntent | null, status: number, error: string, headers?: HeadersInit) {
  return data<ReviewActionResult>({ ok: false, intent, error, id: answerId() }, { status, headers });
}

/**
 * The reviews part of the product page: post a review, edit or delete one's own (signed-in
 * shoppers), delete any (the administrator). Who acts comes from the session; the form gives
 * only rating, text, the fit answer or the review's id.
 */
export async function reviewAction(request: Request, productId: string, services: Services) {
  const form = await request.formData().catch(() => null);
  if (!form) return refused(null, 400, "The form could not be read");
  const rawIntent = form.get("intent");
  const intent = isIntent(rawIntent) ? rawIntent : null;
  if (!intent) return refused(null, 400, "Unknown action");

  const viewer = await services.auth.viewer(request);
  if (!viewer)
    return refused(intent, 401, intent === "review" ? messages.review.loginRequired : "Please log in first.");
  const actor = { id: viewer.id, isAdmin: viewer.isAdmin };

  try {
    if (intent === "delete-review") {
      await services.reviews.remove(actor, form.get("reviewId"));
      return data<ReviewActionResult>({ ok: true, intent, id: answerId() });
    }
    // Only these fields are read: a userId or userName in the form means nothing.
    const fields = { rating: form.get("rating"), text: form.get("text"), fit: form.get("fit") };
    if (intent === "update-review") {
      await services.reviews.update(actor, form.get("reviewId"), fields);
      return data<ReviewActionResult>({ ok: true, intent, id: answerId() });
    }
    const result = await services.reviews.create(actor, productId, fields);
    return data<ReviewActionResult>({ ok: true, intent, outcome: result.status, id: answerId() });
  } catch (error) {
    // A typed refusal (domain/errors.ts) is shown with its message; anything else is a 500.
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return refused(intent, refusal.status, refusal.message, refusal.headers);
  }
}
