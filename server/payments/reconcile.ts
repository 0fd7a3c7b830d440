import type { Logger } from "../logger";
import type { OrdersService } from "../orders/service";
import { periodicTask } from "../periodic-task";
import type { Checkout, CheckoutStore } from "../checkouts/checkouts";
import type { PaymentProvider } from "./provider";
import type { Settler } from "./settle";

export interface ReconcileOptions {
  /** A pending checkout untouched this long is asked about (a payment still in a browser is left alone). */
  minAgeMs?: number;
  /** A payment the store captures and nobody captured is given up after this long. */
  walletExpiryMs?: number;
  intervalMs?: number;
  batchSize?: number;
}

/**
 * Finishes payments the request that started them could not: a capture whose answer was lost,
 * a hosted-page payment whose event and return page never arrived, a server that was down. It
 * asks each pending checkout's provider about it and records the order, refunds, gives back
 * held stock or expires the checkout, through the same settle the endpoints use.
 */
export function createReconciler(
  deps: {
    store: CheckoutStore;
    orders: OrdersService;
    /** The provider of a checkout's button (server/payments/registry.ts). */
    providerOf: (checkout: Checkout) => PaymentProvider;
    settler: Settler;
    logger: Logger;
  },
  options: ReconcileOptions = {},
) {
  const minAgeMs = options.minAgeMs ?? 5 * 60_000;
  const walletExpiryMs = options.walletExpiryMs ?? 6 * 3600_000;
  const intervalMs = options.intervalMs ?? 2 * 60_000;
  const batchSize = options.batchSize ?? 50;
  const log = deps.logger.child({ component: "reconciler" });

  async function one(checkout: Checkout, now: number): Promise<string> {
    // Without a provider id the browser never got anything to pay with (a replaced one stays replaced).
    if (!checkout.providerRef) {
      if (checkout.status === "superseded") return "superseded";
      await deps.store.mark(checkout.id, "failed", "the payment provider was never reached");
      return "failed";
    }
    const provider = deps.providerOf(checkout);
    const seen = await provider.read(checkout.providerRef);
    const hold = checkout.stockReservedAt;
    const settled = await deps.settler.settle(provider, checkout, seen);
    const { outcome, code } = settled.result;
    if (outcome !== "pending") return code ? `${outcome} (${code})` : outcome;
    // Not taken (yet): a hold older than any capture in flight is given back,
    if (hold && seen?.state !== "pending" && now - hold.getTime() >= minAgeMs)
      await deps.orders.releaseStock(checkout.id, hold);
    // and a payment the store captures that nobody captured for this long is given up.
    if (provider.capture && seen?.state === "open" && now - checkout.createdAt.getTime() >= walletExpiryMs) {
      await deps.store.mark(checkout.id, "expired", `${seen.providerStatus} at ${provider.id}, never captured`);
      return "expired";
    }
    return "pending";
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
      if (result !== "pending")
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
