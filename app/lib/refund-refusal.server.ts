import { isErrorOfKind, STATUS_OF_KIND } from "../../domain/errors";
import { type Refusal, refusalOf } from "./page-failure.server";

/**
 * A refund's failure as the person is told it: the refusals of refusalOf, plus a provider that
 * could not be reached, whose message (nothing changed, try again) is the store's own and safe
 * to show (docs/decisions/033-refunds-returns-and-customer-cancel.md).
 */
export function refundRefusal(error: unknown): Pick<Refusal, "status" | "message"> | undefined {
  const refused = refusalOf(error);
  if (refused) return refused;
  if (isErrorOfKind(error, "provider_unavailable"))
    return { status: STATUS_OF_KIND.provider_unavailable, message: error.message };
  return undefined;
}
