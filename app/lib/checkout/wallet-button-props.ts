import type { CheckoutRequest, ServerTotals } from "./payment-api";
import type { PaymentLock } from "./use-payment-lock";

/** What both wallet buttons (PayPal's and the sandbox's) take, app/components/checkout/wallet-buttons.tsx. */
export interface WalletButtonProps {
  lock: PaymentLock;
  /** The request for the chosen cart and addresses; null (and a toast) when it cannot be made yet. */
  request: () => CheckoutRequest | null;
  onServerTotals: (totals: ServerTotals) => void;
  /** Called once the server recorded the order. */
  onPaid: () => void;
}
