import type { PaymentRequest } from "../../../../domain/checkout-line";
import type { PaypalAccount } from "../../../../domain/paypal-payee";

/** What a provider is asked to charge (domain/checkout-line.ts). */
export type { PaymentRequest };

/** A PayPal order as far as the store cares: its state, the checkout it names and its (first) capture. */
export interface WalletOrder {
  id: string;
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED */
  status: string;
  /**
   * The checkout reference the order carries (purchase_units[0].custom_id): the store's checkout
   * id when the server or its checkout page made the order; anything else for orders made elsewhere.
   */
  customId: string | null;
  /** The account the order pays (purchase_units[0].payee); null when PayPal named none. */
  payee: PaypalAccount | null;
  capture: WalletCapture | null;
}

export interface WalletCapture {
  id: string;
  /** COMPLETED, DECLINED, PARTIALLY_REFUNDED, PENDING, REFUNDED, FAILED */
  status: string;
  /** Null when PayPal sent an amount the store cannot read. */
  amountCents: number | null;
  currency: string;
}

/** PayPal refused a capture with a business reason (422 ORDER_NOT_APPROVED, INSTRUMENT_DECLINED, ...). */
export interface WalletRefusal {
  refused: true;
  issue: string;
}

/** PayPal's Orders v2 and Payments v2 calls the store makes (server/payments/providers/paypal/paypal.ts). */
export interface PaypalApi {
  readonly mode: "paypal";
  createOrder(request: PaymentRequest): Promise<{ id: string; status: string; approveUrl?: string }>;
  /** `requestId` makes a retried capture replay the first one instead of charging again. */
  captureOrder(orderId: string, requestId: string): Promise<WalletOrder | WalletRefusal>;
  /** Null when PayPal does not know the order. */
  getOrder(orderId: string): Promise<WalletOrder | null>;
  /** Refunds the capture, in full without `amountCents`; `requestId` makes a retry answer the first refund. */
  refundCapture(captureId: string, requestId: string, amountCents?: number): Promise<{ id: string; status: string }>;
  /**
   * The store's own account: the one behind the credentials, as PayPal names it on the orders
   * the store makes (docs/decisions/040-paypal-payee-and-outages.md).
   */
  storeAccount(): Promise<PaypalAccount>;
}

export function isWalletRefusal(value: WalletOrder | WalletRefusal): value is WalletRefusal {
  return "refused" in value;
}
