import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { customerCancellationNotice } from "../../../domain/order-cancel";
import { customerMayCancel } from "../../../domain/refunds";
import type { OrderView } from "../../../domain/views";
import type { AdminResult } from "~/lib/admin-result";
import { useHydrated } from "~/lib/cart";
import { useActionToast } from "~/lib/use-action-toast";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

/**
 * "Cancel order" on My Orders while the order is Placed or Confirmed: asks first, then the store
 * refunds it in full and puts the pieces back (docs/decisions/033-refunds-returns-and-customer-cancel.md).
 * Before the page's scripts run, the button submits directly.
 */
export function CustomerCancel({ order }: { order: OrderView }) {
  const fetcher = useFetcher<AdminResult>();
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const busy = fetcher.state !== "idle";
  useActionToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) dialogRef.current?.close();
  }, [fetcher.state, fetcher.data]);
  if (!customerMayCancel(order.status)) return null;
  const notice = customerCancellationNotice(order);
  const keep = () => {
    dialogRef.current?.close();
    openerRef.current?.focus();
  };
  return (
    <fetcher.Form method="post" action="/orders" className="mt-4">
      <input type="hidden" name="intent" value="cancel-order" />
      <input type="hidden" name="orderId" value={order.id} />
      <button
        ref={openerRef}
        type={hydrated ? "button" : "submit"}
        aria-haspopup="dialog"
        disabled={busy}
        onClick={hydrated ? () => dialogRef.current?.showModal() : undefined}
        className="rounded-full border border-red-300 px-4 py-2 text-sm font-medium text-red-800 transition-colors hover:border-red-700 disabled:opacity-60"
      >
        Cancel order
      </button>
      <ConfirmDialog
        ref={dialogRef}
        title={notice.title}
        keep={notice.keep}
        confirm={notice.confirm}
        busyText="Cancelling..."
        busy={busy}
        onKeep={keep}
      >
        <p>{notice.body}</p>
      </ConfirmDialog>
    </fetcher.Form>
  );
}
