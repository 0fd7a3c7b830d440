import { statusLabel, statusTone } from "../../../domain/admin-dashboard";
import type { OrderStatus } from "../../../domain/order-status";

/** The order's status as a coloured pill; the text carries the meaning, the colour only helps. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${statusTone(status)}`}
    >
      {statusLabel(status)}
    </span>
  );
}
