import { type AppLoadContext, data } from "react-router";
import { formatMoney } from "../../domain/money";
import { returnMessages } from "../../domain/returns";
import { adminResult } from "./admin-result";
import { refundRefusal } from "./refund-refusal.server";

export const RETURN_INTENTS = ["approve-return", "decline-return", "refund-return"] as const;
export type ReturnIntent = (typeof RETURN_INTENTS)[number];

export function isReturnIntent(intent: string): intent is ReturnIntent {
  return (RETURN_INTENTS as readonly string[]).includes(intent);
}

/**
 * The order desk's answers to return requests (docs/decisions/052-return-requests.md), called by
 * /admin's action after it checked the administrator: approve (the refund of decisions 033 and
 * 039), refund again an approved one whose refund did not finish, or decline with a note.
 */
export async function returnAction(intent: ReturnIntent, form: FormData, context: AppLoadContext, adminId: string) {
  const field = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const requestId = field("requestId");
  try {
    if (intent === "decline-return") {
      await context.services.returns.decline({ requestId, note: field("note"), adminId });
      return adminResult(true, returnMessages.declined);
    }
    const result =
      intent === "approve-return"
        ? await context.services.returns.approve({ requestId, restock: field("restock") === "on", adminId })
        : await context.services.returns.refundApproved({ requestId, adminId });
    if (!result.refunded)
      return data(adminResult(false, returnMessages.approvedPending, result.problem), { status: 409 });
    return adminResult(
      true,
      `${returnMessages.approved}: ${formatMoney(result.order.refunds.at(-1)?.amountCents ?? 0)}`,
    );
  } catch (error) {
    const refused = refundRefusal(error);
    if (refused)
      return data(adminResult(false, returnMessages.decideFailed, refused.message), { status: refused.status });
    context.logger.error({ err: error }, "answering a return request failed");
    return data(adminResult(false, returnMessages.decideFailed), { status: 500 });
  }
}
