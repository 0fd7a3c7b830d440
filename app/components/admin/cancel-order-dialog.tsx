import { forwardRef, useId } from "react";
import { cancellationNotice } from "../../../domain/order-cancel";
import type { OrderView } from "../../../domain/views";

/**
 * The confirmation before an order is cancelled: a native modal <dialog> (opened with
 * showModal, so the page behind is inert, Escape closes it and it is announced as a dialog),
 * naming the order and its amount and saying what happens to the payment and the stock. It
 * sits inside the card's status form: its confirm button submits that form with to=cancelled
 * and the note typed on the card.
 */
export const CancelOrderDialog = forwardRef<HTMLDialogElement, { order: OrderView; busy: boolean; onKeep: () => void }>(
  function CancelOrderDialog({ order, busy, onKeep }, ref) {
    const notice = cancellationNotice(order);
    const titleId = useId();
    const bodyId = useId();
    return (
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-ink shadow-xl backdrop:bg-ink/50"
      >
        <div className="p-5 sm:p-6">
          <h2 id={titleId} className="font-display text-2xl">
            {notice.title}
          </h2>
          <p className="mt-1 text-sm font-medium text-stone-700">{notice.amount}</p>
          <div id={bodyId} className="mt-4 space-y-3 text-sm leading-6 text-stone-700">
            <p>
              <span className="font-semibold text-ink">Payment: </span>
              {notice.payment}
            </p>
            <p>
              <span className="font-semibold text-ink">Stock: </span>
              {notice.stock}
            </p>
            <p>{notice.customer}</p>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {/* The safe choice takes the focus when the dialog opens. */}
            {/* biome-ignore lint/a11y/noAutofocus: a modal dialog moves focus inside it; the harmless button is the one to land on */}
            <button type="button" autoFocus onClick={onKeep} className="rounded-full border border-stone-300 px-5 py-2.5 text-sm font-medium hover:border-ink">
              {notice.keep}
            </button>
            <button
              type="submit"
              name="to"
              value="cancelled"
              disabled={busy}
              className="rounded-full bg-red-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-900 disabled:opacity-60"
            >
              {busy ? "Cancelling..." : notice.confirm}
            </button>
          </div>
        </div>
      </dialog>
    );
  },
);
