import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { STATUS_NOTE_MAX } from "../../../domain/admin-dashboard";
import { formatMoney } from "../../../domain/money";
import { piecesRefundWay, quoteItemCancellation, quoteReturn, remainingQuantities } from "../../../domain/refunds";
import type { OrderView } from "../../../domain/views";
import type { AdminResult } from "~/lib/admin-result";
import { useHydrated } from "~/lib/cart";

/** The two ways pieces come back (docs/decisions/039-returns-only-after-shipping.md), in the form's words. */
const WORDS = {
  cancel: {
    intent: "cancel-items",
    open: "Cancel items",
    legend: "Pieces to cancel",
    left: "can be cancelled",
    choose: "Choose how many pieces of each line to cancel.",
    noteLabel: "Note for the cancellation (optional)",
    placeholder: "Customer changed their mind",
    submit: "Cancel and refund",
    busy: "Cancelling...",
  },
  return: {
    intent: "refund-items",
    open: "Refund items",
    legend: "Pieces to refund",
    left: "can be refunded",
    choose: "Choose how many pieces of each line to refund.",
    noteLabel: "Note for the refund (optional)",
    placeholder: "Returned: wrong size",
    submit: "Refund",
    busy: "Refunding...",
  },
} as const;

/**
 * "Cancel items" before the order is shipped, "Refund items" after (decision records 033 and
 * 039): per line how many pieces (0 up to what is left) and the amount the server will refund
 * (the same rule, domain/refunds.ts) before confirming. Cancelled pieces always go back into
 * stock and, when they are every piece left, cancel the order; returned ones go back into stock
 * when asked.
 */
export function RefundItemsForm({ order }: { order: OrderView }) {
  const fetcher = useFetcher<AdminResult>();
  const [open, setOpen] = useState(false);
  const remaining = remainingQuantities(order.items, order.refunds);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const panelId = useId();
  const busy = fetcher.state !== "idle";
  const hydrated = useHydrated();
  // A refund made: the form starts again from nothing.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      setQuantities({});
      setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);
  const way = piecesRefundWay(order.status);
  if (way === null || remaining.every((n) => n === 0)) return null;
  const words = WORDS[way];

  const lines = Object.entries(quantities).map(([index, text]) => ({
    index: Number(index),
    quantity: text.trim() === "" ? 0 : Number(text),
  }));
  const check =
    way === "cancel" ? quoteItemCancellation(order, order.refunds, lines) : quoteReturn(order, order.refunds, lines);
  // Every piece left chosen: the order itself is cancelled, shipping refunded too.
  const wholeOrder = check.ok && "kind" in check && check.kind === "cancellation";
  const chosen = lines.some((line) => line.quantity !== 0);
  return (
    <div className="mt-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="rounded-full border border-stone-300 px-4 py-2 text-sm font-medium hover:border-ink"
      >
        {words.open}
      </button>
      <div id={panelId} hidden={!open} className="mt-3 rounded-xl border border-stone-200 p-4">
        <fetcher.Form method="post" action="/admin?tab=orders" className="space-y-3">
          <input type="hidden" name="intent" value={words.intent} />
          <input type="hidden" name="orderId" value={order.id} />
          {/* The refunds this screen shows: the server refuses if someone refunded meanwhile. */}
          <input type="hidden" name="seenRefunds" value={order.refunds.length} />
          <fieldset>
            <legend className="text-sm font-semibold text-ink">{words.legend}</legend>
            <ul className="mt-2 space-y-2">
              {order.items.map((item, index) => (
                <li
                  key={`${item.productId}-${item.selectedSize}-${item.color}-${index}`}
                  className="flex items-center justify-between gap-3 text-sm"
                >
                  <label htmlFor={`${panelId}-${index}`} className="min-w-0 flex-1 text-stone-700">
                    <span className="font-medium text-ink">{item.title}</span>
                    {item.selectedSize ? ` (${item.selectedSize})` : ""}
                    <span className="block text-xs text-stone-600">
                      {remaining[index]} of {item.quantity} {words.left} · {formatMoney(item.priceCents)} each
                    </span>
                  </label>
                  <input
                    id={`${panelId}-${index}`}
                    name={`quantity-${index}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={remaining[index]}
                    step={1}
                    disabled={remaining[index] === 0}
                    value={quantities[index] ?? "0"}
                    onChange={(event) => setQuantities((q) => ({ ...q, [index]: event.target.value }))}
                    className="w-20 rounded-lg border border-stone-300 px-3 py-2 text-base sm:text-sm"
                  />
                </li>
              ))}
            </ul>
          </fieldset>
          {way === "return" ? (
            <label className="flex items-center gap-2 text-sm text-stone-700">
              <input type="checkbox" name="restock" defaultChecked className="h-4 w-4" />
              Put back in stock
            </label>
          ) : (
            <p className="text-sm text-stone-700">
              The order has not been shipped: cancelled pieces go back into stock.
            </p>
          )}
          <div>
            <label htmlFor={`${panelId}-note`} className="block text-xs font-medium text-stone-700">
              {words.noteLabel}
            </label>
            <input
              id={`${panelId}-note`}
              name="note"
              maxLength={STATUS_NOTE_MAX}
              placeholder={words.placeholder}
              className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-base sm:max-w-md sm:text-sm"
            />
          </div>
          <p aria-live="polite" className="text-sm">
            {!chosen ? (
              <span className="text-stone-600">{words.choose}</span>
            ) : check.ok ? (
              <span className="font-medium text-ink">
                {wholeOrder
                  ? `These are all the pieces left: the order is cancelled. Refund ${formatMoney(check.quote.amountCents)}: ${formatMoney(check.quote.goodsCents)} for the items, ${formatMoney(check.quote.taxCents)} tax and ${formatMoney(check.quote.shippingCents)} shipping.`
                  : `Refund ${formatMoney(check.quote.amountCents)}: ${formatMoney(check.quote.goodsCents)} for the items and ${formatMoney(check.quote.taxCents)} tax.`}
              </span>
            ) : (
              <span className="text-red-800">{check.message}</span>
            )}
          </p>
          <button
            type="submit"
            disabled={busy || (hydrated && !check.ok)}
            className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-white hover:bg-stone-800 disabled:opacity-60"
          >
            {busy
              ? words.busy
              : check.ok
                ? `${wholeOrder ? "Cancel order and refund" : words.submit} ${formatMoney(check.quote.amountCents)}`
                : words.submit}
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}
