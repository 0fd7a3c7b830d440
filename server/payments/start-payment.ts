import type { Viewer } from "../auth/service";
import { type Checkout, type CheckoutInput, type CheckoutStore, quoteView } from "../checkouts/checkouts";
import type { CheckoutOpener } from "./open-checkout";
import { type Button, METHOD_OF_BUTTON, type PaymentProvider, type StartedPayment } from "./provider";

/** A started (or reused) payment: the checkout, bound to the provider's reference when it has one. */
export interface Start {
  checkout: Checkout;
  /** The provider's answer: the reused one's status, or the new order or page. */
  started: StartedPayment | null;
  reused: boolean;
}

/**
 * The common start of both buttons: price the cart, open (or reuse) its checkout, ask the
 * provider for its order or page from the stored row, and bind its reference to the checkout.
 * `onFailure` decides what a provider's failure becomes (the caller may open a fallback).
 */
export function createPaymentStart(deps: { store: CheckoutStore; opener: CheckoutOpener }) {
  const { store } = deps;
  return async function start(
    viewer: Viewer,
    button: Button,
    provider: PaymentProvider,
    input: CheckoutInput,
    onFailure: (error: unknown, checkout: Checkout, reused: boolean) => Promise<never>,
  ): Promise<Start> {
    const priced = await store.price(viewer, input);
    const opened = await deps.opener.open(viewer, METHOD_OF_BUTTON[button], priced);
    let checkout = opened.checkout;
    if (checkout.providerRef)
      return {
        checkout,
        reused: true,
        started: { ref: checkout.providerRef, status: opened.providerStatus ?? "CREATED", url: null },
      };
    let started: StartedPayment;
    try {
      started = await provider.start(await store.paymentRequest(checkout));
    } catch (error) {
      return onFailure(error, checkout, opened.reused);
    }
    checkout = (await store.bindProviderRef(checkout.id, started.ref)) ?? checkout;
    return { checkout, started, reused: opened.reused };
  };
}

export type PaymentStart = ReturnType<typeof createPaymentStart>;

/** A start that failed at the provider closes its new checkout (a reused one may be another request's, still asking). */
export async function closeFailedStart(store: CheckoutStore, checkout: Checkout, reused: boolean, error: unknown) {
  if (!reused) await store.mark(checkout.id, "failed", (error as Error).message.slice(0, 500));
}

/** The priced cart of a start's answer. */
export const startedView = (checkout: Checkout) => quoteView(checkout);
