import { createHash } from "node:crypto";
import { cartIdentity, offerIdentity } from "../../domain/checkout-identity";
import { paymentMessages } from "../../domain/payment-messages";
import type { Viewer } from "../auth/service";
import type { PaymentMethod } from "../db/schema";
import type { Logger } from "../logger";
import type { Checkout, CheckoutStore, PricedCheckout } from "../checkouts/checkouts";
import type { PaymentObservation, PaymentProvider } from "./provider";
import type { Settled } from "./settle";
import { PaymentRefusedError, ProviderUnavailableError } from "../../domain/errors";

/** An open checkout of the same offer is reused only while its provider order or session has long to live. */
export const REUSE_MAX_AGE_MS = 30 * 60_000;

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/** Where a checkout stands once its provider was asked: still payable, paid (the order is recorded), or over. */
type Standing = { state: "open"; providerStatus?: string } | { state: "paid" } | { state: "closed" };

export interface OpenedCheckout {
  checkout: Checkout;
  /** True when a checkout that was already open for this very offer is handed out again. */
  reused: boolean;
  /** The provider's status of the reused order or session, when it was asked. */
  providerStatus?: string;
}

/**
 * Opening a checkout: one open checkout per shopper and cart (the database's unique index says
 * so). A second start of the same offer (double submit, retry, second tab) gets the open one
 * back, with its provider order or page; another offer for the same cart (another method,
 * address or price) replaces it. A replaced checkout is "superseded": it can no longer be
 * captured, its provider's page is closed, and money that still arrives for it is refunded,
 * so one cart never becomes two paid orders. No database lock is held while a provider is asked.
 */
export function createCheckoutOpener(deps: {
  store: CheckoutStore;
  /** The provider of a checkout's button (server/payments/registry.ts). */
  providerOf: (checkout: Checkout) => PaymentProvider;
  /** The one settle (server/payments/settle.ts): records, refunds or closes what the provider reports. */
  settle: (provider: PaymentProvider, checkout: Checkout, seen: PaymentObservation | null) => Promise<Settled>;
  logger: Logger;
  now?: () => number;
}) {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.logger.child({ component: "checkouts" });

  /** Asks the provider about an open checkout; records or closes it when the provider says it is over. */
  async function standing(checkout: Checkout): Promise<Standing> {
    if (!checkout.providerRef) return { state: "open" };
    const provider = deps.providerOf(checkout);
    const seen = await provider.read(checkout.providerRef);
    if (seen?.state === "open") return { state: "open", providerStatus: seen.providerStatus };
    const { result } = await deps.settle(provider, checkout, seen);
    if (result.outcome === "paid") return { state: "paid" };
    return result.outcome === "pending" ? { state: "open", providerStatus: result.status } : { state: "closed" };
  }

  /** Takes an open checkout of this cart out of the way of a new one. */
  async function replace(checkout: Checkout): Promise<void> {
    // A capture holds the stock while it runs (or while the provider keeps it PENDING): let it finish.
    if (checkout.stockReservedAt)
      throw new PaymentRefusedError(paymentMessages.paymentInProgress, "payment_in_progress");
    // A provider that does not answer does not keep the shopper from paying another way: the
    // checkout is superseded all the same, and money that still arrives for it goes back.
    const current = await standing(checkout).catch((error: unknown): Standing => {
      if (error instanceof ProviderUnavailableError) return { state: "open" };
      throw error;
    });
    if (current.state === "paid") throw new PaymentRefusedError(paymentMessages.cartAlreadyPaid, "already_paid");
    if (current.state === "closed") return;
    if (!(await store.supersede(checkout.id))) return;
    log.info(
      { checkoutId: checkout.id, provider: checkout.provider },
      "open checkout replaced by a newer one of the same cart",
    );
    if (checkout.providerRef) {
      // Best effort: money paid anyway is refunded when the provider reports it (event, return page, reconciliation).
      await deps
        .providerOf(checkout)
        .close(checkout.providerRef)
        .catch((err) => {
          log.warn({ err, checkoutId: checkout.id }, "could not close the replaced checkout's payment");
        });
    }
  }

  return {
    /**
     * The checkout to pay this priced cart with: the open one of the same offer, or a new one.
     * Refuses (409) while the cart's last checkout is being captured, or when it turns out paid.
     */
    async open(viewer: Viewer, provider: PaymentMethod, priced: PricedCheckout): Promise<OpenedCheckout> {
      const cartKey = digest(cartIdentity(priced.lines));
      const offerKey = digest(
        offerIdentity({
          provider,
          lines: priced.lines,
          shippingAddress: priced.shippingAddress,
          billingAddress: priced.billingAddress,
          totalCents: priced.totalCents,
          currency: "USD",
          discountCode: priced.discountCode,
        }),
      );
      for (let attempt = 0; attempt < 4; attempt++) {
        // Most starts open a cart's first checkout: the insert comes first, and only a cart that
        // has an open one already (the unique index refuses the insert) reads it (decision 062).
        const inserted = await store.insertOpen(viewer, provider, priced, { cartKey, offerKey });
        if (inserted) return { checkout: inserted, reused: false };
        const existing = await store.openForCart(viewer.id, cartKey);
        // Closed again meanwhile: try the insert again.
        if (!existing) continue;
        if (existing.offerKey === offerKey && now() - existing.createdAt.getTime() < REUSE_MAX_AGE_MS) {
          if (existing.stockReservedAt) return { checkout: existing, reused: true };
          const current = await standing(existing);
          if (current.state === "open")
            return { checkout: existing, reused: true, providerStatus: current.providerStatus };
          if (current.state === "paid") throw new PaymentRefusedError(paymentMessages.cartAlreadyPaid, "already_paid");
          continue;
        }
        await replace(existing);
      }
      throw new PaymentRefusedError(paymentMessages.paymentInProgress, "payment_in_progress");
    },
  };
}

export type CheckoutOpener = ReturnType<typeof createCheckoutOpener>;
