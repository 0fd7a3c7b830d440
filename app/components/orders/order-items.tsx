import { PostalAddress } from "~/components/account/postal-address";
import type { ReactNode } from "react";
import { discountAmountLabel, discountLineLabel } from "../../../domain/discounts";
import { formatMoney } from "../../../domain/money";
import type { OrderItem } from "../../../domain/views";
import { ProductImage } from "~/components/catalog/product-image";

/** The lines of an order as they were bought: the order's own copy of title, image and price. */
export function OrderItems({ items }: { items: readonly OrderItem[] }) {
  return (
    <ul className="divide-y divide-stone-100">
      {items.map((item, i) => (
        <li key={`${item.productId}-${item.selectedSize}-${item.color}-${i}`} className="flex gap-3 py-3">
          <ProductImage
            address={item.imageUrls[0]}
            alt=""
            sizes="64px"
            className="aspect-[4/5] h-20 w-16 shrink-0 rounded-md bg-brand-100 object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-ink">{item.title}</p>
            <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-stone-600">
              {[
                item.selectedSize && `Size: ${item.selectedSize}`,
                item.color && `Color: ${item.color}`,
                `Qty: ${item.quantity}`,
              ]
                .filter(Boolean)
                .map((part) => (
                  // A label and its value never part at the end of a line ('Qty:' here, '4' on the next).
                  <span key={String(part)} className="whitespace-nowrap">
                    {part}
                  </span>
                ))}
            </p>
            <p className="mt-0.5 text-xs text-stone-600">{`${formatMoney(item.priceCents)} each`}</p>
          </div>
          <p className="shrink-0 text-sm font-semibold">{formatMoney(item.priceCents * item.quantity)}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * An order's lines and its totals under them, with a hidden "Items" heading at the card's level
 * (My Orders' cards, the order just placed); `children` follow the totals (refunds, cancel).
 */
export function ItemsAndTotals({
  order,
  level,
  children,
}: {
  order: Parameters<typeof OrderTotals>[0]["order"] & { items: readonly OrderItem[] };
  level: 3 | 4;
  children?: ReactNode;
}) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <div>
      <Heading className="sr-only">Items</Heading>
      <OrderItems items={order.items} />
      <div className="mt-3 border-t border-stone-100 pt-3">
        <OrderTotals order={order} />
      </div>
      {children}
    </div>
  );
}

/** Subtotal, its discount, shipping, tax and what was charged (docs/product.md §9); after refunds, what was refunded and the net paid. */
export function OrderTotals({
  order,
}: {
  order: {
    subtotalCents: number;
    discountCents?: number;
    discountCode?: string | null;
    taxCents: number;
    shippingCents: number;
    totalCents: number;
    refundedCents?: number;
  };
}) {
  const refunded = order.refundedCents ?? 0;
  const rows: [string, string][] = [
    ["Subtotal", formatMoney(order.subtotalCents)],
    ...(order.discountCents
      ? [[discountLineLabel(order.discountCode), discountAmountLabel(order.discountCents)] as [string, string]]
      : []),
    ["Shipping", formatMoney(order.shippingCents)],
    ["Tax (10%)", formatMoney(order.taxCents)],
  ];
  return (
    <dl className="space-y-1 text-sm">
      {rows.map(([label, amount]) => (
        <div key={label} className="flex justify-between gap-4 text-stone-600">
          <dt className="min-w-0 break-words">{label}</dt>
          <dd className="whitespace-nowrap">{amount}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-1 font-semibold text-ink">
        <dt>Total</dt>
        <dd>{formatMoney(order.totalCents)}</dd>
      </div>
      {refunded > 0 && (
        <>
          <div className="flex justify-between gap-4 text-stone-600">
            <dt>Refunded</dt>
            <dd>−{formatMoney(refunded)}</dd>
          </div>
          <div className="flex justify-between gap-4 font-semibold text-ink">
            <dt>Net paid</dt>
            <dd>{formatMoney(order.totalCents - refunded)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

export function AddressBlock({
  title,
  address,
  level = 4,
}: {
  title: string;
  address: {
    name: string;
    street: string;
    city: string;
    state: string;
    zipCode: string;
    country?: string;
    phone: string;
  };
  /** The heading level that follows the card's own heading (h2 on My Orders, h3 on the admin's cards). */
  level?: 3 | 4;
}) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <div>
      <Heading className="text-xs font-semibold uppercase tracking-wide text-stone-600">{title}</Heading>
      <PostalAddress
        address={{ ...address, country: address.country ?? "" }}
        withName
        withPhone
        className="mt-1 text-sm leading-6 text-stone-700"
      />
    </div>
  );
}
