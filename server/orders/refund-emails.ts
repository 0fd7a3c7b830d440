import { statusWord } from "../../domain/admin-dashboard";
import { firstNameOf } from "../../domain/greeting";
import { orderNumber } from "../../domain/ids";
import { formatMoney } from "../../domain/money";
import { sandboxOrderMessages } from "../../domain/payment-messages";
import type { RefundKind } from "../../domain/refunds";
import type { PaymentMethod } from "../../domain/views";
import { composeMail } from "../mail/layout";
import type { MailMessage } from "../mail/outbox";

const WHERE: Record<PaymentMethod, string> = { paypal: "your PayPal account", stripe: "your card" };

/**
 * The customer's e-mail about a refund (docs/decisions/033-refunds-returns-and-customer-cancel.md),
 * queued in the transaction that records it: a cancellation's says the order is cancelled and
 * all the money is back; a partial cancellation's names the pieces cancelled and the amount
 * (docs/decisions/039-returns-only-after-shipping.md); a return's names the pieces and the amount.
 */
export function refundEmail(
  order: { id: string; userEmail: string; userName: string; sandbox: boolean; paymentMethod: PaymentMethod },
  refund: { kind: RefundKind; amountCents: number; pieces: string; note: string },
  publicUrl: string,
): MailMessage {
  const number = orderNumber(order.id);
  const amount = formatMoney(refund.amountCents);
  const head = {
    cancellation: [
      `Your order ${number} is now: Cancelled.`,
      `We have refunded ${amount} to ${WHERE[order.paymentMethod]}.`,
    ],
    partial_cancellation: [
      `We have cancelled ${refund.pieces} of your order ${number} before it was shipped, and refunded ${amount} to ${WHERE[order.paymentMethod]}.`,
      "The rest of your order will be sent as planned.",
    ],
    return: [
      `We have refunded ${amount} to ${WHERE[order.paymentMethod]} for ${refund.pieces} of your order ${number}.`,
    ],
  }[refund.kind];
  const blocks = [
    ...head,
    "Refunds usually show within 5 to 10 business days.",
    ...(order.sandbox ? [{ strong: sandboxOrderMessages.emailLine }] : []),
    ...(refund.note ? [`Note: ${refund.note}`] : []),
  ];
  const suffix = order.sandbox ? sandboxOrderMessages.subjectSuffix : "";
  const subject = {
    cancellation: `Your Threadline order ${number} is ${statusWord("cancelled")}${suffix}`,
    partial_cancellation: `Part of your Threadline order ${number} is ${statusWord("cancelled")}${suffix}`,
    return: `Refund for your Threadline order ${number}${suffix}`,
  }[refund.kind];
  return composeMail({
    to: order.userEmail,
    subject,
    name: firstNameOf(order.userName),
    blocks,
    action: { label: "See your orders", url: `${publicUrl}/orders` },
  });
}
