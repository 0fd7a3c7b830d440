import { Link } from "react-router";
import { formatMoney } from "../../../domain/money";
import { sandboxOrderMessages } from "../../../domain/payment-messages";
import type { AdminProductRow, OrdersOverview } from "../../../domain/views";
import { adminPath } from "~/lib/admin-notices";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { ProductImage } from "~/components/catalog/product-image";
import type { LowStockProduct, TodoCounts } from "../../../domain/admin-overview";
import { LowStockList, TodoList } from "./overview-desk";
import { type SalesData, SalesChart } from "./sales-chart";

export interface OverviewData extends OrdersOverview {
  totalProducts: number;
  recentProducts: AdminProductRow[];
  sales: SalesData;
  todo: TodoCounts;
  lowStock: { products: LowStockProduct[]; more: number };
}

export const REVENUE_NOTE =
  "What customers paid (items, tax and shipping) less what was refunded, over all orders except cancelled ones.";

/** The revenue note, with the sandbox's pretend money said apart when there is any. */
function revenueNote(data: OverviewData): string {
  if (data.sandboxOrders === 0) return REVENUE_NOTE;
  return `${REVENUE_NOTE} ${sandboxOrderMessages.revenueApart(formatMoney(data.sandboxRevenueCents), data.sandboxOrders)}`;
}

function Counter({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 font-display text-2xl text-ink sm:text-3xl">{value}</dd>
      {note && <dd className="mt-1 text-xs leading-5 text-stone-500">{note}</dd>}
    </div>
  );
}

const TILES = [
  { to: "/admin/add-product", title: "Add Product", text: "Create a new product with photos." },
  { to: adminPath("products"), title: "Products", text: "Edit or delete products." },
  { to: adminPath("orders"), title: "Orders", text: "Move orders through their statuses." },
  { to: "/", title: "View Store", text: "See the shop as customers do." },
];

export function OverviewPanel({ data }: { data: OverviewData }) {
  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Counter label="Total Products" value={String(data.totalProducts)} />
        <Counter
          label="Total Orders"
          value={String(data.totalOrders)}
          note={data.sandboxOrders > 0 ? sandboxOrderMessages.ordersIncluding(data.sandboxOrders) : undefined}
        />
        <Counter label="Total Revenue" value={formatMoney(data.revenueCents)} note={revenueNote(data)} />
        <Counter label="Pending Orders" value={String(data.pendingOrders)} note="Placed, confirmed or processing." />
      </dl>

      <TodoList counts={data.todo} />
      <SalesChart sales={data.sales} />
      <LowStockList products={data.lowStock.products} more={data.lowStock.more} />

      <section aria-labelledby="shortcuts-heading">
        <h2 id="shortcuts-heading" className="text-lg font-semibold">
          Shortcuts
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {TILES.map((tile) => (
            <li key={tile.title}>
              <Link
                to={tile.to}
                className="block h-full rounded-2xl border border-stone-200 bg-brand-50 p-4 transition-colors hover:border-ink"
              >
                <span className="block font-medium text-ink">{tile.title}</span>
                <span className="mt-1 block text-xs text-stone-600">{tile.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="text-lg font-semibold">
          Recent Products
        </h2>
        {data.recentProducts.length === 0 ? (
          <p className="mt-3 text-sm text-stone-600">No products yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white">
            {data.recentProducts.map((product) => (
              <li key={product.id} className="flex items-center gap-3 p-3">
                <ProductImage
                  address={product.imageUrls[0]}
                  alt=""
                  sizes="48px"
                  className="aspect-[4/5] h-15 w-12 shrink-0 rounded-md bg-brand-100 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/admin/edit-product/${product.id}`}
                    className="block truncate text-sm font-medium hover:underline"
                  >
                    {product.title}
                  </Link>
                  <p className="text-xs text-stone-600">
                    {product.category} · <LocalDateTime iso={product.createdAt} withTime={false} />
                  </p>
                </div>
                <p className="text-sm font-semibold">{formatMoney(product.priceCents)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
