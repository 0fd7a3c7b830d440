import type { OrderView } from "../../../domain/views";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { OrderStatusBadge } from "./order-status-badge";
import { SandboxBadge } from "./sandbox-badge";

/**
 * The head of an order card, on My Orders and on the administrator's Orders tab: "Order #…"
 * (the card's heading, at the level the page needs), when it was placed, and its badges.
 */
export function OrderCardHeader({
  order,
  headingId,
  level,
  datePrefix,
  className = "",
}: {
  order: Pick<OrderView, "number" | "createdAt" | "sandbox" | "status">;
  headingId: string;
  level: 2 | 3;
  /** Words before the date, e.g. "Placed". */
  datePrefix?: string;
  className?: string;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <header
      className={`flex flex-wrap items-center justify-between gap-3 border-b border-stone-100 bg-stone-50 px-4 py-3 ${className}`.trim()}
    >
      <div>
        <Heading id={headingId} className="font-semibold text-ink">
          {`Order #${order.number}`}
        </Heading>
        <p className="text-xs text-stone-600">
          {datePrefix && `${datePrefix} `}
          <LocalDateTime iso={order.createdAt} />
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {order.sandbox && <SandboxBadge />}
        <OrderStatusBadge status={order.status} />
      </div>
    </header>
  );
}
