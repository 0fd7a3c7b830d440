import { z } from "./zod";
import { pricedLineSchema, totalsSchema } from "./checkout-line";

/**
 * The one contract between the checkout page and the payment endpoints (issue 23, decision 046):
 * what each endpoint answers, declared once. The server builds its answers to these types and
 * its tests parse them with these schemas; the browser reads every answer through them, so
 * nothing on either side casts a reply. The request bodies are in `payment-schemas.ts`.
 *
 * The spec's endpoints keep the fields it lists: create-{wallet}-order answers `id`;
 * capture-{wallet}-order answers `status` (COMPLETED when paid) and `id`;
 * create-{card}-session answers `id` and `url`. Everything else here is the store's addition.
 */

/**
 * Where a payment stands, the same words for every provider and both buttons:
 * - `paid`: the money is the store's and the order exists (`orderId`).
 * - `pending`: the provider has not decided yet (a PENDING capture, an unpaid or processing
 *   session); nothing is recorded, the reconciliation pass looks again.
 * - `refused`: no money was taken (declined, voided, not approved, failed); the shopper may try again.
 * - `expired`: the provider's page or order lapsed unpaid.
 * - `refunded`: money was taken but could not become an order (sold out meanwhile, a code's last
 *   use taken, an amount that did not match, a replaced checkout) and was given back in full.
 */
export const PAYMENT_OUTCOMES = ["paid", "pending", "refused", "expired", "refunded"] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * The id of the provider registration behind a button (server/payments/registry.ts): one of the
 * modes above today, any registered id tomorrow, so adding a provider does not touch this file.
 * The page needs only to know the sandbox ("sandbox") from the others.
 */
const modeSchema = z.string().min(1);

const totals = totalsSchema.extend({ discountCode: z.string().nullish() });

/** POST /api/create-{wallet}-order: the provider's order for the priced checkout. */
export const walletStartedSchema = totals.extend({
  id: z.string().min(1),
  status: z.string(),
  mode: modeSchema,
  /** The provider's approval page, when it gave one. */
  approveUrl: z.string().nullable(),
  /** The exact amount, in the provider's notation (what a browser-made fallback order must carry). */
  amount: z.object({ currency_code: z.string().length(3), value: z.string().regex(/^\d+\.\d{2}$/) }),
  lines: z.array(pricedLineSchema).optional(),
});
export type WalletStarted = z.output<typeof walletStartedSchema>;

/** POST /api/create-{card}-session: the hosted payment page to send the shopper to. */
export const cardStartedSchema = totals.extend({
  id: z.string().min(1),
  url: z.string().min(1),
  mode: modeSchema,
  lines: z.array(pricedLineSchema).optional(),
});
export type CardStarted = z.output<typeof cardStartedSchema>;

/**
 * What a confirmation answers, whichever provider and whichever way it came (capture, the
 * browser fallback's verification, the hosted page's return, the webhook): the outcome, the
 * provider's reference (`id`) and its own word for the state (`status`: PayPal's COMPLETED when paid, as
 * the spec's capture endpoint answers; the card's `paid`), the order when paid, and the sentence to show otherwise.
 */
export const paymentResultSchema = z.object({
  outcome: z.enum(PAYMENT_OUTCOMES),
  id: z.string().min(1),
  status: z.string(),
  orderId: z.string().optional(),
  /** A machine-readable reason for a refused or refunded outcome (for example `out_of_stock`). */
  code: z.string().optional(),
  message: z.string().optional(),
  /** Where the page goes next, when the server decides it (the sandbox's hosted page). */
  redirectTo: z.string().optional(),
});
export type PaymentResult = z.output<typeof paymentResultSchema>;

/**
 * A refusal or failure answer of any endpoint (4xx/5xx): the store's sentence and its kind, and for
 * a wallet outage the checkout a browser-made order must name (docs/decisions/040-paypal-payee-and-outages.md).
 */
export const paymentFailureSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fallback: z
    .object({
      checkoutId: z.uuid(),
      amount: z.object({ currency_code: z.string().length(3), value: z.string().regex(/^\d+\.\d{2}$/) }),
    })
    .optional(),
});
export type PaymentFailure = z.output<typeof paymentFailureSchema>;
