import type { Config } from "../config";
import type { Database } from "../db/client";
import type { PaymentMethod } from "../db/schema";
import { BUTTON_OF_METHOD, type Button, type PaymentProvider } from "./provider";
import { createPaypalPayments } from "./providers/paypal";
import { createSandboxProviders } from "./providers/sandbox/sandbox";
import { createStripePayments } from "./providers/stripe";

/** What a registration may read to make its provider. */
export interface ProviderContext {
  db: Database;
  config: Pick<Config, "publicUrl" | "paypal" | "stripe">;
}

interface Registration {
  /** The buttons it can fill. */
  buttons: readonly Button[];
  /** Its provider for `button` when its keys are set in the configuration; null when they are not. */
  create(context: ProviderContext, button: Button): PaymentProvider | null;
}

/**
 * Every payment provider the store knows, by id: the one place a provider is registered
 * (docs/decisions/046-one-payment-provider-interface.md). For each button the first
 * registration that can fill it and has its keys set is chosen; the sandbox, last, needs no keys.
 */
export const PROVIDER_REGISTRY: Record<string, Registration> = {
  paypal: {
    buttons: ["wallet"],
    create: ({ config }) =>
      config.paypal ? createPaypalPayments({ ...config.paypal, publicUrl: config.publicUrl }) : null,
  },
  stripe: {
    buttons: ["card"],
    create: ({ config }) =>
      config.stripe ? createStripePayments({ ...config.stripe, publicUrl: config.publicUrl }) : null,
  },
  sandbox: {
    buttons: ["wallet", "card"],
    create: ({ db, config }, button) => createSandboxProviders(db, config.publicUrl)[button],
  },
};

/** The providers behind the checkout page's buttons, and the sandbox's (which pays the sandbox's orders for good). */
export interface ChosenProviders {
  wallet: PaymentProvider;
  card: PaymentProvider;
  sandbox: Record<Button, PaymentProvider>;
}

function fill(context: ProviderContext, button: Button, registrations: Registration[]): PaymentProvider {
  for (const registration of registrations) {
    if (!registration.buttons.includes(button)) continue;
    const provider = registration.create(context, button);
    if (provider) return provider;
  }
  throw new Error(`No payment provider can fill the ${button} button`);
}

export function chooseProviders(context: ProviderContext): ChosenProviders {
  const all = Object.values(PROVIDER_REGISTRY);
  const sandbox = {
    wallet: fill(context, "wallet", [PROVIDER_REGISTRY.sandbox]),
    card: fill(context, "card", [PROVIDER_REGISTRY.sandbox]),
  };
  return { wallet: fill(context, "wallet", all), card: fill(context, "card", all), sandbox };
}

/** The provider that took an order's (or a checkout's) money, from what its row stores. */
export function providerForPayment(
  chosen: ChosenProviders,
  payment: { method: PaymentMethod; sandbox: boolean },
): PaymentProvider {
  const button = BUTTON_OF_METHOD[payment.method];
  return payment.sandbox ? chosen.sandbox[button] : chosen[button];
}
