import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import {
  deliveredAt,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  RETURN_TEXT_MAX,
  type ReturnRequestStatus,
  returnableQuantities,
  returnPieces,
  returnRefusal,
  returnWindowEnd,
} from "../../../domain/returns";
import type { OrderView, ReturnRequestView } from "../../../domain/views";
import type { AdminResult } from "~/lib/admin-result";
import { useHydrated } from "~/lib/cart";
import { useActionToast } from "~/lib/use-action-toast";
import { LocalDateTime } from "~/components/ui/local-date-time";

const BADGE: Record<ReturnRequestStatus, string> = {
  requested: "bg-amber-100 text-amber-950",
  approved: "bg-sky-100 text-sky-950",
  declined: "bg-stone-200 text-stone-900",
  refunded: "bg-emerald-100 text-emerald-950",
};

/** One return request as its shopper and the administrator read it: state, pieces, reason, the answer. */
export function ReturnRequestSummary({
  order,
  request,
}: {
  order: Pick<OrderView, "items">;
  request: ReturnRequestView;
}) {
  return (
    <div className="text-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[request.status]}`}>
          {RETURN_STATUS_LABELS[request.status]}
        </span>
        <span className="text-xs text-stone-600">
          Asked <LocalDateTime iso={request.createdAt} />
        </span>
      </p>
      <p className="mt-1 text-stone-800">{returnPieces(order.items, request.lines)}</p>
      <p className="text-stone-700">
        Reason: {RETURN_REASON_LABELS[request.reason]}
        {request.details ? ` — “${request.details}”` : ""}
      </p>
      {request.status === "declined" && request.decisionNote && (
        <p className="mt-1 text-stone-800">Why it was declined: {request.decisionNote}</p>
      )}
    </div>
  );
}

/**
 * Returns on My Orders (docs/decisions/052-return-requests.md): the requests made and, on a
 * Delivered order inside its window with pieces left and no request open, "Request a return":
 * pieces per line (0 up to what can still be returned), a reason, optional words. The server
 * checks every rule again; `now` is the loader's clock, so server and browser draw the same form.
 */
export function ReturnRequests({ order, now }: { order: OrderView; now: string }) {
  const fetcher = useFetcher<AdminResult>();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const errorId = useId();
  const busy = fetcher.state !== "idle";
  // Before the page's scripts run, the form is simply shown (its button needs them).
  const hydrated = useHydrated();
  useActionToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);

  const refusal = returnRefusal(order, order.returnRequests, new Date(now));
  const left = returnableQuantities(order.items, order.refunds, order.returnRequests);
  const canAsk = !refusal && left.some((n) => n > 0);
  const delivered = deliveredAt(order.statusHistory);
  if (!order.returnRequests.length && !canAsk) return null;
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.toast : null;

  return (
    <section aria-label="Returns" className="mt-4 space-y-3">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-600">Returns</h3>
      {order.returnRequests.length > 0 && (
        <ul className="space-y-2">
          {order.returnRequests.map((request) => (
            <li key={request.id} className="rounded-lg bg-stone-50 px-3 py-2">
              <ReturnRequestSummary order={order} request={request} />
            </li>
          ))}
        </ul>
      )}
      {canAsk && delivered && (
        <div>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((v) => !v)}
            className="rounded-full border border-stone-300 px-4 py-2 text-sm font-medium hover:border-ink"
          >
            Request a return
          </button>
          <div id={panelId} hidden={hydrated && !open} className="mt-3">
            <fetcher.Form method="post" action="/orders" className="space-y-4 rounded-xl border border-stone-200 p-4">
              <input type="hidden" name="intent" value="request-return" />
              <input type="hidden" name="orderId" value={order.id} />
              <p className="text-sm text-stone-700">
                You can ask for a return until{" "}
                <LocalDateTime iso={returnWindowEnd(delivered).toISOString()} withTime={false} />.
              </p>
              <fieldset aria-describedby={failed ? errorId : undefined}>
                <legend className="text-sm font-medium text-ink">Pieces to return</legend>
                <ul className="mt-2 space-y-2">
                  {order.items.map((item, index) =>
                    left[index] > 0 ? (
                      <li key={index} className="flex items-center justify-between gap-3">
                        <label htmlFor={`${panelId}-q${index}`} className="min-w-0 text-sm text-stone-800">
                          {item.title}
                          <span className="block text-xs text-stone-600">
                            {[item.selectedSize && `Size: ${item.selectedSize}`, item.color && `Color: ${item.color}`]
                              .filter(Boolean)
                              .join(" · ")}
                            {` · up to ${left[index]}`}
                          </span>
                        </label>
                        <select
                          id={`${panelId}-q${index}`}
                          name={`quantity-${index}`}
                          defaultValue="0"
                          className="rounded-lg border border-stone-300 px-3 py-2 text-base sm:text-sm"
                        >
                          {Array.from({ length: left[index] + 1 }, (_, n) => (
                            <option key={n} value={n}>
                              {n}
                            </option>
                          ))}
                        </select>
                      </li>
                    ) : null,
                  )}
                </ul>
              </fieldset>
              <div>
                <label htmlFor={`${panelId}-reason`} className="block text-sm font-medium text-ink">
                  Reason
                </label>
                <select
                  id={`${panelId}-reason`}
                  name="reason"
                  required
                  defaultValue=""
                  className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-base sm:max-w-xs sm:text-sm"
                >
                  <option value="" disabled>
                    Choose a reason
                  </option>
                  {RETURN_REASONS.map((reason) => (
                    <option key={reason} value={reason}>
                      {RETURN_REASON_LABELS[reason]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${panelId}-details`} className="block text-sm font-medium text-ink">
                  Tell us more (optional)
                </label>
                <textarea
                  id={`${panelId}-details`}
                  name="details"
                  rows={2}
                  maxLength={RETURN_TEXT_MAX}
                  className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-base sm:text-sm"
                />
              </div>
              {failed && (
                <p id={errorId} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
                  {failed.text}
                  {failed.description ? `: ${failed.description}` : ""}
                </p>
              )}
              <button
                type="submit"
                disabled={busy}
                className="rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white hover:bg-stone-800 disabled:opacity-60"
              >
                {busy ? "Requesting..." : "Request return"}
              </button>
            </fetcher.Form>
          </div>
        </div>
      )}
    </section>
  );
}
