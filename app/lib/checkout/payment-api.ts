/**
 * The checkout's calls to the payment endpoints (docs/product.md §7 paths). Bodies name what to
 * buy and where to send it (cart lines and address ids); never a price, total or currency:
 * the server prices everything and its numbers come back with each answer.
 */
import type { CartLine } from "../../../domain/cart";
import { toRequestLines } from "../../../domain/cart-storage";
import type { LineChoiceInput, Totals } from "../../../domain/checkout-line";

export interface CheckoutRequest {
  lines: LineChoiceInput[];
  shippingAddressId: string;
  billingAddressId: string | null;
  sameAsShipping: boolean;
  /** The discount code applied in the cart, if any: the server prices it (docs/decisions/034-discount-codes.md). */
  discountCode?: string | null;
}

export function checkoutRequest(
  lines: readonly CartLine[],
  shippingAddressId: string,
  billing: { sameAsShipping: boolean; billingAddressId: string },
  discountCode: string | null = null,
): CheckoutRequest {
  return {
    lines: toRequestLines(lines),
    shippingAddressId,
    billingAddressId: billing.sameAsShipping ? null : billing.billingAddressId || null,
    sameAsShipping: billing.sameAsShipping,
    ...(discountCode ? { discountCode } : {}),
  };
}

/** The server's priced view of the checkout it just opened, with the discount code it priced. */
export type ServerTotals = Totals & { discountCode?: string | null };

export interface WalletCreated extends Partial<ServerTotals> {
  id?: string;
  status?: string;
  mode?: "paypal" | "sandbox";
}

export interface WalletOutcome {
  status?: string;
  id?: string;
  orderId?: string;
  message?: string;
}

export interface CardCreated extends Partial<ServerTotals> {
  id?: string;
  url?: string | null;
  mode?: "stripe" | "sandbox";
}

/**
 * A refused or failed call. `status` 0 means the request never got an answer (offline,
 * aborted). 4xx answers are the server refusing this request with a reason worth showing;
 * 5xx and 0 are failures on the way, where the PayPal fallback may step in.
 */
export class PaymentRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The rest of the server's answer (e.g. the checkout reference a PayPal fallback pays against). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "PaymentRequestError";
  }

  /** The server looked at the request and said no (bad cart, sold out, not signed in). */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

async function postJson<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (error) {
    throw new PaymentRequestError(0, (error as Error).message || "Network error");
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (!response.ok) {
    const answer = (payload && typeof payload === "object" ? payload : {}) as Record<string, unknown>;
    const message = typeof answer.message === "string" ? answer.message : `${response.status} ${response.statusText}`;
    throw new PaymentRequestError(
      response.status,
      message,
      typeof answer.code === "string" ? answer.code : undefined,
      answer,
    );
  }
  if (payload === null || typeof payload !== "object")
    throw new PaymentRequestError(response.status, "The server sent no JSON");
  return payload as T;
}

export const paymentApi = {
  createPaypalOrder: (request: CheckoutRequest) => postJson<WalletCreated>("/api/create-paypal-order", request),
  capturePaypalOrder: (orderId: string) => postJson<WalletOutcome>("/api/capture-paypal-order", { orderId }),
  /**
   * The fallback: the browser made or captured the PayPal order itself; the server checks it
   * with PayPal by id, and the order's checkout reference (custom_id) says what it pays for.
   */
  verifyPaypalOrder: (orderId: string) => postJson<WalletOutcome>("/api/verify-paypal-order", { orderId }),
  createStripeSession: (request: CheckoutRequest) => postJson<CardCreated>("/api/create-stripe-session", request),
};

/**
 * The text for a failed payment: a refusal the server explained (sold out, address gone,
 * signed out) is shown as the server said it; anything else gets the generic text (docs/product.md §8).
 */
export function failureText(error: unknown, generic: string): string {
  if (error instanceof PaymentRequestError && error.refused && error.message) return error.message;
  return generic;
}

/** The server's totals from an answer, when it sent all of them as whole cents. */
export function serverTotalsOf(answer: Partial<ServerTotals>): ServerTotals | null {
  const { subtotalCents, taxCents, shippingCents, totalCents } = answer;
  const all = [subtotalCents, taxCents, shippingCents, totalCents];
  if (!all.every((n) => Number.isSafeInteger(n))) return null;
  const totals = {
    subtotalCents: subtotalCents!,
    taxCents: taxCents!,
    shippingCents: shippingCents!,
    totalCents: totalCents!,
  };
  const discountCents = answer.discountCents;
  if (!Number.isSafeInteger(discountCents) || !discountCents) return totals;
  return {
    ...totals,
    discountCents,
    discountCode: typeof answer.discountCode === "string" ? answer.discountCode : null,
  };
}

/** What the browser may make a PayPal order for when the server could not reach PayPal. */
export interface WalletFallback {
  /** The server's checkout: the order carries it as custom_id, or the server will not record it. */
  checkoutId: string;
  /** That checkout's exact amount. */
  amount: { currency_code: string; value: string };
}

/**
 * The checkout reference a failed create-paypal-order answer carries, if any. Without one the
 * browser does not make a PayPal order of its own: the server could never record it.
 */
export function walletFallbackOf(error: unknown): WalletFallback | null {
  if (!(error instanceof PaymentRequestError)) return null;
  const fallback = error.details.fallback as
    | { checkoutId?: unknown; amount?: { currency_code?: unknown; value?: unknown } }
    | undefined;
  const checkoutId = fallback?.checkoutId;
  const currency = fallback?.amount?.currency_code;
  const value = fallback?.amount?.value;
  if (typeof checkoutId !== "string" || !/^[0-9a-f-]{36}$/i.test(checkoutId)) return null;
  if (typeof currency !== "string" || typeof value !== "string" || !/^\d+\.\d{2}$/.test(value)) return null;
  return { checkoutId, amount: { currency_code: currency, value } };
}
