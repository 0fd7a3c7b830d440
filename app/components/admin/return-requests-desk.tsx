import { useId } from "react";
import { Link, useFetcher } from "react-router";
import { orderListHref } from "../../../domain/order-list";
import { formatMoney } from "../../../domain/money";
import { quoteReturn } from "../../../domain/refunds";
import { RETURN_TEXT_MAX } from "../../../domain/returns";
import type { OrderView, ReturnRequestView } from "../../../domain/views";
import type { AdminResult } from "~/lib/admin-result";
import { ReturnRequestSummary } from "~/components/orders/return-request";

/**
 * The order's return requests on the order desk (docs/decisions/052-return-requests.md): each
 * with its pieces, reason and state; one waiting has Approve and refund (with "Put back in stock")
 * and Decline with a note for the customer; an approved one whose refund did not finish has
 * Refund again. The toasts come from the route's clientAction.
 */
export function ReturnRequestsDesk({ order }: { order: OrderView }) {
  if (!order.returnRequests.length) return null;
  return (
    <section aria-label={`Return requests of order ${order.number}`} className="mt-4">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Return requests</h4>
      <ul className="mt-2 space-y-2">
        {order.returnRequests.map((request) => (
          <li key={request.id} className="rounded-lg border border-stone-200 px-3 py-2">
            <ReturnRequestSummary order={order} request={request} />
            {request.status === "requested" && <Answer order={order} request={request} />}
            {request.status === "approved" && <RefundAgain request={request} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Answer({ order, request }: { order: OrderView; request: ReturnRequestView }) {
  const approve = useFetcher<AdminResult>();
  const decline = useFetcher<AdminResult>();
  const busy = approve.state !== "idle" || decline.state !== "idle";
  const restockId = useId();
  const noteId = useId();
  // What the approval will refund: the same rule as the server's (domain/refunds.ts).
  const quote = quoteReturn(order, order.refunds, request.lines);
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      <approve.Form method="post" action="/admin?tab=orders" className="space-y-2">
        <input type="hidden" name="intent" value="approve-return" />
        <input type="hidden" name="requestId" value={request.id} />
        <p className="flex items-center gap-2 text-sm">
          <input id={restockId} type="checkbox" name="restock" defaultChecked className="h-4 w-4" />
          <label htmlFor={restockId}>Put back in stock</label>
        </p>
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-white hover:bg-stone-800 disabled:opacity-60"
        >
          {approve.state !== "idle"
            ? "Refunding..."
            : `Approve and refund${quote.ok ? ` ${formatMoney(quote.quote.amountCents)}` : ""}`}
        </button>
      </approve.Form>
      <decline.Form method="post" action="/admin?tab=orders" className="space-y-2">
        <input type="hidden" name="intent" value="decline-return" />
        <input type="hidden" name="requestId" value={request.id} />
        <label htmlFor={noteId} className="block text-xs font-medium text-stone-700">
          Note for the customer (why it is declined)
        </label>
        <textarea
          id={noteId}
          name="note"
          required
          rows={2}
          maxLength={RETURN_TEXT_MAX}
          className="w-full rounded-lg border border-stone-300 px-3 py-2 text-base sm:text-sm"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-full border border-red-300 px-4 py-2 text-sm font-medium text-red-800 hover:border-red-700 disabled:opacity-60"
        >
          {decline.state !== "idle" ? "Declining..." : "Decline"}
        </button>
      </decline.Form>
    </div>
  );
}

function RefundAgain({ request }: { request: ReturnRequestView }) {
  const fetcher = useFetcher<AdminResult>();
  return (
    <fetcher.Form method="post" action="/admin?tab=orders" className="mt-3">
      <input type="hidden" name="intent" value="refund-return" />
      <input type="hidden" name="requestId" value={request.id} />
      <p className="text-sm text-stone-700">Approved, but its refund did not finish.</p>
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="mt-2 rounded-full bg-ink px-4 py-2 text-sm font-medium text-white hover:bg-stone-800 disabled:opacity-60"
      >
        {fetcher.state !== "idle" ? "Refunding..." : "Refund again"}
      </button>
    </fetcher.Form>
  );
}

/** Above the Orders tab: the return requests waiting for an answer, each order a link to its card. */
export function ReturnRequestsWaiting({ waiting }: { waiting: { total: number; orderNumbers: string[] } }) {
  if (waiting.total === 0) return null;
  return (
    <section
      aria-label="Return requests waiting"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="font-medium">
        {waiting.total === 1 ? "1 return request is waiting" : `${waiting.total} return requests are waiting`} for an
        answer:
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        {waiting.orderNumbers.map((number) => (
          <li key={number}>
            <Link to={orderListHref({ search: number })} className="font-medium underline underline-offset-2">
              Order #{number}
            </Link>
          </li>
        ))}
        {waiting.total > waiting.orderNumbers.length && <li>and {waiting.total - waiting.orderNumbers.length} more</li>}
      </ul>
    </section>
  );
}
