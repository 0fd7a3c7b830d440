import type { z } from "./zod";
import { cardStartedSchema, paymentResultSchema, walletStartedSchema } from "./payment-contract";
import { captureBodySchema, checkoutBodySchema, walletFallbackBodySchema } from "./payment-schemas";

/**
 * The payment endpoints the checkout page calls, each named once: its path, what it reads (the
 * body schema) and what it answers (the answer schema; a refusal or failure answers
 * `paymentFailureSchema`). The browser's client (`app/lib/checkout/payment-api.ts`) is built from
 * this table (docs/decisions/047-one-typed-payment-contract.md); the server's routes check the
 * same bodies and answer the same shapes. The first three paths are the spec's (docs/product.md §7).
 */
export const paymentEndpoints = {
  createWalletOrder: { path: "/api/create-paypal-order", body: checkoutBodySchema, answer: walletStartedSchema },
  captureWalletOrder: { path: "/api/capture-paypal-order", body: captureBodySchema, answer: paymentResultSchema },
  createCardSession: { path: "/api/create-stripe-session", body: checkoutBodySchema, answer: cardStartedSchema },
  /** The wallet's browser fallback (docs/decisions/009-payment-starts.md, 040): the server verifies a PayPal order by id. */
  verifyWalletOrder: { path: "/api/verify-paypal-order", body: walletFallbackBodySchema, answer: paymentResultSchema },
} as const;

export type PaymentEndpointName = keyof typeof paymentEndpoints;
export type PaymentEndpoint = (typeof paymentEndpoints)[PaymentEndpointName];
/** What the caller gives: the body schema's input (defaults and normalising happen on the server). */
export type EndpointBody<N extends PaymentEndpointName> = z.input<(typeof paymentEndpoints)[N]["body"]>;
/** What the caller gets: the answer schema's output, once it parsed. */
export type EndpointAnswer<N extends PaymentEndpointName> = z.output<(typeof paymentEndpoints)[N]["answer"]>;
