import type { OrderView } from "../../../domain/views";

/** What the end of a payment shows of the order just paid (the wallet's My Orders, the card's confirmation). */
export type PlacedOrderView = Pick<
  OrderView,
  | "id"
  | "number"
  | "items"
  | "subtotalCents"
  | "discountCents"
  | "discountCode"
  | "taxCents"
  | "shippingCents"
  | "totalCents"
  | "shippingAddress"
  | "userEmail"
  | "sandbox"
>;

/** Just those fields of an order: the page's data carries nothing else of it (no payment ids, no history). */
export function placedOrderView(order: OrderView): PlacedOrderView {
  const { id, number, items, subtotalCents, discountCents, discountCode, taxCents, shippingCents, totalCents } = order;
  const { shippingAddress, userEmail, sandbox } = order;
  return {
    id,
    number,
    items,
    subtotalCents,
    discountCents,
    discountCode,
    taxCents,
    shippingCents,
    totalCents,
    shippingAddress,
    userEmail,
    sandbox,
  };
}
