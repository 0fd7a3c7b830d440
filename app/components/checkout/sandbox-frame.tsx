import type { ReactNode } from "react";
import type { PricedLine, Totals } from "../../../domain/checkout-line";
import { formatMoney } from "../../../domain/money";
import { ProductImage } from "~/components/catalog/product-image";

export type SandboxLine = Omit<PricedLine, "unitPriceCents">;

export type SandboxTotals = Totals;

/** The band every sandbox page carries, so nobody mistakes it for a real payment page. */
function SandboxBanner() {
  return (
    <p role="note" className="bg-ink px-4 py-2.5 text-center text-sm font-semibold text-amber-300">
      Sandbox — no real money. This page stands in for the payment provider on this machine.
    </p>
  );
}

/** A provider's page as the store's sandbox plays it: banner, provider header, amount, items, buttons. */
export function SandboxFrame({
  provider,
  accent,
  amountLabel,
  lines,
  totals,
  children,
}: {
  provider: ReactNode;
  accent: string;
  amountLabel: string;
  lines: readonly SandboxLine[];
  totals: SandboxTotals;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8 sm:py-12">
      <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
        <SandboxBanner />
        <div className={`flex items-center justify-between gap-3 px-5 py-4 ${accent}`}>
          <h1 className="text-lg font-bold">{provider}</h1>
          <span className="rounded-full bg-white/85 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-stone-800">
            Sandbox
          </span>
        </div>
        <div className="p-5 sm:p-6">
          <p className="text-sm text-stone-600">{amountLabel}</p>
          <p className="mt-1 font-display text-4xl tabular-nums text-ink" data-testid="sandbox-amount">
            {formatMoney(totals.totalCents)}
          </p>
          <p className="mt-1 text-xs text-stone-500">USD, to Threadline</p>

          <ul className="mt-5 divide-y divide-stone-200 border-y border-stone-200">
            {lines.map((line) => (
              <li key={`${line.productId}-${line.selectedSize}-${line.color}`} className="flex items-center gap-3 py-3">
                <div className="h-14 w-11 shrink-0 overflow-hidden rounded bg-brand-100">
                  <ProductImage
                    address={line.imageUrls[0]}
                    alt=""
                    sizes="44px"
                    className="h-full w-full object-cover"
                  />
                </div>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate font-medium text-ink">{line.title}</p>
                  <p className="text-xs text-stone-600">
                    {[
                      line.selectedSize && `Size: ${line.selectedSize}`,
                      line.color && `Color: ${line.color}`,
                      `Qty: ${line.quantity}`,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                <p className="text-sm tabular-nums text-ink">{formatMoney(line.lineTotalCents)}</p>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-1 text-sm">
            {(
              [
                ["Subtotal", formatMoney(totals.subtotalCents)],
                ...(totals.discountCents ? [["Discount", `−${formatMoney(totals.discountCents)}`] as const] : []),
                ["Shipping", formatMoney(totals.shippingCents)],
                ["Tax", formatMoney(totals.taxCents)],
              ] as const
            ).map(([label, amount]) => (
              <div key={label} className="flex justify-between text-stone-600">
                <dt>{label}</dt>
                <dd className="tabular-nums">{amount}</dd>
              </div>
            ))}
            <div className="flex justify-between border-t border-stone-200 pt-2 font-semibold text-ink">
              <dt>Total</dt>
              <dd className="tabular-nums">{formatMoney(totals.totalCents)}</dd>
            </div>
          </dl>
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>
  );
}
