import { toast } from "~/lib/toast";
import type { PaymentResult } from "../../../domain/payment-contract";
import { messages } from "../../../domain/messages";
import type { CheckoutRequest, ServerTotals } from "./payment-api";
import { reactionTo } from "./payment-outcome";
import type { PaymentLock } from "./use-payment-lock";

/** What both wallet buttons (PayPal's and the sandbox's) take, app/components/checkout/wallet-buttons.tsx. */
export interface WalletButtonProps {
  lock: PaymentLock;
  /** The request for the chosen cart and addresses; null (and a toast) when it cannot be made yet. */
  request: () => CheckoutRequest | null;
  onServerTotals: (totals: ServerTotals) => void;
  /** Called once the server recorded the order, with its id when the answer named it. */
  onPaid: (orderId: string | null) => void;
}

/**
 * Both wallet buttons end here, whichever way the payment was confirmed (capture, or the
 * fallback's verification): paid is the order; anything else is the server's sentence, or
 * 'PayPal payment not completed' (docs/product.md §8).
 */
export function settleWalletResult(result: PaymentResult, onPaid: (orderId: string | null) => void): void {
  const reaction = reactionTo(result, messages.wallet.notCompleted);
  if (reaction.kind === "paid") onPaid(reaction.orderId);
  else if (reaction.tone === "info") toast.info(reaction.text);
  else toast.error(reaction.text);
}
