import { forwardRef } from "react";
import { CANCEL_CONFIRMATION, cancellationNotice } from "../../../domain/order-cancel";
import type { OrderView } from "../../../domain/views";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

/**
 * The confirmation before an order is cancelled (decision records 013 and 033), naming the
 * order and its amount and saying what happens to the payment (refunded through the provider)
 * and the stock. It sits inside the card's status form: its confirm button submits that form
 * with to=cancelled and the note typed on the card.
 */
export const CancelOrderDialog = forwardRef<
  HTMLDialogElement,
  { order: OrderView; busy: boolean; onKeep: () => void; hydrated: boolean }
>(function CancelOrderDialog({ order, busy, onKeep, hydrated }, ref) {
  const notice = cancellationNotice(order);
  return (
    <ConfirmDialog
      ref={ref}
      title={notice.title}
      subtitle={notice.amount}
      keep={notice.keep}
      confirm={notice.confirm}
      busyText="Cancelling and refunding..."
      busy={busy}
      onKeep={onKeep}
      name="to"
      value="cancelled"
    >
      <p>
        <span className="font-semibold text-ink">Payment: </span>
        {notice.payment}
      </p>
      <p>
        <span className="font-semibold text-ink">Stock: </span>
        {notice.stock}
      </p>
      <p>{notice.customer}</p>
      {/* Rendered only in the browser: a submit before the scripts ran lacks it, and the server refuses that cancellation. */}
      {hydrated && <input type="hidden" name={CANCEL_CONFIRMATION.name} value={CANCEL_CONFIRMATION.value} />}
    </ConfirmDialog>
  );
});
