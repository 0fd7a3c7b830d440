import { Link } from "react-router";
import type { CartTotals } from "../../../domain/cart";
import { discountLineLabel } from "../../../domain/discounts";
import { formatMoney } from "../../../domain/money";

interface CartSummaryProps {
  /** With the discount code the server applied, if any. */
  totals: CartTotals & { discountCode?: string | null };
  /** Pieces the totals cover (lines that cannot be bought are left out). */
  itemCount: number;
  /** Why checkout is not possible now; null when it is. */
  blockedReason: string | null;
  /** The discount code field, when the page offers one. */
  discountField?: React.ReactNode;
}

function Row({ label, value, strong, minus }: { label: string; value: number; strong?: boolean; minus?: boolean }) {
  return (
    <div
      className={`flex items-center justify-between gap-3 ${strong ? "border-t border-stone-300 pt-4 text-base font-semibold" : "text-sm"}`}
    >
      <dt className={`min-w-0 break-words ${strong ? "text-ink" : "text-stone-600"}`}>{label}</dt>
      <dd className={`whitespace-nowrap tabular-nums ${minus ? "text-emerald-800" : "text-ink"}`}>
        {minus ? `−${formatMoney(value)}` : formatMoney(value)}
      </dd>
    </div>
  );
}

/** The order summary of the cart page (docs/product.md §2 and §9), with the ways on. */
export function CartSummary({ totals, itemCount, blockedReason, discountField }: CartSummaryProps) {
  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-2xl bg-brand-50 p-5 sm:p-6 lg:sticky lg:top-24 lg:self-start"
    >
      <h2 id="summary-heading" className="font-display text-xl text-ink">
        Order Summary
      </h2>
      <dl className="mt-5 space-y-3">
        <Row label={`Subtotal (${itemCount} ${itemCount === 1 ? "item" : "items"})`} value={totals.subtotalCents} />
        {Boolean(totals.discountCents) && (
          <Row label={discountLineLabel(totals.discountCode)} value={totals.discountCents ?? 0} minus />
        )}
        <Row label="Shipping" value={totals.shippingCents} />
        <Row label="Tax (10%)" value={totals.taxCents} />
        <Row label="Total" value={totals.totalCents} strong />
      </dl>
      <p className="mt-2 text-xs text-stone-600">All prices in USD.</p>
      {discountField && <div className="mt-5">{discountField}</div>}

      <div className="mt-6 space-y-3">
        {blockedReason ? (
          <>
            <button
              type="button"
              disabled
              aria-describedby="checkout-blocked"
              className="flex h-12 w-full cursor-not-allowed items-center justify-center rounded-full bg-stone-300 px-6 text-sm font-semibold text-stone-600"
            >
              Proceed to Checkout
            </button>
            <p id="checkout-blocked" role="alert" className="text-sm text-red-800">
              {blockedReason}
            </p>
          </>
        ) : (
          <Link
            to="/checkout"
            className="flex h-12 w-full items-center justify-center rounded-full bg-ink px-6 text-sm font-semibold text-white transition-colors hover:bg-stone-800"
          >
            Proceed to Checkout
          </Link>
        )}
        <Link
          to="/"
          className="flex h-12 w-full items-center justify-center rounded-full border border-ink px-6 text-sm font-semibold text-ink transition-colors hover:bg-ink hover:text-white"
        >
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
