import { statusLabel, statusWord } from "../../domain/admin-dashboard";
import { orderNumber } from "../../domain/ids";
import type { OrderStatus } from "../../domain/order-status";
import { sandboxOrderMessages } from "../../domain/payment-messages";
import type { TrackingView } from "../../domain/tracking";
import type { MailMessage } from "../mail/outbox";

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const SENTENCES: Record<OrderStatus, string> = {
  placed: "We have received your order.",
  confirmed: "Your order is confirmed.",
  processing: "We are preparing your order.",
  shipped: "Your order is on its way.",
  out_for_delivery: "Your order is out for delivery today.",
  delivered: "Your order has been delivered. Enjoy!",
  cancelled: "Your order has been cancelled. If you paid, the money will be returned to you.",
};

/** The e-mail a customer gets when the administrator moves their order (docs/product.md §4), queued in the same transaction. */
export function orderStatusEmail(
  order: { id: string; userEmail: string; userName: string; sandbox: boolean },
  status: OrderStatus,
  note: string,
  publicUrl: string,
  /** The shipment's tracking, when the administrator entered it (decision 054): one line, with its link. */
  tracking: TrackingView | null = null,
): MailMessage {
  const number = orderNumber(order.id);
  const link = `${publicUrl}/orders`;
  const trackingText =
    tracking && `Tracking: ${tracking.carrierLabel} ${tracking.number}${tracking.url ? ` (${tracking.url})` : ""}`;
  const text = [
    `Hello ${order.userName},`,
    "",
    `Your order ${number} is now: ${statusLabel(status)}.`,
    SENTENCES[status],
    ...(order.sandbox ? [sandboxOrderMessages.emailLine] : []),
    ...(trackingText ? [trackingText] : []),
    "",
    `Note: ${note}`,
    "",
    `See your orders: ${link}`,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(order.userName)},</p>`,
    `<p>Your order <strong>${number}</strong> is now: <strong>${escapeHtml(statusLabel(status))}</strong>.<br>${escapeHtml(SENTENCES[status])}</p>`,
    ...(order.sandbox ? [`<p><strong>${escapeHtml(sandboxOrderMessages.emailLine)}</strong></p>`] : []),
    ...(tracking
      ? [
          `<p>Tracking: ${escapeHtml(tracking.carrierLabel)} ${
            tracking.url
              ? `<a href="${escapeHtml(tracking.url)}">${escapeHtml(tracking.number)}</a>`
              : escapeHtml(tracking.number)
          }</p>`,
        ]
      : []),
    `<p>Note: ${escapeHtml(note)}</p>`,
    `<p><a href="${escapeHtml(link)}">See your orders</a></p>`,
  ].join("\n");
  const subject = `Your Threadline order ${number} is ${statusWord(status)}${order.sandbox ? sandboxOrderMessages.subjectSuffix : ""}`;
  return { to: order.userEmail, subject, text, html };
}
