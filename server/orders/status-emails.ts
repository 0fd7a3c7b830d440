import { statusLabel, statusWord } from "../../domain/admin-dashboard";
import { firstNameOf } from "../../domain/greeting";
import { orderNumber } from "../../domain/ids";
import type { OrderStatus } from "../../domain/order-status";
import { sandboxOrderMessages } from "../../domain/payment-messages";
import type { TrackingView } from "../../domain/tracking";
import { type MailBlock, composeMail } from "../mail/layout";
import type { MailMessage } from "../mail/outbox";

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
  const subject = `Your Threadline order ${number} is ${statusWord(status)}${order.sandbox ? sandboxOrderMessages.subjectSuffix : ""}`;
  return composeMail({
    to: order.userEmail,
    subject,
    name: firstNameOf(order.userName),
    blocks: [
      { lines: [`Your order ${number} is now: ${statusLabel(status)}.`, SENTENCES[status]] },
      ...(order.sandbox ? [{ strong: sandboxOrderMessages.emailLine }] : []),
      ...(tracking ? [trackingBlock(tracking)] : []),
      ...(note ? [`Note: ${note}`] : []),
    ],
    action: { label: "See your orders", url: `${publicUrl}/orders` },
  });
}

/** The shipment's tracking line: the carrier and the number, the number linked where the carrier has a page. */
function trackingBlock(tracking: TrackingView): MailBlock {
  const text = `Tracking: ${tracking.carrierLabel}`;
  return tracking.url ? { text, link: { label: tracking.number, url: tracking.url } } : `${text} ${tracking.number}`;
}
