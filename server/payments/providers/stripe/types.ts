import type Stripe from "stripe";
import type { PaymentRequest } from "../../../../domain/checkout-line";

export type { PaymentRequest };

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

/** The Stripe calls the store makes (server/payments/providers/stripe/stripe.ts). */
export interface StripeApi {
  readonly mode: "stripe";
  createSession(request: PaymentRequest): Promise<{ id: string; url: string }>;
  /** Null when Stripe does not know the session. */
  retrieveSession(sessionId: string): Promise<CardSession | null>;
  /** Refunds the whole payment without `amountCents`, or that part of it; a repeated key answers the first refund. */
  refund(paymentRef: string, idempotencyKey: string, amountCents?: number): Promise<{ id: string; status: string }>;
  /** Closes an open session; false when it was not open any more (paid or expired). */
  expireSession(sessionId: string): Promise<boolean>;
  /** The event in a webhook request, if its Stripe-Signature header proves it; throws otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}
