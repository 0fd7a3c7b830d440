import { Form, Link } from "react-router";
import { variantLabel } from "../../../domain/variants";
import { LocalDateTime } from "~/components/ui/local-date-time";

export interface StockAlertRow {
  id: string;
  productTitle: string;
  size: string | null;
  color: string | null;
  createdAt: string;
  href: string;
}

/**
 * The profile's "Stock alerts" (docs/product.md "Stock alerts"): each waiting "Notify me" with
 * its product, size, colour and date, and a Cancel that posts to /stock-alerts (no script needed).
 */
export function StockAlertsSection({ alerts }: { alerts: readonly StockAlertRow[] }) {
  return (
    <section
      id="stock-alerts"
      aria-labelledby="stock-alerts-heading"
      className="mt-10 max-w-xl scroll-mt-24 rounded-2xl border border-stone-200 p-5 sm:p-8"
    >
      <h2 id="stock-alerts-heading" className="text-lg font-semibold">
        Stock alerts
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        We email you once when a size and color you asked for is back in stock.
      </p>
      {alerts.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No stock alerts waiting.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100">
          {alerts.map((alert) => (
            <li key={alert.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
              <div className="min-w-0">
                <Link to={alert.href} className="text-sm font-medium text-ink underline-offset-2 hover:underline">
                  {alert.productTitle}
                </Link>
                <p className="text-sm text-stone-700">{variantLabel(alert)}</p>
                <p className="text-xs text-stone-600">
                  Asked on <LocalDateTime iso={alert.createdAt} withTime={false} />
                </p>
              </div>
              <Form method="post" action="/stock-alerts">
                <input type="hidden" name="intent" value="cancel" />
                <input type="hidden" name="alertId" value={alert.id} />
                <button
                  type="submit"
                  aria-label={`Cancel stock alert for ${alert.productTitle}, ${variantLabel(alert)}`}
                  className="h-11 rounded-full border border-stone-300 px-4 text-sm font-medium text-ink hover:bg-stone-50"
                >
                  Cancel
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
