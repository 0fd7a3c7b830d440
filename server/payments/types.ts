import type Stripe from "stripe";
import type { PaymentRequest } from "../../domain/checkout-line";
import type { PaypalAccount } from "../../domain/paypal-payee";

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

/**
 * What every wallet provider does, whatever its mode. The mode-specific parts live on the
 * members of WalletProvider below, so a flow narrows on `mode` instead of casting
 * (docs/decisions/019-checkout-writer-and-provider-modes.md).
 */
interface WalletProviderBase {
  createOrder(request: PaymentRequest): Promise<{ id: string; status: string; approveUrl?: string }>;
  /** `requestId` makes a retried capture replay the first one instead of charging again. */
  captureOrder(orderId: string, requestId: string): Promise<WalletOrder | WalletRefusal>;
  /** Null when the provider does not know the order. */
  getOrder(orderId: string): Promise<WalletOrder | null>;
  /**
   * Refunds the capture: in full without `amountCents` (money that should not have been taken),
   * or that part of it (an order's return or cancellation). `requestId` makes a retry answer the
   * first refund instead of making a second.
   */
  refundCapture(captureId: string, requestId: string, amountCents?: number): Promise<{ id: string; status: string }>;
  /**
   * The store's own account: the one behind the credentials, as PayPal names it on the orders
   * the store makes (docs/decisions/040-paypal-payee-and-outages.md). An order pays the store
   * only when its payee is this account.
   */
  storeAccount(): Promise<PaypalAccount>;
}

/** PayPal's REST API. */
export interface PaypalWalletProvider extends WalletProviderBase {
  readonly mode: "paypal";
}

/** The store's own stand-in for PayPal (server/payments/sandbox.ts). */
export interface SandboxWalletProvider extends WalletProviderBase {
  readonly mode: "sandbox";
  /** The buyer's approval on the local approval step; false when the order cannot be approved. */
  approve(orderId: string): Promise<boolean>;
}

/** A wallet provider, discriminated by `mode`. */
export type WalletProvider = PaypalWalletProvider | SandboxWalletProvider;

/** A Stripe Checkout Session as far as the store cares. */
export interface CardSession {
  id: string;
  url: string | null;
  /** open, complete, expired */
  status: string;
  /** Stripe's payment_status is "paid". */
  paid: boolean;
  amountTotalCents: number | null;
  /** Upper case, like "USD". */
  currency: string | null;
  /** client_reference_id: the checkout this session pays for. */
  checkoutId: string | null;
  /** The PaymentIntent that took the money: what a refund names. */
  paymentRef: string | null;
}

/** What every card provider does, whatever its mode. */
interface CardProviderBase {
  createSession(request: PaymentRequest): Promise<{ id: string; url: string }>;
  /** Null when the provider does not know the session. */
  retrieveSession(sessionId: string): Promise<CardSession | null>;
  /** Refunds the whole payment without `amountCents`, or that part of it; a repeated key answers the first refund. */
  refund(paymentRef: string, idempotencyKey: string, amountCents?: number): Promise<{ id: string; status: string }>;
  /** Closes an open session so it can no longer be paid; false when it was not open any more (paid or expired). */
  expireSession(sessionId: string): Promise<boolean>;
}

/** Stripe Checkout through the official package (server/payments/stripe.ts). */
export interface StripeCardProvider extends CardProviderBase {
  readonly mode: "stripe";
  /**
   * The event in a webhook request, if its Stripe-Signature header proves it came from Stripe
   * for exactly these bytes within the tolerance; throws otherwise.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

/** The store's own stand-in for Stripe Checkout, with its local hosted page (server/payments/sandbox.ts). */
export interface SandboxCardProvider extends CardProviderBase {
  readonly mode: "sandbox";
  /** The Pay button of the local hosted page; false when the session is not open any more. */
  pay(sessionId: string): Promise<boolean>;
  /** The Cancel button; false when the session is not open any more. */
  cancel(sessionId: string): Promise<boolean>;
}

/** A card provider, discriminated by `mode`. */
export type CardProvider = StripeCardProvider | SandboxCardProvider;

/**
 * The one test a PayPal payment must pass before an order exists: the order and its capture
 * both COMPLETED, for exactly the checkout's amount in its currency.
 */
export function isCompletedWalletPayment(
  order: WalletOrder,
  expected: { totalCents: number; currency: string },
): boolean {
  const capture = order.capture;
  return (
    order.status === "COMPLETED" &&
    capture !== null &&
    capture.status === "COMPLETED" &&
    capture.amountCents === expected.totalCents &&
    capture.currency === expected.currency
  );
}

/** The same test for a Stripe Checkout Session. */
export function isPaidCardSession(
  session: CardSession,
  expected: { checkoutId: string; totalCents: number; currency: string },
): boolean {
  return (
    session.paid &&
    session.status === "complete" &&
    session.checkoutId === expected.checkoutId &&
    session.amountTotalCents === expected.totalCents &&
    session.currency === expected.currency
  );
}

export function isWalletRefusal(value: WalletOrder | WalletRefusal): value is WalletRefusal {
  return "refused" in value;
}
