import type { ObservedState, PaymentObservation } from "../../../../domain/payment-decision";
import { CARD_SESSION_ID } from "../../../../domain/payment-schemas";
import type { PaymentProvider, ProviderEvent } from "../../provider";
import { createStripeProvider, type StripeOptions } from "./stripe";
import type { CardSession, StripeApi } from "./types";

/** A session's state in the store's words: paid, processing, open or lapsed. */
export function sessionState(session: Pick<CardSession, "status" | "paid">): ObservedState {
  if (session.paid) return "paid";
  if (session.status === "expired") return "expired";
  // Complete but not paid yet: an asynchronous payment method is still deciding.
  return session.status === "complete" ? "pending" : "open";
}

/** A Checkout Session (Stripe's, or the sandbox's of the same shape) as an observation. */
export function observeSession(session: CardSession): PaymentObservation {
  return {
    ref: session.id,
    state: sessionState(session),
    providerStatus: session.status,
    checkoutId: session.checkoutId,
    amountCents: session.amountTotalCents,
    currency: session.currency,
    paymentRef: session.paymentRef,
    // The session pays the account of the key that made it: the store's.
    toStore: true,
  };
}

/** The events of a Checkout Session the store acts on. */
const SETTLING = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.expired",
]);

/** A hosted-page client as a provider: the page takes the money and the store reads the session. */
export function sessionPayments(
  api: Omit<StripeApi, "mode" | "verifyWebhook">,
  shape: Pick<PaymentProvider, "id" | "sandbox" | "refPattern" | "events" | "sandboxPage">,
): PaymentProvider {
  return {
    ...shape,
    takes: "provider-takes",
    async start(request) {
      const session = await api.createSession(request);
      return { ref: session.id, status: "open", url: session.url };
    },
    async read(ref) {
      const session = await api.retrieveSession(ref);
      return session ? observeSession(session) : null;
    },
    refund: (paymentRef, key, amountCents) => api.refund(paymentRef, key, amountCents),
    close: (ref) => api.expireSession(ref),
  };
}

/** The Stripe registration (server/payments/registry.ts). */
export function createStripePayments(options: StripeOptions): PaymentProvider {
  const api = createStripeProvider(options);
  return sessionPayments(api, {
    id: "stripe",
    sandbox: false,
    refPattern: CARD_SESSION_ID,
    events: {
      verify(rawBody, signature): ProviderEvent {
        const event = api.verifyWebhook(rawBody, signature);
        const ref = (event.data.object as { id?: unknown }).id;
        if (typeof ref !== "string") return { kind: "ignored" };
        if (event.type === "checkout.session.async_payment_failed") return { kind: "failed", ref };
        return SETTLING.has(event.type) ? { kind: "settle", ref } : { kind: "ignored" };
      },
    },
  });
}
