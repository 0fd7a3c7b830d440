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
import { createCheckoutStore } from "../checkouts/checkouts";
import { createCheckoutOpener } from "./open-checkout";
import { createPaypalProvider } from "./paypal";
import { createReconciler, type ReconcileOptions } from "./reconcile";
import { createSandboxProviders } from "./sandbox";
import { createStripeProvider } from "./stripe";
import type { CardProvider, WalletProvider } from "./types";
import { createWalletFlow } from "./wallet-flow";
import { RateLimitedError } from "../../domain/errors";

export interface PaymentsOptions {
  /** Replace the providers chosen from the configuration (tests). */
  wallet?: WalletProvider;
  card?: CardProvider;
  reconcile?: ReconcileOptions;
  /** Payment starts per shopper and window (tests); default CHECKOUT_RATE_LIMIT per minute. */
  startLimit?: ThrottleRule;
}

/** Payment starts per shopper: counted in the database, so the limit holds across instances. */
const START_WINDOW_MS = 60_000;

/** PayPal and Stripe when their keys are set; otherwise the built-in sandbox for that method. */
export function choosePaymentProviders(db: Database, config: Pick<Config, "publicUrl" | "paypal" | "stripe">) {
  const sandbox = createSandboxProviders(db, config.publicUrl);
  const wallet: WalletProvider = config.paypal
    ? createPaypalProvider({ ...config.paypal, publicUrl: config.publicUrl })
    : sandbox.wallet;
  const card: CardProvider = config.stripe
    ? createStripeProvider({
        secretKey: config.stripe.secretKey,
        webhookSecret: config.stripe.webhookSecret,
        apiBase: config.stripe.apiBase,
        publicUrl: config.publicUrl,
      })
    : sandbox.card;
  return { wallet, card, sandbox };
}

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
  const chosen = choosePaymentProviders(deps.db, deps.config);
  const wallet = options.wallet ?? chosen.wallet;
  const card = options.card ?? chosen.card;
  const store = createCheckoutStore({
    db: deps.db,
    pricing: deps.pricing,
    discounts: deps.discounts,
    accounts: deps.accounts,
  });
  // The opener settles what it finds through the flows, which open checkouts through it: bound late.
  const opener = createCheckoutOpener({
    store,
    wallet,
    card,
    settleWallet: (checkout, order) => walletFlow.settle(checkout, order, checkout.stockReservedAt),
    settleCard: (checkout, session) => cardFlow.settle(checkout, session),
    logger: deps.logger,
  });
  // FAULT_POINT=after-capture (tests only, docs/faults.md): both flows die between the provider's money and the order.
  const fault = faultHook(deps.config.faultPoint);
  const walletFlow = createWalletFlow({ wallet, store, orders: deps.orders, opener, logger: deps.logger, fault });
  const cardFlow = createCardFlow({ card, store, orders: deps.orders, opener, logger: deps.logger, fault });
  const reconciler = createReconciler(
    { store, orders: deps.orders, wallet, card, walletFlow, cardFlow, logger: deps.logger },
    { intervalMs: deps.config.reconcile.intervalMs, minAgeMs: deps.config.reconcile.minAgeMs, ...options.reconcile },
  );
  const throttle = createThrottle(deps.db);
  const startLimit = options.startLimit ?? { max: deps.config.checkoutRateLimit, windowMs: START_WINDOW_MS };
  return {
    /** "paypal" / "stripe" for the real providers, "sandbox" for the built-in one: pages label the sandbox. */
    modes: { wallet: wallet.mode, card: card.mode },
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
     * Gives (part of) an order's payment back through the provider that took it: the sandbox
     * for a sandbox order, else PayPal (the capture) or Stripe (the PaymentIntent). `key` makes
     * a repeat answer the first refund (docs/decisions/033-refunds-returns-and-customer-cancel.md).
     */
    refundPayment(payment: {
      method: "paypal" | "stripe";
      sandbox: boolean;
      paymentRef: string;
      amountCents: number;
      key: string;
    }) {
      const { method, paymentRef, amountCents, key } = payment;
      const providers = payment.sandbox ? chosen.sandbox : { wallet, card };
      return method === "paypal"
        ? providers.wallet.refundCapture(paymentRef, key, amountCents)
        : providers.card.refund(paymentRef, key, amountCents);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
