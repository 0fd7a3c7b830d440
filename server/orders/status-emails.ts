import { statusLabel, statusWord } from "../../domain/admin-dashboard";
import { firstNameOf } from "../../domain/greeting";
import { orderNumber } from "../../domain/ids";
import type { OrderStatus } from "../../domain/order-status";
import { sandboxOrderMessages } from "../../domain/payment-messages";
import { composeMail } from "../mail/layout";
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
      ...(note ? [`Note: ${note}`] : []),
    ],
    action: { label: "See your orders", url: `${publicUrl}/orders` },
  });
}
