/**
 * The checkout's calls to the payment endpoints (docs/product.md §7 paths), built from the one
 * table in domain/payment-endpoints.ts (docs/decisions/047-one-typed-payment-contract.md). Bodies
 * name what to buy and where to send it (cart lines and address ids); never a price, total or
 * currency: the server prices everything and its numbers come back with each answer. Every
 * answer is read through its schema in domain/payment-contract.ts; nothing here casts a reply.
 */
import type { CartLine } from "../../../domain/cart";
import { isSize } from "../../../domain/line-choice";
import type { Totals } from "../../../domain/checkout-line";
import {
  type CardStarted,
  type PaymentFailure,
  paymentFailureSchema,
  type WalletStarted,
} from "../../../domain/payment-contract";
import { type EndpointBody, type PaymentEndpointName, paymentEndpoints } from "../../../domain/payment-endpoints";
import type { z } from "../../../domain/zod";

/** The body of a payment start, as the body schema takes it (`checkoutBodySchema`'s input). */
export type CheckoutRequest = EndpointBody<"createWalletOrder">;

export function checkoutRequest(
  lines: readonly CartLine[],
  shippingAddressId: string,
  billing: { sameAsShipping: boolean; billingAddressId: string },
  discountCode: string | null = null,
): CheckoutRequest {
  return {
    // The stored cart was read with readLineChoice (domain/cart-storage.ts): its sizes are the store's.
    lines: lines.map(({ productId, selectedSize, color, quantity }) => ({
      productId,
      selectedSize: isSize(selectedSize) ? selectedSize : null,
      color,
      quantity,
    })),
    shippingAddressId,
    billingAddressId: billing.sameAsShipping ? null : billing.billingAddressId || null,
    sameAsShipping: billing.sameAsShipping,
    ...(discountCode ? { discountCode } : {}),
  };
}

/** The server's priced view of the checkout it just opened, with the discount code it priced. */
export type ServerTotals = Totals & { discountCode?: string | null };

/** What the browser may make a PayPal order for when the server could not reach PayPal. */
export type WalletFallback = NonNullable<PaymentFailure["fallback"]>;

/**
 * A refused or failed call. `status` 0 means the request never got an answer (offline,
 * aborted). 4xx answers are the server refusing this request with a reason worth showing;
 * 5xx, 0 and an answer that does not parse are failures on the way, where the PayPal fallback
 * may step in (only when the answer carries a `fallback`).
 */
export class PaymentRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** A wallet outage's checkout reference (docs/decisions/040-paypal-payee-and-outages.md). */
    readonly fallback?: WalletFallback,
  ) {
    super(message);
    this.name = "PaymentRequestError";
  }

  /** The server looked at the request and said no (bad cart, sold out, not signed in). */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** A failure answer without a usable fallback still has its sentence and kind. */
const failureWithoutFallback = paymentFailureSchema.omit({ fallback: true });

/** One line of a schema's complaint, for the error's message (the console, the tests). */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "answer"}: ${issue.message}` : "unknown shape";
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Posts `body` to one endpoint of the table and reads its answer with that endpoint's schema. */
async function call<Answer extends z.ZodType>(
  endpoint: { path: string; answer: Answer },
  body: EndpointBody<PaymentEndpointName>,
): Promise<z.output<Answer>> {
  let response: Response;
  try {
    response = await fetch(endpoint.path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (error) {
    throw new PaymentRequestError(0, error instanceof Error && error.message ? error.message : "Network error");
  }
  const payload = await readJson(response);
  if (!response.ok) {
    const failure = paymentFailureSchema.safeParse(payload);
    const read = failure.success ? failure : failureWithoutFallback.safeParse(payload);
    if (!read.success)
      throw new PaymentRequestError(response.status, `${response.status} ${response.statusText}`.trim());
    throw new PaymentRequestError(
      response.status,
      read.data.message,
      read.data.code,
      failure.success ? failure.data.fallback : undefined,
    );
  }
  const parsed = endpoint.answer.safeParse(payload);
  if (!parsed.success) {
    throw new PaymentRequestError(
      response.status,
      `The store's answer to POST ${endpoint.path} could not be read (${firstIssue(parsed.error)})`,
    );
  }
  return parsed.data;
}

export const paymentApi = {
  /** POST /api/create-paypal-order: the wallet's order for the priced checkout. */
  startWallet: (request: EndpointBody<"createWalletOrder">) => call(paymentEndpoints.createWalletOrder, request),
  /** POST /api/capture-paypal-order: the buyer approved; the server captures and records. */
  captureWallet: (orderId: EndpointBody<"captureWalletOrder">["orderId"]) =>
    call(paymentEndpoints.captureWalletOrder, { orderId }),
  /**
   * The fallback: the browser made or captured the PayPal order itself; the server checks it
   * with PayPal by id, and the order's checkout reference (custom_id) says what it pays for.
   */
  verifyWallet: (orderId: EndpointBody<"verifyWalletOrder">["orderId"]) =>
    call(paymentEndpoints.verifyWalletOrder, { orderId }),
  /** POST /api/create-stripe-session: the hosted payment page to send the shopper to. */
  startCard: (request: EndpointBody<"createCardSession">) => call(paymentEndpoints.createCardSession, request),
};

/**
 * The text for a failed payment: a refusal the server explained (sold out, address gone,
 * signed out) is shown as the server said it; anything else gets the generic text (docs/product.md §8).
 */
export function failureText(error: unknown, generic: string): string {
  if (error instanceof PaymentRequestError && error.refused && error.message) return error.message;
  return generic;
}

/** The server's totals from a start's answer (the discount and its code only when one was taken off). */
export function totalsOf(answer: WalletStarted | CardStarted): ServerTotals {
  const { subtotalCents, taxCents, shippingCents, totalCents, discountCents, discountCode } = answer;
  const totals = { subtotalCents, taxCents, shippingCents, totalCents };
  if (!discountCents) return totals;
  return { ...totals, discountCents, discountCode: discountCode ?? null };
}

/**
 * The checkout reference a failed create-paypal-order answer carries, if any. Without one the
 * browser does not make a PayPal order of its own: the server could never record it.
 */
export function walletFallbackOf(error: unknown): WalletFallback | null {
  return error instanceof PaymentRequestError ? (error.fallback ?? null) : null;
}
