import { z } from "./zod";
import { cartRequestErrorMessage, cartRequestSchema } from "./cart-schemas";
import { discountCodeFieldSchema } from "./discount-schemas";
import { isUuid } from "./ids";
import { paymentMessages } from "./payment-messages";

/**
 * Bodies of the payment endpoints (docs/product.md §7 paths). They name what to buy and where to
 * send it; a price, total, amount or currency in the body is not part of the schema and is
 * dropped, so nothing after validation can read it.
 */
export const checkoutBodySchema = z
  .object({
    lines: cartRequestSchema,
    shippingAddressId: z
      .string({ error: paymentMessages.selectShipping })
      .refine(isUuid, paymentMessages.addressNotFound),
    billingAddressId: z.string().refine(isUuid, paymentMessages.addressNotFound).nullish(),
    sameAsShipping: z.boolean({ error: "sameAsShipping must be true or false" }).default(true),
    /** The discount code the shopper applied (docs/decisions/034-discount-codes.md); the server prices it. */
    discountCode: discountCodeFieldSchema,
  })
  .refine((body) => body.sameAsShipping || Boolean(body.billingAddressId), {
    message: paymentMessages.selectBilling,
    path: ["billingAddressId"],
  });

export type CheckoutBody = z.output<typeof checkoutBodySchema>;

/** PayPal order ids are capitals and digits (Orders v2: ^[A-Z0-9]+$, at most 36). */
export const paypalOrderIdSchema = z
  .string({ error: paymentMessages.orderIdRequired })
  .regex(/^[A-Z0-9]{1,36}$/, paymentMessages.walletOrderNotFound);

export const captureBodySchema = z.object({ orderId: paypalOrderIdSchema });

/**
 * The browser's fallback: it created and/or captured the PayPal order itself and asks the server
 * to verify it with PayPal. The order names its checkout (custom_id) at PayPal, so the id is
 * all the server needs; a cart or address in the body would be the browser's word, and is dropped.
 */
export const walletFallbackBodySchema = z.object({ orderId: paypalOrderIdSchema });

export type WalletFallbackBody = z.output<typeof walletFallbackBodySchema>;

/** Stripe session ids (cs_test_..., cs_live_...) and the sandbox's cs_sandbox_... */
export const CARD_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/** One readable sentence for a refused body: a cart line's problem names the line. */
export function paymentBodyErrorMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue?.path[0] === "lines") return cartRequestErrorMessage(error);
  return issue?.message ?? "Invalid request";
}
