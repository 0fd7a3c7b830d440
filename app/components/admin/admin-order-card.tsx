import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { historyNote, STATUS_NOTE_MAX, statusLabel } from "../../../domain/admin-dashboard";
import { messages } from "../../../domain/messages";
import { refundMessages } from "../../../domain/refunds";
import { sandboxOrderMessages } from "../../../domain/payment-messages";
import { allowedNextStatuses } from "../../../domain/order-status";
import type { OrderView } from "../../../domain/views";
import type { AdminResult } from "~/lib/admin-result";
import { useHydrated } from "~/lib/cart";
import { OrderCardHeader } from "~/components/orders/order-card-header";
import { AddressBlock, OrderItems, OrderTotals } from "~/components/orders/order-items";
import { StatusHistory } from "~/components/orders/status-history";
import { OrderRefunds } from "~/components/orders/order-refunds";
import { OrderTracking } from "~/components/orders/order-tracking";
import { CancelOrderDialog } from "./cancel-order-dialog";
import { TrackingFields } from "./tracking-fields";
import { RefundItemsForm } from "./refund-items-form";
import { ReturnRequestsDesk } from "./return-requests-desk";

const PAYMENT_LABELS: Record<OrderView["paymentMethod"], string> = { paypal: "PayPal", stripe: "Stripe (card)" };

/** One order on the dashboard: who, what, where, how it was paid, and the status buttons the table allows. */
export function AdminOrderCard({ order }: { order: OrderView }) {
  // Its answer's toast is shown by the route's clientAction (this card may be gone by then).
  const fetcher = useFetcher<AdminResult>();
  const [showHistory, setShowHistory] = useState(false);
  const historyId = useId();
  const noteId = useId();
  const next = allowedNextStatuses(order.status);
  const busy = fetcher.state !== "idle";
  const headingId = `admin-order-${order.id}`;
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const closeDialog = () => {
    if (!dialogRef.current?.open) return;
    dialogRef.current.close();
    cancelRef.current?.focus();
  };
  // The answer came (the order moved, or the change was refused with a toast): the question is settled.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) dialogRef.current?.close();
  }, [fetcher.state, fetcher.data]);

  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <OrderCardHeader order={order} headingId={headingId} level={3} />

      <div className="grid gap-5 px-4 py-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <h4 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Customer</h4>
          <p className="mt-1 text-sm">
            {order.userName !== order.userEmail && <span className="mr-2 font-medium text-ink">{order.userName}</span>}
            <span className="break-all text-stone-700">{order.userEmail}</span>
          </p>
          <OrderItems items={order.items} />
          <div className="border-t border-stone-100 pt-3">
            <OrderTotals order={order} />
          </div>
          <OrderRefunds order={order} pendingText={refundMessages.pendingAdmin} showStock />
          <ReturnRequestsDesk order={order} />
          <RefundItemsForm order={order} />
        </div>
        <div className="space-y-4">
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-1 xl:grid-cols-2">
            <AddressBlock title="Shipping address" address={order.shippingAddress} />
            <AddressBlock title="Billing address" address={order.billingAddress} />
          </div>
          <div>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Payment</h4>
            <p className="mt-1 text-sm text-stone-700">{PAYMENT_LABELS[order.paymentMethod]}</p>
            {order.sandbox && <p className="text-sm font-medium text-amber-900">{sandboxOrderMessages.payment}</p>}
            <p className="break-all font-mono text-xs text-stone-600">{order.paymentId}</p>
          </div>
          {order.tracking && <OrderTracking tracking={order.tracking} level={4} />}
        </div>
      </div>

      <div className="border-t border-stone-100 px-4 py-4">
        {next.length === 0 ? (
          <p className="text-sm text-stone-600">{messages.admin.noFurtherActions}</p>
        ) : (
          // Keyed by the status: after each change the form starts empty, so a note typed for one
          // status is never sent again with the next.
          <fetcher.Form key={order.status} method="post" action="/admin?tab=orders" className="space-y-3">
            <input type="hidden" name="intent" value="update-status" />
            <input type="hidden" name="orderId" value={order.id} />
            {/* The status this screen shows: the server refuses the change if the order moved meanwhile. */}
            <input type="hidden" name="from" value={order.status} />
            <div>
              <label htmlFor={noteId} className="block text-xs font-medium text-stone-700">
                Note for the history (optional)
              </label>
              <input
                id={noteId}
                name="note"
                maxLength={STATUS_NOTE_MAX}
                placeholder={historyNote(next[0], "")}
                className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-base sm:max-w-md sm:text-sm"
              />
            </div>
            {next.includes("shipped") && <TrackingFields />}
            <fieldset>
              <legend className="text-xs font-medium text-stone-700">Update status</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {next.map((status) =>
                  status === "cancelled" ? (
                    // Asks first (the dialog below). Before the page runs scripts it submits as the other buttons do,
                    // and the server refuses it: only the dialog sends the confirmation (domain/order-cancel.ts).
                    <button
                      key={status}
                      ref={cancelRef}
                      type={hydrated ? "button" : "submit"}
                      name={hydrated ? undefined : "to"}
                      value={hydrated ? undefined : status}
                      aria-haspopup="dialog"
                      disabled={busy}
                      onClick={hydrated ? () => dialogRef.current?.showModal() : undefined}
                      className="rounded-full border border-red-300 px-4 py-2 text-sm font-medium text-red-800 transition-colors hover:border-red-700 disabled:opacity-60"
                    >
                      {statusLabel(status)}
                    </button>
                  ) : (
                    <button
                      key={status}
                      type="submit"
                      name="to"
                      value={status}
                      disabled={busy}
                      className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-stone-800 disabled:opacity-60"
                    >
                      {statusLabel(status)}
                    </button>
                  ),
                )}
              </div>
            </fieldset>
            {next.includes("cancelled") && (
              <CancelOrderDialog ref={dialogRef} order={order} busy={busy} onKeep={closeDialog} hydrated={hydrated} />
            )}
          </fetcher.Form>
        )}
        <button
          type="button"
          aria-expanded={showHistory}
          aria-controls={historyId}
          onClick={() => setShowHistory((v) => !v)}
          className="mt-4 text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          {showHistory ? "Hide status history" : "Show status history"}
        </button>
        <div id={historyId} hidden={!showHistory} className="mt-3">
          <StatusHistory entries={order.statusHistory} />
        </div>
      </div>
    </article>
  );
}
