import type { Logger } from "../logger";
import type { OrdersService } from "../orders/service";
import { periodicTask } from "../periodic-task";
import type { CardFlow } from "./card-flow";
import type { Checkout, CheckoutStore } from "../checkouts/checkouts";
import type { CardProvider, WalletProvider } from "./types";
import type { WalletFlow } from "./wallet-flow";
import { PaymentRefusedError } from "../../domain/errors";

export interface ReconcileOptions {
  /** A pending checkout untouched this long is asked about (a payment still in a browser is left alone). */
  minAgeMs?: number;
  /** A PayPal order nobody captured is given up after this long. */
  walletExpiryMs?: number;
  intervalMs?: number;
  batchSize?: number;
}

/**
 * Finishes payments the request that started them could not: a capture whose answer was lost,
 * a Stripe payment whose webhook and success page never arrived, a server that was down. It
 * asks the provider about each pending checkout and records the order, refunds, gives back
 * held stock or expires the checkout, through the same code the endpoints use.
 */
export function createReconciler(
  deps: {
    store: CheckoutStore;
    orders: OrdersService;
    wallet: WalletProvider;
    card: CardProvider;
    walletFlow: WalletFlow;
    cardFlow: CardFlow;
    logger: Logger;
  },
  options: ReconcileOptions = {},
) {
  const minAgeMs = options.minAgeMs ?? 5 * 60_000;
  const walletExpiryMs = options.walletExpiryMs ?? 6 * 3600_000;
  const intervalMs = options.intervalMs ?? 2 * 60_000;
  const batchSize = options.batchSize ?? 50;
  const log = deps.logger.child({ component: "reconciler" });

  async function wallet(checkout: Checkout, now: number): Promise<string> {
    const order = await deps.wallet.getOrder(checkout.providerRef!);
    const hold = checkout.stockReservedAt;
    if (order?.status === "COMPLETED") {
      try {
        return (await deps.walletFlow.settle(checkout, order, hold)).status;
      } catch (error) {
        // Refunded (sold out, wrong amount, a replaced checkout) or refused (paid to another account): settled, not an error to retry.
        if (error instanceof PaymentRefusedError)
          return `${error.code === "wrong_payee" ? "refused" : "refunded"} (${error.code})`;
        throw error;
      }
    }
    // Not captured (yet): a hold older than any capture in flight is given back.
    if (hold && now - hold.getTime() >= minAgeMs) await deps.orders.releaseStock(checkout.id, hold);
    if (!order || order.status === "VOIDED" || now - checkout.createdAt.getTime() >= walletExpiryMs) {
      await deps.store.mark(
        checkout.id,
        "expired",
        order ? `PayPal order ${order.status}, never captured` : "unknown to PayPal",
      );
      return "expired";
    }
    return order.status;
  }

  async function card(checkout: Checkout): Promise<string> {
    const session = await deps.card.retrieveSession(checkout.providerRef!);
    if (!session) {
      await deps.store.mark(checkout.id, "expired", "unknown to the card provider");
      return "expired";
    }
    return (await deps.cardFlow.settle(checkout, session)).status;
  }

  async function one(checkout: Checkout, now: number): Promise<string> {
    // Without a provider id the browser never got anything to pay with (a replaced one stays replaced).
    if (!checkout.providerRef) {
      if (checkout.status === "superseded") return "superseded";
      await deps.store.mark(checkout.id, "failed", "the payment provider was never reached");
      return "failed";
    }
    return checkout.provider === "paypal" ? wallet(checkout, now) : card(checkout);
  }

  /** One pass; returns what happened to each checkout looked at. */
  async function runOnce(now = new Date()): Promise<{ checkoutId: string; result: string }[]> {
    const stale = await deps.store.stale(
      new Date(now.getTime() - minAgeMs),
      new Date(now.getTime() - walletExpiryMs),
      batchSize,
    );
    const results: { checkoutId: string; result: string }[] = [];
    for (const checkout of stale) {
      let result: string;
      try {
        result = await one(checkout, now.getTime());
      } catch (error) {
        result = `error: ${(error as Error).message}`;
        log.warn({ checkoutId: checkout.id, err: error }, "could not settle a pending checkout; will try again");
      }
      // Still pending: to the back of the queue, so one stuck checkout cannot starve the others.
      await deps.store.touch(checkout.id);
      if (result !== "open" && result !== "PENDING")
        log.info({ checkoutId: checkout.id, provider: checkout.provider, result }, "pending checkout settled");
      results.push({ checkoutId: checkout.id, result });
    }
    return results;
  }

  const task = periodicTask({
    name: "reconciliation pass",
    intervalMs,
    run: () => runOnce(),
    logger: log,
  });

  return {
    runOnce,
    /** Runs a pass at once (start-up) and then every interval. */
    start: task.start,
    stop: task.stop,
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
