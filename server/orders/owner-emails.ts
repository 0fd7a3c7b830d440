import { grandTotal } from "../../domain/checkout-line";
import { orderNumber } from "../../domain/ids";
import { formatMoney } from "../../domain/money";
import { sandboxOrderMessages } from "../../domain/payment-messages";
import { RETURN_REASON_LABELS, type ReturnReason } from "../../domain/returns";
import type { OrderItem } from "../../domain/views";
import { composeMail } from "../mail/layout";
import type { MailMessage } from "../mail/outbox";

/**
 * The owner's e-mails (decision 054): one for each new order and one for each return request,
 * to ADMIN_EMAIL, queued in the transaction that records the order or the request, so each is
 * sent exactly once whatever replays the payment or the request.
 */

type OwnerOrder = {
  id: string;
  userEmail: string;
  userName: string;
  items: readonly OrderItem[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  sandbox: boolean;
};

/** The order on the Orders tab: its detail view. */
export const adminOrderLink = (publicUrl: string, orderId: string) => `${publicUrl}/admin?tab=orders&order=${orderId}`;

/** The owner's e-mails in the shop's layout (server/mail/layout.ts), greeted without a name, the order's link as the button. */
function message(to: string, subject: string, paragraphs: string[], link: { text: string; href: string }): MailMessage {
  return composeMail({ to, subject, blocks: paragraphs, action: { label: link.text, url: link.href } });
}

const pieceCount = (items: readonly { quantity: number }[]) => items.reduce((sum, item) => sum + item.quantity, 0);
const pieces = (n: number) => `${n} ${n === 1 ? "piece" : "pieces"}`;

/** "New order 3F66AFA6: $120.00" (ASCII: a subject mail clients show as is): who, how many pieces, the total, and the link to the order. */
export function newOrderOwnerEmail(order: OwnerOrder, to: string, publicUrl: string): MailMessage {
  const number = orderNumber(order.id);
  const total = formatMoney(grandTotal(order));
  const sandbox = order.sandbox ? sandboxOrderMessages.subjectSuffix : "";
  return message(
    to,
    `New order ${number}: ${total}${sandbox}`,
    [
      `${order.userName} (${order.userEmail}) placed order ${number}: ${pieces(pieceCount(order.items))}, ${total}.`,
      ...(order.sandbox ? [sandboxOrderMessages.emailLine] : []),
    ],
    { text: "Open the order", href: adminOrderLink(publicUrl, order.id) },
  );
}

/** "Return requested for order 3F66AFA6": which pieces, why, and the link to the order. */
export function returnRequestOwnerEmail(
  order: { id: string; userEmail: string; userName: string },
  request: { pieces: string; reason: ReturnReason; details: string },
  to: string,
  publicUrl: string,
): MailMessage {
  const number = orderNumber(order.id);
  return message(
    to,
    `Return requested for order ${number}`,
    [
      `${order.userName} (${order.userEmail}) asks to return ${request.pieces} of order ${number}.`,
      `Reason: ${RETURN_REASON_LABELS[request.reason]}${request.details ? ` — ${request.details}` : ""}`,
    ],
    { text: "Answer the request", href: adminOrderLink(publicUrl, order.id) },
  );
}
