import type { z } from "./zod";
import { cardStartedSchema, paymentResultSchema, walletStartedSchema } from "./payment-contract";
import type { captureBodySchema, checkoutBodySchema, walletFallbackBodySchema } from "./payment-schemas";

/**
 * The payment endpoints the checkout page calls, each named once: its path and what it answers
 * (the answer schema; a refusal or failure answers `paymentFailureSchema`), with what it reads in
 * `PaymentEndpointBodies` (the body schemas of payment-schemas.ts, by type). The browser's client
 * (`app/lib/checkout/payment-api.ts`) is built from this table
 * (docs/decisions/047-one-typed-payment-contract.md); the server's routes check the same bodies
 * and answer the same shapes. The first three paths are the spec's (docs/product.md §7).
 *
 * The body schemas are referenced by type only: the browser never parses its own request, and
 * importing them as values would bring the cart's and the discount form's schemas (and their
 * texts, into a chunk the product page shares) onto the checkout page for nothing.
 */
export const paymentEndpoints = {
  createWalletOrder: { path: "/api/create-paypal-order", answer: walletStartedSchema },
  captureWalletOrder: { path: "/api/capture-paypal-order", answer: paymentResultSchema },
  createCardSession: { path: "/api/create-stripe-session", answer: cardStartedSchema },
  /** The wallet's browser fallback (docs/decisions/009-payment-starts.md, 040): the server verifies a PayPal order by id. */
  verifyWalletOrder: { path: "/api/verify-paypal-order", answer: paymentResultSchema },
} as const;

/** What each endpoint reads: its body schema's input (defaults and normalising happen on the server). */
export interface PaymentEndpointBodies {
  createWalletOrder: z.input<typeof checkoutBodySchema>;
  captureWalletOrder: z.input<typeof captureBodySchema>;
  createCardSession: z.input<typeof checkoutBodySchema>;
  verifyWalletOrder: z.input<typeof walletFallbackBodySchema>;
}

export type PaymentEndpointName = keyof typeof paymentEndpoints;
export type EndpointBody<N extends PaymentEndpointName> = PaymentEndpointBodies[N];
/** What the caller gets: the answer schema's output, once it parsed. */
export type EndpointAnswer<N extends PaymentEndpointName> = z.output<(typeof paymentEndpoints)[N]["answer"]>;
