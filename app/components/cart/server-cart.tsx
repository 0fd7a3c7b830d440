import { cartItemCount, cartLineFromQuote, lineKey, MAX_QUANTITY } from "../../../domain/cart";
import { MIN_QUANTITY } from "../../../domain/cart-rules";
import type { CartTotals } from "../../../domain/cart";
import type { Quote, QuotedLine } from "../../../domain/checkout-line";
import { formatMoney } from "../../../domain/money";
import { ProductImage } from "~/components/catalog/product-image";
import { CartSummary } from "./cart-summary";
import { problemText } from "./cart-line-item";

/** The cart the server keeps for the shopper, priced by the server (app/routes/cart.tsx's loader). */
export interface ServerCartView {
  lines: QuotedLine[];
  totals: CartTotals;
  itemCount: number;
  blocked: boolean;
}

/** The view of a quote (none: an empty cart). */
export function serverCartView(quote: Quote | null): ServerCartView {
  if (!quote) {
    return {
      lines: [],
      totals: { subtotalCents: 0, taxCents: 0, shippingCents: 0, totalCents: 0 },
      itemCount: 0,
      blocked: false,
    };
  }
  const buyable = quote.lines.filter((line) => line.problem === null);
  return {
    lines: quote.lines,
    totals: {
      subtotalCents: quote.subtotalCents,
      taxCents: quote.taxCents,
      shippingCents: quote.shippingCents,
      totalCents: quote.totalCents,
    },
    itemCount: cartItemCount(buyable),
    blocked: !quote.ok,
  };
}

const lineOf = cartLineFromQuote;

/**
 * The cart page as the server renders it, before (or without) the page's scripts
 * (docs/decisions/050-server-cart.md): the saved cart's lines with their quantity and Remove as
 * plain form posts to /cart, totals from the server, and the way to checkout. Once the scripts
 * run, the browser's cart (kept in step with this one) takes its place.
 */
export function ServerCart({ cart, blockedReason }: { cart: ServerCartView; blockedReason: string }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-display text-3xl text-ink sm:text-4xl">Shopping Cart</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-12">
        <section aria-labelledby="items-heading">
          <h2 id="items-heading" className="sr-only">
            Items in your cart
          </h2>
          <ul className="divide-y divide-stone-200 border-y border-stone-200">
            {cart.lines.map((quoted) => {
              const line = lineOf(quoted);
              const key = lineKey(line);
              const quantityId = `quantity-${encodeURIComponent(key)}`;
              return (
                <li key={key} className="flex gap-4 py-5">
                  <div className="shrink-0 self-start overflow-hidden rounded-lg bg-brand-100">
                    <ProductImage
                      address={line.imageUrls[0]}
                      alt=""
                      sizes="(min-width: 640px) 128px, 96px"
                      className="aspect-[4/5] h-auto w-24 object-cover sm:w-32"
                    />
                  </div>
                  <div className="min-w-0 flex-1 space-y-2">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <h3 className="font-medium text-ink">
                        <a href={`/product/${line.productId}`} className="hover:underline">
                          {line.title}
                        </a>
                      </h3>
                      <p className="tabular-nums text-ink">{formatMoney(quoted.lineTotalCents)}</p>
                    </div>
                    <p className="text-sm text-stone-600">
                      {[line.selectedSize && `Size: ${line.selectedSize}`, line.color && `Color: ${line.color}`]
                        .filter(Boolean)
                        .join(" · ")}
                      {line.selectedSize || line.color ? " · " : ""}
                      {formatMoney(line.priceCents)} each
                    </p>
                    {quoted.problem && <p className="text-sm font-medium text-red-800">{problemText(line, quoted)}</p>}
                    <div className="flex flex-wrap items-end gap-3">
                      <form method="post" className="flex items-end gap-2">
                        <input type="hidden" name="intent" value="set-quantity" />
                        <input type="hidden" name="key" value={key} />
                        <label htmlFor={quantityId} className="text-sm text-stone-700">
                          Quantity
                          <input
                            id={quantityId}
                            type="number"
                            name="quantity"
                            min={MIN_QUANTITY}
                            max={MAX_QUANTITY}
                            step={1}
                            defaultValue={line.quantity}
                            className="mt-1 block h-10 w-20 rounded-lg border border-stone-300 px-2 text-center tabular-nums"
                          />
                        </label>
                        <button
                          type="submit"
                          className="h-10 rounded-full border border-ink px-4 text-sm font-medium text-ink hover:bg-ink hover:text-white"
                        >
                          Update
                        </button>
                      </form>
                      <form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="key" value={key} />
                        <button
                          type="submit"
                          aria-label={`Remove ${line.title}`}
                          className="h-10 rounded-full px-3 text-sm font-medium text-stone-700 underline-offset-4 hover:text-red-700 hover:underline"
                        >
                          Remove
                        </button>
                      </form>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
        <CartSummary
          totals={cart.totals}
          itemCount={cart.itemCount}
          blockedReason={cart.blocked ? blockedReason : null}
        />
      </div>
    </div>
  );
}
