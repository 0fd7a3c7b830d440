import { formatMoney } from "../../../domain/money";
import type { RefundKind } from "../../../domain/refunds";
import type { OrderView } from "../../../domain/views";
import { LocalDateTime } from "~/components/ui/local-date-time";

const REFUND_LABELS: Record<RefundKind, string> = {
  cancellation: "Refunded in full (order cancelled)",
  partial_cancellation: "Refunded for cancelled items",
  return: "Refunded for returned items",
};

/**
 * The refunds of an order, oldest first: when, how much, for which pieces, and whether they went
 * back into stock (the administrator's card only); and `pendingText` while a refund's outcome is not recorded yet.
 */
export function OrderRefunds({
  order,
  level = 4,
  pendingText,
  showStock = false,
}: {
  order: Pick<OrderView, "refunds" | "items" | "refundPending">;
  level?: 3 | 4;
  pendingText: string;
  /** The administrator's card says which pieces went back in stock; the shopper's does not. */
  showStock?: boolean;
}) {
  if (!order.refunds.length && !order.refundPending) return null;
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <div className="mt-4">
      <Heading className="text-xs font-semibold uppercase tracking-wide text-stone-600">Refunds</Heading>
      {order.refundPending && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{pendingText}</p>
      )}
      <ul className="mt-2 space-y-2">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="rounded-lg bg-stone-50 px-3 py-2 text-sm">
            <p className="flex flex-wrap justify-between gap-x-4 font-medium text-ink">
              <span>{REFUND_LABELS[refund.kind]}</span>
              <span>{formatMoney(refund.amountCents)}</span>
            </p>
            <p className="text-xs text-stone-600">
              <LocalDateTime iso={refund.createdAt} />
            </p>
            {refund.lines.length > 0 && (
              <p className="text-stone-700">
                {refund.lines
                  .map((line) => `${line.quantity} × ${order.items[line.index]?.title ?? "item"}`)
                  .join(", ")}
                {showStock && refund.restocked ? " · back in stock" : ""}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
