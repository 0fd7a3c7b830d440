import { paymentMessages } from "../../domain/payment-messages";
import type { AccountsService } from "../accounts/service";
import type { Viewer } from "../auth/service";
import type { PricingService } from "../cart/pricing";
import type { DiscountPricing } from "../discounts/apply";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { faultHook } from "../faults";
import { createThrottle, type ThrottleRule } from "../limits/throttle";
import type { Logger } from "../logger";
import type { OrdersService } from "../orders/service";
import { createCardFlow } from "./card-flow";
import { type Checkout, createCheckoutStore } from "../checkouts/checkouts";
import { createCheckoutOpener } from "./open-checkout";
import { BUTTON_OF_METHOD, type PaymentProvider } from "./provider";
import { createReconciler, type ReconcileOptions } from "./reconcile";
import { type ChosenProviders, chooseProviders, providerForPayment } from "./registry";
import { createSettler } from "./settle";
import { createPaymentStart } from "./start-payment";
import { createWalletFlow } from "./wallet-flow";
import type { PaymentMethod } from "../../domain/views";
import { RateLimitedError } from "../../domain/errors";

export interface PaymentsOptions {
  /** Replace the providers chosen from the configuration (tests). */
  wallet?: PaymentProvider;
  card?: PaymentProvider;
  reconcile?: ReconcileOptions;
  /** Payment starts per shopper and window (tests); default CHECKOUT_RATE_LIMIT per minute. */
  startLimit?: ThrottleRule;
}

/** Payment starts per shopper: counted in the database, so the limit holds across instances. */
const START_WINDOW_MS = 60_000;

/** The checkout: pricing -> payment -> order, for both methods, plus the reconciliation pass. */
export function createPaymentsService(
  deps: {
    db: Database;
    config: Pick<Config, "publicUrl" | "paypal" | "stripe" | "checkoutRateLimit" | "reconcile" | "faultPoint">;
    logger: Logger;
    pricing: PricingService;
    discounts: DiscountPricing;
    accounts: AccountsService;
    orders: OrdersService;
  },
  options: PaymentsOptions = {},
) {
  const configured = chooseProviders({ db: deps.db, config: deps.config });
  const chosen: ChosenProviders = {
    ...configured,
    wallet: options.wallet ?? configured.wallet,
    card: options.card ?? configured.card,
  };
  const { wallet, card } = chosen;
  /** A checkout's provider: the one behind its button (the stored method names the button). */
  const providerOf = (checkout: Checkout) => chosen[BUTTON_OF_METHOD[checkout.provider]];
  const store = createCheckoutStore({
    db: deps.db,
    pricing: deps.pricing,
    discounts: deps.discounts,
    accounts: deps.accounts,
  });
  // FAULT_POINT=after-capture (tests only, docs/faults.md): a settle dies between the provider's money and the order.
  const settler = createSettler({
    store,
    orders: deps.orders,
    logger: deps.logger,
    fault: faultHook(deps.config.faultPoint),
  });
  const opener = createCheckoutOpener({ store, providerOf, settle: settler.settle, logger: deps.logger });
  const start = createPaymentStart({ store, opener });
  const walletFlow = createWalletFlow({ wallet, store, orders: deps.orders, start, settler, logger: deps.logger });
  const cardFlow = createCardFlow({ card, store, start, settler, logger: deps.logger });
  const reconciler = createReconciler(
    { store, orders: deps.orders, providerOf, settler, logger: deps.logger },
    { intervalMs: deps.config.reconcile.intervalMs, minAgeMs: deps.config.reconcile.minAgeMs, ...options.reconcile },
  );
  const throttle = createThrottle(deps.db);
  const startLimit = options.startLimit ?? { max: deps.config.checkoutRateLimit, windowMs: START_WINDOW_MS };
  return {
    /** The registration id behind each button ("sandbox" for the built-in one): pages label the sandbox. */
    modes: { wallet: wallet.id, card: card.id },
    /**
     * Counts one payment start (create an order or session, verify a browser-made one) for the
     * shopper; throws RateLimitedError (429, Retry-After) past the limit. Each start costs
     * provider calls and may hold stock, so one account cannot hammer them.
     */
    async admitStart(viewer: Viewer): Promise<void> {
      const verdict = await throttle.hit(`checkout-start:${viewer.id}`, startLimit);
      if (!verdict.allowed)
        throw new RateLimitedError(paymentMessages.tooManyStarts, Math.ceil(verdict.retryAfterMs / 1000));
    },
    wallet: walletFlow,
    card: cardFlow,
    reconciler,
    /**
     * Gives (part of) an order's payment back through the provider that took it, found from what
     * the order stores (its method and sandbox mark). `key` makes a repeat answer the first refund
     * (docs/decisions/033-refunds-returns-and-customer-cancel.md).
     */
    refundPayment(payment: {
      method: PaymentMethod;
      sandbox: boolean;
      paymentRef: string;
      amountCents: number;
      key: string;
    }) {
      return providerForPayment(chosen, payment).refund(payment.paymentRef, payment.key, payment.amountCents);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
