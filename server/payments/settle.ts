import { PaymentRefusedError } from "../../domain/errors";
import { messages } from "../../domain/messages";
import type { PaymentResult } from "../../domain/payment-contract";
import { decidePayment, type PaymentObservation, type RefundReason } from "../../domain/payment-decision";
import { paymentMessages } from "../../domain/payment-messages";
import type { OrderView } from "../../domain/views";
import type { Checkout, CheckoutStore } from "../checkouts/checkouts";
import type { FaultHook } from "../faults";
import type { Logger } from "../logger";
import type { OrdersService } from "../orders/service";
import { lostRace } from "./lost-race";
import type { PaymentProvider } from "./provider";

/** A confirmation's answer, and the order it recorded or found (for the page of the shopper who paid). */
export interface Settled {
  result: PaymentResult;
  order: OrderView | null;
}

const REFUNDED: Record<RefundReason, { message: string; note: string }> = {
  superseded: {
    message: paymentMessages.supersededRefunded,
    note: "paid after a newer checkout of the same cart replaced it",
  },
  amount_mismatch: {
    message: paymentMessages.amountMismatchRefunded,
    note: "paid amount did not match the checkout",
  },
};

/** The sentence for a payment that is not (or not yet) the store's. */
export function notPaidMessage(provider: Pick<PaymentProvider, "takes">): string {
  // The buyer approved and the store captures: the provider's word is "not completed"; a hosted page: "not paid".
  return provider.takes === "store-captures" ? messages.wallet.notCompleted : paymentMessages.sessionNotPaid;
}

/**
 * The one settle of every confirmation (capture, browser-made order, hosted page's return, webhook,
 * reconciliation, the opener's look at a reused checkout): given the checkout row the step read
 * once and what the provider says, it does what domain/payment-decision.ts decides. It reads no
 * checkout itself: the order's transaction locks the row by compare-and-set on what was read.
 */
export function createSettler(deps: {
  store: CheckoutStore;
  orders: OrdersService;
  logger: Logger;
  /** Test-only fault points (server/faults.ts); nothing in production. */
  fault?: FaultHook;
}) {
  const { store, orders } = deps;
  const log = deps.logger.child({ component: "payments" });

  const result = (checkout: Checkout, observation: PaymentObservation | null, over: Partial<PaymentResult>) =>
    ({
      outcome: "pending",
      id: checkout.providerRef ?? observation?.ref ?? checkout.id,
      status: observation?.providerStatus ?? "UNKNOWN",
      ...over,
    }) as PaymentResult;

  /** The refund key each kind has always used, so a retry (or the previous release) asks for the same refund. */
  const refundKey = (provider: PaymentProvider, checkout: Checkout, paymentRef: string) =>
    `refund-${provider.takes === "store-captures" ? paymentRef : checkout.id}`;

  /** Gives all of the money back and closes the checkout as refunded. */
  async function refundAll(provider: PaymentProvider, checkout: Checkout, seen: PaymentObservation, note: string) {
    if (!seen.paymentRef) throw new Error(`Payment ${seen.ref} is paid but names no payment to refund`);
    await provider.refund(seen.paymentRef, refundKey(provider, checkout, seen.paymentRef));
    await store.mark(checkout.id, "refunded", note);
    log.warn({ checkoutId: checkout.id, ref: seen.ref, provider: provider.id, reason: note }, "payment refunded");
  }

  const refunded = (checkout: Checkout, seen: PaymentObservation, code: string, message: string): Settled => ({
    result: result(checkout, seen, { outcome: "refunded", status: "REFUNDED", code, message }),
    order: null,
  });

  async function paid(checkout: Checkout, seen: PaymentObservation | null, order: OrderView | null): Promise<Settled> {
    const found = order ?? (await orders.orderForCheckout(checkout.id));
    return {
      result: result(checkout, seen, { outcome: "paid", status: "COMPLETED", orderId: found?.id }),
      order: found,
    };
  }

  /** Records the order; a race lost for the last pieces or a code's last use gives the money back. */
  async function record(provider: PaymentProvider, checkout: Checkout, seen: PaymentObservation, hold: Date | null) {
    // Paid at the provider, no order yet: a crash here is what reconciliation repairs (docs/faults.md).
    deps.fault?.("after-capture");
    try {
      const { order } = await orders.fulfilCheckout(
        checkout.id,
        { paymentId: checkout.providerRef ?? seen.ref, paymentRef: seen.paymentRef, sandbox: provider.sandbox },
        checkout,
      );
      return paid(checkout, seen, order);
    } catch (error) {
      if (error instanceof PaymentRefusedError && error.code === "refunded")
        return refunded(checkout, seen, "refunded", paymentMessages.refunded);
      if (error instanceof PaymentRefusedError && error.code === "superseded") {
        await refundAll(provider, checkout, seen, REFUNDED.superseded.note);
        return refunded(checkout, seen, "superseded", REFUNDED.superseded.message);
      }
      const lost = lostRace(error);
      if (!lost) throw error;
      // The held pieces were not sold: they go back to stock, and the money to the shopper.
      if (hold) await orders.releaseStock(checkout.id, hold);
      await refundAll(provider, checkout, seen, lost.refundReason);
      return refunded(checkout, seen, lost.code, lost.refunded);
    }
  }

  /**
   * Acts on what the provider says about the checkout (`hold`: the stock hold this step knows of).
   * Never throws for an outcome: paid, pending, refused, expired and refunded are all answers.
   */
  async function settle(
    provider: PaymentProvider,
    checkout: Checkout,
    seen: PaymentObservation | null,
    hold: Date | null = checkout.stockReservedAt,
  ): Promise<Settled> {
    const decision = decidePayment(seen, checkout);
    switch (decision.action) {
      case "done":
        return decision.outcome === "paid"
          ? paid(checkout, seen, null)
          : {
              result: result(checkout, seen, {
                outcome: "refunded",
                status: "REFUNDED",
                code: "refunded",
                message: paymentMessages.refunded,
              }),
              order: null,
            };
      case "record":
        return record(provider, checkout, seen!, hold);
      case "refund": {
        if (decision.reason === "amount_mismatch")
          log.error(
            {
              checkoutId: checkout.id,
              paid: seen!.amountCents,
              currency: seen!.currency,
              expected: checkout.totalCents,
            },
            "a payment was taken for something other than its checkout",
          );
        if (hold) await orders.releaseStock(checkout.id, hold);
        await refundAll(provider, checkout, seen!, REFUNDED[decision.reason].note);
        return refunded(checkout, seen!, decision.reason, REFUNDED[decision.reason].message);
      }
      case "wait":
        return {
          result: result(checkout, seen, { outcome: "pending", message: notPaidMessage(provider) }),
          order: null,
        };
      case "close": {
        if (hold) await orders.releaseStock(checkout.id, hold);
        const word = seen ? `${seen.providerStatus} at ${provider.id}` : `unknown to ${provider.id}`;
        await store.mark(checkout.id, decision.as, `${decision.code}: ${word}`);
        if (decision.code === "wrong_payee")
          log.error(
            { checkoutId: checkout.id, ref: seen?.ref },
            "payment to another account than the store's: refused",
          );
        const message =
          decision.code === "wrong_payee"
            ? paymentMessages.paidElsewhere
            : decision.outcome === "expired"
              ? paymentMessages.sessionExpired
              : notPaidMessage(provider);
        return {
          result: result(checkout, seen, { outcome: decision.outcome, code: decision.code, message }),
          order: null,
        };
      }
    }
  }

  return {
    settle,
    refundAll,
    notPaid: (provider: PaymentProvider, ref: string, status: string, code?: string): Settled => ({
      result: { outcome: "refused", id: ref, status, code, message: notPaidMessage(provider) },
      order: null,
    }),
  };
}

export type Settler = ReturnType<typeof createSettler>;
