import { Form, Link } from "react-router";
import { filterCounts, filterLabel, ORDER_FILTERS } from "../../../domain/admin-dashboard";
import {
  ORDER_VIEW_LABELS,
  type OrderListQuery,
  ORDER_SEARCH_MAX,
  orderListHref,
  pageRangeLabel,
} from "../../../domain/order-list";
import type { AdminOrderPage, OrderView } from "../../../domain/views";
import { AdminOrderCard } from "./admin-order-card";
import { AdminOrderTable } from "./admin-order-table";

const chipClass = (active: boolean) =>
  `inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition-colors ${
    active ? "border-ink bg-ink text-white" : "border-stone-300 text-ink hover:border-ink"
  }`;

/** Search, a filter per status with its count, the orders, and newer/older pages, all in the address. */
export function OrdersPanel({ query, page }: { query: OrderListQuery; page: AdminOrderPage }) {
  const { filter, search, view } = query;
  const counts = filterCounts(page.countsByStatus);
  const range = pageRangeLabel(page.position, page.items.length, page.total);
  const searchId = "admin-order-search";
  return (
    <div>
      <h2 className="sr-only">Orders</h2>
      {/* One of the Overview's "To do" lists (?show=…): said, with the way back to every order. */}
      {view && (
        <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-stone-300 bg-brand-50 px-4 py-3 text-sm">
          <span>
            Showing: <strong className="font-medium">{ORDER_VIEW_LABELS[view]}</strong>
          </span>
          <Link to={orderListHref({})} className="font-medium text-brand-700 underline underline-offset-2">
            Show all orders
          </Link>
        </p>
      )}
      <Form method="get" action="/admin" role="search" aria-label="Orders" preventScrollReset className="sm:max-w-2xl">
        <input type="hidden" name="tab" value="orders" />
        {view && <input type="hidden" name="show" value={view} />}
        {filter !== "all" && <input type="hidden" name="status" value={filter} />}
        <label htmlFor={searchId} className="block text-sm font-medium text-stone-800">
          Search by order number, customer name or email
        </label>
        {/* One row from sm up; on phones the field takes the whole first row. */}
        <div className="mt-1 flex flex-wrap items-center gap-2 sm:flex-nowrap">
          <input
            id={searchId}
            type="search"
            name="q"
            key={search}
            defaultValue={search}
            maxLength={ORDER_SEARCH_MAX}
            placeholder="e.g. 3F66AFA6"
            className="w-full min-w-0 rounded-full border border-stone-300 px-4 py-2 text-base placeholder:text-stone-500 focus:border-ink sm:flex-1 sm:text-sm"
          />
          <button
            type="submit"
            className="rounded-full bg-ink px-5 py-2 text-sm font-medium text-white hover:bg-stone-800"
          >
            Search
          </button>
          {search && (
            <Link
              to={orderListHref({ filter, view })}
              preventScrollReset
              className="whitespace-nowrap rounded-full px-3 py-2 text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              Clear search
            </Link>
          )}
        </div>
      </Form>

      <nav aria-label="Order filters" className="mt-4">
        {/* Wrapped rather than scrolled sideways: every status and its count stays in view, and no focus ring is cut off. */}
        <ul className="flex flex-wrap gap-2">
          {ORDER_FILTERS.map((option) => {
            const active = option === filter;
            return (
              <li key={option}>
                <Link
                  to={orderListHref({ filter: option, view, search })}
                  aria-current={active ? "page" : undefined}
                  preventScrollReset
                  className={chipClass(active)}
                >
                  {filterLabel(option)}
                  <span
                    className={`rounded-full px-1.5 text-xs ${active ? "bg-white/20" : "bg-stone-100 text-stone-700"}`}
                  >
                    <span className="sr-only">(</span>
                    {counts[option].toLocaleString("en-US")}
                    <span className="sr-only">)</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <p role="status" className="mt-4 text-sm text-stone-700">
        {range}
        {range && search ? ` matching “${search}”` : ""}
      </p>

      {page.items.length === 0 ? (
        <p className="mt-2 rounded-2xl border border-dashed border-stone-300 p-8 text-center text-stone-600">
          {emptyText(filter === "all" ? "" : filterLabel(filter).toLowerCase(), search)}
        </p>
      ) : (
        <div className="mt-3">
          <AdminOrderTable orders={page.items} query={query} />
        </div>
      )}
      <OrderPager query={query} page={page} />
    </div>
  );
}

function emptyText(status: string, search: string): string {
  const what = status ? `${status} orders` : "orders";
  if (search) return `No ${what} match “${search}”.`;
  return status ? `No ${what}.` : "No orders yet.";
}

/** Newest, Newer, Older, Oldest: keyset pages, so a new order arriving never shifts what a page shows. */
function OrderPager({ query, page }: { query: OrderListQuery; page: AdminOrderPage }) {
  if (!page.newerThan && !page.olderThan) return null;
  const base = { filter: query.filter, view: query.view, search: query.search };
  const linkClass = "rounded-full border border-stone-300 px-4 py-2 text-sm font-medium hover:border-ink";
  const links = [
    page.newerThan && { label: "Newest", to: orderListHref(base) },
    page.newerThan && {
      label: "Newer",
      to: orderListHref({ ...base, cursor: { kind: "before", id: page.newerThan } }),
    },
    page.olderThan && { label: "Older", to: orderListHref({ ...base, cursor: { kind: "after", id: page.olderThan } }) },
    page.olderThan && { label: "Oldest", to: orderListHref({ ...base, cursor: { kind: "oldest" } }) },
  ].filter((link): link is { label: string; to: string } => Boolean(link));
  return (
    <nav aria-label="Order pages" className="mt-6">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One order opened from the list (`order=<id>` in the address): today's full card, and the way back to the list as it was. */
export function OrderDetail({ query, order }: { query: OrderListQuery; order: OrderView }) {
  return (
    <div>
      <h2 className="sr-only">Order details</h2>
      <Link
        to={orderListHref(query)}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2"
      >
        <span aria-hidden="true">←</span> Back to orders
      </Link>
      <div className="mt-4">
        <AdminOrderCard order={order} />
      </div>
    </div>
  );
}
