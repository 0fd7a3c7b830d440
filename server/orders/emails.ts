import { postalLines } from "../../domain/address-format";
import { orderNumber } from "../../domain/ids";
import { grandTotal } from "../../domain/checkout-line";
import { discountAmountLabel, discountLineLabel } from "../../domain/discounts";
import { variantUrl } from "../../domain/images";
import { centsToDecimalString } from "../../domain/money";
import { sandboxOrderMessages } from "../../domain/payment-messages";
import type { AddressSnapshot, OrderItem, OrderView } from "../../domain/views";
import type { MailMessage } from "../mail/outbox";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const dollars = (cents: number) => `$${centsToDecimalString(cents)}`;

function itemLine(item: OrderItem): string {
  const choice = [item.selectedSize && `Size: ${item.selectedSize}`, item.color && `Color: ${item.color}`]
    .filter(Boolean)
    .join(", ");
  return `${item.quantity} × ${item.title}${choice ? ` (${choice})` : ""} — ${dollars(item.priceCents * item.quantity)}`;
}

/** The line's picture (the chosen colour's, which the server put first) as a full address mail clients can load. */
function itemImage(item: OrderItem, publicUrl: string): string | null {
  const address = item.imageUrls[0];
  if (!address) return null;
  try {
    const url = new URL(variantUrl(address, 320), `${publicUrl}/`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function itemRow(item: OrderItem, publicUrl: string): string {
  const image = itemImage(item, publicUrl);
  const picture = image
    ? `<img src="${escapeHtml(image)}" alt="" width="64" height="80" style="display:block;border-radius:6px;object-fit:cover">`
    : "";
  return `<tr><td style="padding:4px 12px 4px 0;vertical-align:top">${picture}</td><td style="padding:4px 0;vertical-align:middle">${escapeHtml(itemLine(item))}</td></tr>`;
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
    `Subtotal: ${dollars(order.subtotalCents)}`,
    ...(order.discountCents
      ? [`${discountLineLabel(order.discountCode)}: ${discountAmountLabel(order.discountCents)}`]
      : []),
    `Shipping: ${dollars(order.shippingCents)}`,
    `Tax (10%): ${dollars(order.taxCents)}`,
    `Total: ${dollars(grandTotal(order))}`,
  ];
  const link = `${publicUrl}/orders`;
  const text = [
    `Hello ${order.userName},`,
    "",
    `Thank you for your purchase. Your order ${number} has been received.`,
    ...(order.sandbox ? ["", sandboxOrderMessages.emailLine] : []),
    "",
    ...order.items.map(itemLine),
    "",
    ...totals,
    "",
    "Shipping to:",
    ...addressLines(order.shippingAddress),
    "",
    `See your orders: ${link}`,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(order.userName)},</p>`,
    `<p>Thank you for your purchase. Your order <strong>${number}</strong> has been received.</p>`,
    ...(order.sandbox ? [`<p><strong>${escapeHtml(sandboxOrderMessages.emailLine)}</strong></p>`] : []),
    `<table role="presentation" cellpadding="0" cellspacing="0">${order.items.map((item) => itemRow(item, publicUrl)).join("")}</table>`,
    `<p>${totals.map(escapeHtml).join("<br>")}</p>`,
    `<p>Shipping to:<br>${addressLines(order.shippingAddress).map(escapeHtml).join("<br>")}</p>`,
    `<p><a href="${escapeHtml(link)}">See your orders</a></p>`,
  ].join("\n");
  const subject = `Your Threadline order ${number}${order.sandbox ? sandboxOrderMessages.subjectSuffix : ""}`;
  return { to: order.userEmail, subject, text, html };
}
