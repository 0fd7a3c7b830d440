import type { AccountsService } from "../accounts/service";
import type { PricingService } from "../cart/pricing";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { OrdersService } from "../orders/service";
import { createCardFlow } from "./card-flow";
import { createCheckoutStore } from "./checkouts";
import { createPaypalProvider } from "./paypal";
import { createReconciler, type ReconcileOptions } from "./reconcile";
import { createSandboxProviders } from "./sandbox";
import { createStripeProvider } from "./stripe";
import type { CardProvider, WalletProvider } from "./types";
import { createWalletFlow } from "./wallet-flow";

export interface PaymentsOptions {
  /** Replace the providers chosen from the configuration (tests). */
  wallet?: WalletProvider;
  card?: CardProvider;
  reconcile?: ReconcileOptions;
}

/** PayPal and Stripe when their keys are set; otherwise the built-in sandbox for that method. */
export function choosePaymentProviders(db: Database, config: Pick<Config, "publicUrl" | "paypal" | "stripe">) {
  const sandbox = createSandboxProviders(db, config.publicUrl);
  const wallet: WalletProvider = config.paypal ? createPaypalProvider({ ...config.paypal, publicUrl: config.publicUrl }) : sandbox.wallet;
  const card: CardProvider = config.stripe
    ? createStripeProvider({
        secretKey: config.stripe.secretKey,
        webhookSecret: config.stripe.webhookSecret,
        apiBase: config.stripe.apiBase,
        publicUrl: config.publicUrl,
      })
    : sandbox.card;
  return { wallet, card };
}

/** The checkout: pricing -> payment -> order, for both methods, plus the reconciliation pass. */
export function createPaymentsService(
  deps: {
    db: Database;
    config: Pick<Config, "publicUrl" | "paypal" | "stripe">;
    logger: Logger;
    pricing: PricingService;
    accounts: AccountsService;
    orders: OrdersService;
  },
  options: PaymentsOptions = {},
) {
  const chosen = choosePaymentProviders(deps.db, deps.config);
  const wallet = options.wallet ?? chosen.wallet;
  const card = options.card ?? chosen.card;
  const store = createCheckoutStore({ db: deps.db, pricing: deps.pricing, accounts: deps.accounts });
  const walletFlow = createWalletFlow({ wallet, store, orders: deps.orders, logger: deps.logger });
  const cardFlow = createCardFlow({ card, store, orders: deps.orders, logger: deps.logger });
  const reconciler = createReconciler(
    { store, orders: deps.orders, wallet, card, walletFlow, cardFlow, logger: deps.logger },
    options.reconcile,
  );
  return {
    /** "paypal" / "stripe" for the real providers, "sandbox" for the built-in one: pages label the sandbox. */
    modes: { wallet: wallet.mode, card: card.mode },
    wallet: walletFlow,
    card: cardFlow,
    reconciler,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
