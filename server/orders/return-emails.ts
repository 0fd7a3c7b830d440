import { firstNameOf } from "../../domain/greeting";
import { orderNumber } from "../../domain/ids";
import { sandboxOrderMessages } from "../../domain/payment-messages";
import { RETURN_REASON_LABELS, type ReturnReason } from "../../domain/returns";
import { composeMail } from "../mail/layout";
import type { MailMessage } from "../mail/outbox";

export type ReturnStep = "requested" | "approved" | "declined";

/**
 * The customer's e-mail at each step of a return request (docs/decisions/052-return-requests.md;
 * texts in docs/wording.md "Returns"), queued in the transaction that makes the step. The refund
 * itself sends refund-emails.ts's "Refund for your Threadline order" when it is recorded.
 */
export function returnEmail(
  order: { id: string; userEmail: string; userName: string; sandbox: boolean },
  step: ReturnStep,
  request: { pieces: string; reason: ReturnReason; note: string },
  publicUrl: string,
): MailMessage {
  const number = orderNumber(order.id);
  const lines = {
    requested: [
      `We have received your return request for ${request.pieces} of your order ${number} (${RETURN_REASON_LABELS[request.reason]}).`,
      "We will look at it and write to you again soon.",
    ],
    approved: [
      `Your return of ${request.pieces} from your order ${number} is approved.`,
      "We are refunding the pieces now; a separate email confirms the refund.",
    ],
    declined: [
      `We are sorry: your return request for ${request.pieces} of your order ${number} was declined.`,
      ...(request.note ? [`Why: ${request.note}`] : []),
      "Reply to this email if you have a question.",
    ],
  }[step];
  const blocks = [...lines, ...(order.sandbox ? [{ strong: sandboxOrderMessages.emailLine }] : [])];
  const suffix = order.sandbox ? sandboxOrderMessages.subjectSuffix : "";
  const subject = {
    requested: `Return requested for your Threadline order ${number}${suffix}`,
    approved: `Return approved for your Threadline order ${number}${suffix}`,
    declined: `Return declined for your Threadline order ${number}${suffix}`,
  }[step];
  return composeMail({
    to: order.userEmail,
    subject,
    name: firstNameOf(order.userName),
    blocks,
    action: { label: "See your orders", url: `${publicUrl}/orders` },
  });
}
