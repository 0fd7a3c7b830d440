import type { PlacedOrderView } from "~/lib/orders/placed-order-view";
import { AddressBlock, ItemsAndTotals } from "./order-items";
import { SandboxBadge } from "./sandbox-badge";

/** The line that says the order's e-mail is coming (docs/wording.md: "email"). */
export const confirmationEmailText = (email: string) => `A confirmation email is on its way to ${email}.`;

/**
 * The order just paid, in full, where both payment flows end (docs/product.md: the wallet on My
 * Orders, the card on /payment-success): its number, its lines with picture, size, colour,
 * quantity and line price, the shipping address, the totals, and that its e-mail is on its way.
 * One component for both, so the two ends cannot drift apart.
 */
export function PlacedOrder({ order, level }: { order: PlacedOrderView; level: 2 | 3 }) {
  const headingId = `placed-order-${order.id}`;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={headingId}
      data-testid="placed-order"
      className="overflow-hidden rounded-2xl border border-emerald-200 bg-white text-left shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-emerald-100 bg-emerald-50 px-4 py-3 sm:px-6">
        <Heading id={headingId} className="font-semibold text-ink">
          {`Order #${order.number}`}
        </Heading>
        {order.sandbox && <SandboxBadge />}
        <p className="basis-full text-sm text-stone-700" data-testid="confirmation-email">
          {confirmationEmailText(order.userEmail)}
        </p>
      </header>
      <div className="grid gap-6 px-4 py-4 sm:px-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ItemsAndTotals order={order} level={level === 2 ? 3 : 4} />
        <AddressBlock title="Shipping address" address={order.shippingAddress} level={level === 2 ? 3 : 4} />
      </div>
    </section>
  );
}
