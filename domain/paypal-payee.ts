/**
 * Whose PayPal account an order pays (docs/decisions/040-paypal-payee-and-outages.md). PayPal
 * reports the payee of each purchase unit as `payee.merchant_id` (the account id: 13 characters
 * of 2-9 and capitals without I and O) and/or `payee.email_address` (openapi/checkout_orders_v2.json,
 * `payee_base`). An order counts for the store only when that payee is the store's own account:
 * the one behind the credentials the store calls PayPal with.
 */

export interface PaypalAccount {
  merchantId: string | null;
  email: string | null;
}

/** Reads `purchase_units[].payee` as PayPal sends it; null when it names no account. */
export function readPayee(raw: unknown): PaypalAccount | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { merchant_id: merchantId, email_address: email } = raw as Record<string, unknown>;
  const account: PaypalAccount = {
    merchantId: typeof merchantId === "string" && merchantId !== "" ? merchantId : null,
    email: typeof email === "string" && email.includes("@") ? email : null,
  };
  return account.merchantId || account.email ? account : null;
}

/**
 * True when `payee` is the store's account. The merchant id decides when both sides have one
 * (an account may change its e-mail, never its id); otherwise the e-mail, compared without case.
 * A payee that names nothing comparable is not the store's.
 */
export function isStorePayee(payee: PaypalAccount | null, store: PaypalAccount): boolean {
  if (!payee) return false;
  if (payee.merchantId && store.merchantId) return payee.merchantId === store.merchantId;
  if (payee.email && store.email) return payee.email.toLowerCase() === store.email.toLowerCase();
  return false;
}

/**
 * Whether a failed call to a payment provider is an outage (try again, or the browser fallback)
 * rather than the provider saying no: no answer at all, or a 5xx. A 4xx (a refused request,
 * refused credentials, a rate limit) is an answer, and the shopper is told so.
 */
export function isProviderOutage(providerStatus: number | undefined): boolean {
  return providerStatus === undefined || providerStatus >= 500;
}
