import { useState } from "react";
import { type CartLine, type CartTotals, lineKey } from "../../../domain/cart";
import { discountAmountLabel, discountLineLabel } from "../../../domain/discounts";
import { formatMoney } from "../../../domain/money";
import type { QuotedLine } from "../../../domain/checkout-line";
import { problemText } from "~/components/cart/cart-line-item";
import { PostalAddress } from "~/components/account/postal-address";
import { ProductImage } from "~/components/catalog/product-image";
import type { CheckoutAddress } from "./address-fields";

interface OrderSummaryProps {
  lines: readonly CartLine[];
  /** Lines the server says cannot be bought as they are, by lineKey. */
  problems: Map<string, QuotedLine>;
  /** With the discount code the server applied, if any. */
  totals: CartTotals & { discountCode?: string | null };
  shipTo: CheckoutAddress | undefined;
  /** The discount code field (hidden while a payment runs). */
  discountField?: React.ReactNode;
  className?: string;
}

/** Two columns from this width (Tailwind's lg): the items show unfolded beside the choices. */
const WIDE = "(min-width: 1024px)";

function Row({
  label,
  value,
  strong,
  testId = label.toLowerCase(),
}: {
  label: string;
  value: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={`flex items-center justify-between ${strong ? "border-t border-stone-300 pt-3 text-base font-semibold" : "text-sm"}`}
    >
      <dt className={strong ? "text-ink" : "text-stone-600"}>{label}</dt>
      <dd className="tabular-nums text-ink" data-testid={`summary-${testId}`}>
        {formatMoney(value)}
      </dd>
    </div>
  );
}

/** The right column of docs/product.md §2: items, the four totals and where the parcel goes. */
export function OrderSummary({ lines, problems, totals, shipTo, discountField, className = "" }: OrderSummaryProps) {
  // The checkout renders only in the browser (the cart is there), so the width is known at once:
  // a phone starts with the items folded, so the totals, the code and Pay come sooner.
  const [open, setOpen] = useState(() => typeof window === "undefined" || window.matchMedia(WIDE).matches);
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const hasProblem = problems.size > 0;
  return (
    <section
      aria-labelledby="order-summary-heading"
      className={`rounded-2xl bg-brand-50 p-5 sm:p-6 lg:sticky lg:top-24 lg:self-start ${className}`}
    >
      <h2 id="order-summary-heading" className="font-display text-xl text-ink">
        Order Summary
      </h2>
      <details
        open={open || hasProblem}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="group mt-3"
        data-testid="summary-items"
      >
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-lg text-sm font-medium text-ink [&::-webkit-details-marker]:hidden">
          <span>
            {count} {count === 1 ? "item" : "items"}
          </span>
          <span className="flex items-center gap-1 text-brand-700">
            <span className="group-open:hidden">Show items</span>
            <span className="hidden group-open:inline">Hide items</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="h-4 w-4 transition-transform group-open:rotate-180"
              fill="currentColor"
            >
              <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.6" fill="none" />
            </svg>
          </span>
        </summary>
        <ul className="mt-1 divide-y divide-brand-200">
          {lines.map((line) => {
            const problem = problems.get(lineKey(line));
            return (
              <li key={lineKey(line)} className="flex gap-3 py-3">
                <div className="h-20 w-16 shrink-0 overflow-hidden rounded-md bg-brand-100">
                  <ProductImage
                    address={line.imageUrls[0]}
                    alt={line.title}
                    sizes="64px"
                    className="h-full w-full object-cover"
                  />
                </div>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-ink">{line.title}</p>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-stone-600">
                    {/* Each label stays with its value: 'Qty:' never ends a line with '4' on the next. */}
                    {line.selectedSize && <span className="whitespace-nowrap">Size: {line.selectedSize}</span>}
                    {line.color && <span className="whitespace-nowrap">Color: {line.color}</span>}
                    <span className="whitespace-nowrap">Qty: {line.quantity}</span>
                  </p>
                  {problem && (
                    <p role="alert" className="mt-1 text-xs font-medium text-red-800">
                      {problemText(line, problem)}
                    </p>
                  )}
                </div>
                <p className={`shrink-0 text-sm tabular-nums ${problem ? "text-stone-400 line-through" : "text-ink"}`}>
                  {formatMoney(line.priceCents * line.quantity)}
                </p>
              </li>
            );
          })}
        </ul>
      </details>
      <dl className="mt-4 space-y-2 border-t border-brand-200 pt-4">
        <Row label="Subtotal" value={totals.subtotalCents} />
        {Boolean(totals.discountCents) && (
          <div className="flex items-center justify-between gap-3 text-sm">
            <dt className="min-w-0 break-words text-stone-600">{discountLineLabel(totals.discountCode)}</dt>
            <dd className="whitespace-nowrap tabular-nums text-emerald-800" data-testid="summary-discount">
              {discountAmountLabel(totals.discountCents ?? 0)}
            </dd>
          </div>
        )}
        <Row label="Shipping" value={totals.shippingCents} />
        <Row label="Tax (10%)" value={totals.taxCents} testId="tax" />
        <Row label="Total" value={totals.totalCents} strong />
      </dl>
      <p className="mt-1 text-xs text-stone-600">All prices in USD.</p>
      {discountField && <div className="mt-4">{discountField}</div>}
      {shipTo && (
        <div className="mt-5 rounded-xl border border-brand-200 bg-white p-4 text-sm" data-testid="shipping-to">
          <p className="font-medium text-ink">Shipping to:</p>
          <PostalAddress address={shipTo} withName className="mt-1 leading-relaxed text-stone-700" />
        </div>
      )}
    </section>
  );
}
