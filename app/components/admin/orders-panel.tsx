import { Link, useLocation } from "react-router";
import { filterCounts, filterLabel, ORDER_FILTERS, type OrderFilter } from "../../../domain/admin-dashboard";
import type { AdminOrderPage } from "../../../server/orders/admin-orders";
import { AdminOrderCard } from "./admin-order-card";
import { Pager } from "./pager";

export function OrdersPanel({ filter, page }: { filter: OrderFilter; page: AdminOrderPage }) {
  const location = useLocation();
  const counts = filterCounts(page.countsByStatus);
  return (
    <div>
      <nav aria-label="Order filters" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 whitespace-nowrap pb-1">
          {ORDER_FILTERS.map((option) => {
            const active = option === filter;
            const to = option === "all" ? "/admin?tab=orders" : `/admin?tab=orders&status=${option}`;
            return (
              <li key={option}>
                <Link
                  to={to}
                  aria-current={active ? "page" : undefined}
                  preventScrollReset
                  className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition-colors ${
                    active ? "border-ink bg-ink text-white" : "border-stone-300 text-ink hover:border-ink"
                  }`}
                >
                  {filterLabel(option)}
                  <span className={`rounded-full px-1.5 text-xs ${active ? "bg-white/20" : "bg-stone-100 text-stone-700"}`}>
                    {counts[option]}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {page.items.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-stone-300 p-8 text-center text-stone-600">
          {filter === "all" ? "No orders yet." : `No ${filterLabel(filter).toLowerCase()} orders.`}
        </p>
      ) : (
        <ul aria-label="Orders" className="mt-6 space-y-5">
          {page.items.map((order) => (
            <li key={order.id}>
              <AdminOrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page.page} pageCount={page.pageCount} search={location.search} label="Order pages" />
    </div>
  );
}
