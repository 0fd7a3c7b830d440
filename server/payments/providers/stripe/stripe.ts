import type Stripe from "stripe";
import { discountAmountLabel } from "../../../../domain/discounts";
import { lazyPackage } from "../../../lazy-package";
import type { CardSession, PaymentRequest, StripeApi } from "./types";
import { ProviderUnavailableError } from "../../../../domain/errors";

export interface StripeOptions {
  secretKey: string;
  webhookSecret?: string;
  /** Points the package at another server (a local fake): e.g. http://127.0.0.1:12111. */
  apiBase?: string;
  publicUrl: string;
  timeoutMs?: number;
}

/** How long a shopper has on Stripe's page; Stripe's own minimum is 30 minutes. */
export const SESSION_LIFETIME_S = 60 * 60;
const NAME_MAX = 250;

export type StripeEvent = Stripe.Event;

/** The SDK is loaded only when Stripe is configured (server/lazy-package.ts). */
const loadStripe = lazyPackage<typeof Stripe>("stripe");

function connection(apiBase: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

function absolute(url: string, publicUrl: string): string | undefined {
  try {
    const resolved = new URL(url, `${publicUrl}/`);
    return resolved.protocol === "https:" || resolved.protocol === "http:" ? resolved.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The Checkout Session parameters; a function of the checkout alone, so a retry sends the same request. */
export function stripeSessionParams(request: PaymentRequest, publicUrl: string): Stripe.Checkout.SessionCreateParams {
  const lineItems = request.discountCents ? discountedItems(request) : itemLines(request, publicUrl);
  // The flat 10 % tax (docs/product.md §4) is the store's own figure, charged as its own line so the total is exactly the store's.
  if (request.taxCents > 0) {
    lineItems.push({
      quantity: 1,
      price_data: { currency: "usd", unit_amount: request.taxCents, product_data: { name: "Tax (10%)" } },
    });
  }
  return {
    mode: "payment",
    client_reference_id: request.checkoutId,
    metadata: { checkoutId: request.checkoutId },
    payment_intent_data: { metadata: { checkoutId: request.checkoutId } },
    ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
    line_items: lineItems,
    shipping_options: [
      {
        shipping_rate_data: {
          type: "fixed_amount",
          display_name: "Shipping",
          fixed_amount: { amount: request.shippingCents, currency: "usd" },
        },
      },
    ],
    success_url: `${publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${publicUrl}/payment-cancelled`,
    expires_at: Math.floor(request.createdAt.getTime() / 1000) + SESSION_LIFETIME_S,
  };
}

/**
 * With a discount code, the items are one line at their discounted sum: Stripe's line items
 * cannot be negative, and a coupon would be a second object to create and keep in step. The
 * line names the code and lists the pieces (docs/decisions/034-discount-codes.md).
 */
function discountedItems(request: PaymentRequest): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const pieces = request.lines.map((line) => `${line.quantity} × ${line.title || "Item"}`).join(", ");
  const off = discountAmountLabel(request.discountCents!);
  return [
    {
      quantity: 1,
      price_data: {
        currency: "usd",
        unit_amount: request.subtotalCents - request.discountCents!,
        product_data: {
          name: `Your items, discount ${request.discountCode ?? ""} ${off}`.slice(0, NAME_MAX),
          description: pieces.slice(0, NAME_MAX),
        },
      },
    },
  ];
}

function itemLines(request: PaymentRequest, publicUrl: string): Stripe.Checkout.SessionCreateParams.LineItem[] {
  return request.lines.map((line) => {
    const image = line.imageUrls[0] ? absolute(line.imageUrls[0], publicUrl) : undefined;
    const choice = [line.selectedSize && `Size: ${line.selectedSize}`, line.color && `Color: ${line.color}`]
      .filter(Boolean)
      .join(", ");
    return {
      quantity: line.quantity,
      price_data: {
        currency: "usd",
        unit_amount: line.unitPriceCents,
        product_data: {
          name: (line.title || "Item").slice(0, NAME_MAX),
          ...(choice ? { description: choice } : {}),
          ...(image ? { images: [image] } : {}),
          metadata: { productId: line.productId },
        },
      },
    };
  });
}

export function readStripeSession(session: Stripe.Checkout.Session): CardSession {
  const intent = session.payment_intent;
  return {
    id: session.id,
    url: session.url ?? null,
    status: session.status ?? "open",
    paid: session.payment_status === "paid",
    amountTotalCents: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
    checkoutId: session.client_reference_id ?? null,
    paymentRef: typeof intent === "string" ? intent : (intent?.id ?? null),
  };
}

function wrapError(StripeSdk: typeof Stripe, what: string, error: unknown): ProviderUnavailableError {
  const status = error instanceof StripeSdk.errors.StripeError ? error.statusCode : undefined;
  return new ProviderUnavailableError("stripe", `Stripe ${what} failed: ${(error as Error).message}`, status);
}

/** Stripe Checkout through the official package. */
export function createStripeProvider(options: StripeOptions): StripeApi {
  const StripeSdk = loadStripe();
  const wrap = (what: string, error: unknown) => wrapError(StripeSdk, what, error);
  const stripe = new StripeSdk(options.secretKey, {
    ...connection(options.apiBase),
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: "Threadline store" },
  });

  return {
    mode: "stripe",

    async createSession(request) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(stripeSessionParams(request, options.publicUrl), {
          idempotencyKey: `session-${request.checkoutId}`,
        });
      } catch (error) {
        throw wrap("session creation", error);
      }
      if (!session.id || !session.url)
        throw new ProviderUnavailableError("stripe", "Stripe created a session without id or url");
      return { id: session.id, url: session.url };
    },

    async retrieveSession(sessionId) {
      try {
        return readStripeSession(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof StripeSdk.errors.StripeError && error.statusCode === 404) return null;
        throw wrap("session lookup", error);
      }
    },

    async refund(paymentRef, idempotencyKey, amountCents) {
      try {
        // No amount: Stripe refunds the whole payment.
        const params = {
          payment_intent: paymentRef,
          reason: "requested_by_customer" as const,
          ...(amountCents === undefined ? {} : { amount: amountCents }),
        };
        const refund = await stripe.refunds.create(params, { idempotencyKey });
        return { id: refund.id, status: refund.status ?? "pending" };
      } catch (error) {
        throw wrap("refund", error);
      }
    },

    async expireSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        // Stripe refuses to expire a session that is not open (paid or expired already).
        if (error instanceof StripeSdk.errors.StripeInvalidRequestError && error.statusCode === 400) return false;
        throw wrap("session expiry", error);
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET is not set: webhooks cannot be verified");
      if (!signature) throw new Error("Missing Stripe-Signature header");
      return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },
  };
}
