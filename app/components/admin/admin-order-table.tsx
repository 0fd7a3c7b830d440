import { Link } from "react-router";
import { formatMoney } from "../../../domain/money";
import {
  type OrderListQuery,
  orderDetailHref,
  PAYMENT_STATE_LABELS,
  paymentState,
  pieceCount,
} from "../../../domain/order-list";
import type { OrderView } from "../../../domain/views";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { SandboxBadge } from "~/components/orders/sandbox-badge";
import { AdminTable } from "./admin-table";

const COLUMNS = ["Order", "Date", "Customer", "Items", "Total", "Status", "Payment"] as const;
const METHOD_LABELS: Record<OrderView["paymentMethod"], string> = { paypal: "PayPal", stripe: "Card" };

const pieces = (order: OrderView) => {
  const n = pieceCount(order.items);
  return `${n} ${n === 1 ? "item" : "items"}`;
};

function Payment({ order }: { order: OrderView }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span>
        {METHOD_LABELS[order.paymentMethod]} · {PAYMENT_STATE_LABELS[paymentState(order)]}
      </span>
      {order.sandbox && <SandboxBadge />}
    </span>
  );
}

function OrderLink({ order, query }: { order: OrderView; query: OrderListQuery }) {
  return (
    <Link
      to={orderDetailHref(order.id, query)}
      aria-label={`Order #${order.number}`}
      className="inline-block py-1 font-mono font-semibold text-brand-700 underline underline-offset-2"
    >
      #{order.number}
    </Link>
  );
}

/**
 * The Orders tab's list: a table from md up (number, date, customer, items, total, status,
 * payment), one card per order on phones with the same facts; the number opens the order.
 */
export function AdminOrderTable({ orders, query }: { orders: readonly OrderView[]; query: OrderListQuery }) {
  return (
    <>
      <ul aria-label="Orders" className="space-y-3 md:hidden" data-testid="order-cards">
        {orders.map((order) => (
          <li key={order.id} className="rounded-2xl border border-stone-200 bg-white p-4" data-order-row={order.number}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <OrderLink order={order} query={query} />
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="mt-1 truncate text-sm font-medium text-ink">{order.userName}</p>
            <p className="truncate text-xs text-stone-600">{order.userEmail}</p>
            <p className="mt-2 text-sm text-stone-700">
              <LocalDateTime iso={order.createdAt} /> · {pieces(order)} ·{" "}
              <span className="font-medium text-ink">{formatMoney(order.totalCents)}</span>
            </p>
            <p className="mt-1 text-sm text-stone-700">
              <Payment order={order} />
            </p>
          </li>
        ))}
      </ul>
      <AdminTable caption="Orders" columns={COLUMNS} minWidth="min-w-[900px]">
        {orders.map((order) => (
          <tr key={order.id} data-order-row={order.number}>
            <th scope="row" className="whitespace-nowrap px-4 py-3 font-normal">
              <OrderLink order={order} query={query} />
            </th>
            <td className="whitespace-nowrap px-4 py-3 text-stone-700">
              <LocalDateTime iso={order.createdAt} />
            </td>
            <td className="max-w-56 px-4 py-3">
              <span className="block truncate font-medium text-ink">{order.userName}</span>
              <span className="block truncate text-xs text-stone-600">{order.userEmail}</span>
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-stone-700">{pieces(order)}</td>
            <td className="whitespace-nowrap px-4 py-3 font-medium">{formatMoney(order.totalCents)}</td>
            <td className="px-4 py-3">
              <OrderStatusBadge status={order.status} />
            </td>
            <td className="px-4 py-3 text-stone-700">
              <Payment order={order} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
