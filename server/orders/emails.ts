import { postalLines } from "../../domain/address-format";
import { orderNumber } from "../../domain/ids";
import { grandTotal } from "../../domain/checkout-line";
import { firstNameOf } from "../../domain/greeting";
import { discountAmountLabel, discountLineLabel } from "../../domain/discounts";
import { mailPictureUrl } from "../../domain/images";
import { formatMoney } from "../../domain/money";
import { sandboxOrderMessages } from "../../domain/payment-messages";
import type { AddressSnapshot, OrderItem, OrderView } from "../../domain/views";
import { composeMail } from "../mail/layout";
import type { MailMessage } from "../mail/outbox";

function itemLine(item: OrderItem): string {
  const choice = [item.selectedSize && `Size: ${item.selectedSize}`, item.color && `Color: ${item.color}`]
    .filter(Boolean)
    .join(", ");
  return `${item.quantity} × ${item.title}${choice ? ` (${choice})` : ""} — ${formatMoney(item.priceCents * item.quantity)}`;
}

/** The address as its country prints it (domain/address-country.ts), the same lines as on the screens. */
function addressLines(address: AddressSnapshot): string[] {
  return [address.name, ...postalLines(address)];
}

/** The order confirmation sent through the outbox in the same transaction that creates the order. */
export function orderConfirmationEmail(
  order: Pick<
    OrderView,
    | "id"
    | "userEmail"
    | "userName"
    | "items"
    | "subtotalCents"
    | "discountCents"
    | "discountCode"
    | "taxCents"
    | "shippingCents"
    | "shippingAddress"
    | "sandbox"
  >,
  publicUrl: string,
): MailMessage {
  const number = orderNumber(order.id);
  const totals = [
    `Subtotal: ${formatMoney(order.subtotalCents)}`,
    ...(order.discountCents
      ? [`${discountLineLabel(order.discountCode)}: ${discountAmountLabel(order.discountCents)}`]
      : []),
    `Shipping: ${formatMoney(order.shippingCents)}`,
    `Tax (10%): ${formatMoney(order.taxCents)}`,
    `Total: ${formatMoney(grandTotal(order))}`,
  ];
  const subject = `Your Threadline order ${number}${order.sandbox ? sandboxOrderMessages.subjectSuffix : ""}`;
  return composeMail({
    to: order.userEmail,
    subject,
    name: firstNameOf(order.userName),
    blocks: [
      `Thank you for your purchase. Your order ${number} has been received.`,
      ...(order.sandbox ? [{ strong: sandboxOrderMessages.emailLine }] : []),
      // The line's picture is the chosen colour's, which the server put first.
      { items: order.items.map((item) => ({ text: itemLine(item), picture: pictureOf(item, publicUrl) })) },
      { lines: totals },
      { lines: ["Shipping to:", ...addressLines(order.shippingAddress)] },
    ],
    action: { label: "See your orders", url: `${publicUrl}/orders` },
  });
}

function pictureOf(item: OrderItem, publicUrl: string): string | null {
  const address = item.imageUrls[0];
  return (address && mailPictureUrl(address, publicUrl)) || null;
}
