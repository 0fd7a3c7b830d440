import { isUuid } from "../../domain/ids";
import { centsToDecimalString } from "../../domain/money";
import { messages } from "../../domain/messages";
import { paymentMessages } from "../../domain/payment-messages";
import type { WalletFallbackBody } from "../../domain/payment-schemas";
import type { Viewer } from "../auth/service";
import type { FaultHook } from "../faults";
import type { Logger } from "../logger";
import type { OrdersService } from "../orders/service";
import { type Checkout, type CheckoutInput, type CheckoutStore, quoteView } from "../checkouts/checkouts";
import { lostRace } from "./lost-race";
import type { CheckoutOpener } from "./open-checkout";
import { isCompletedWalletPayment, isWalletRefusal, type WalletOrder, type WalletProvider } from "./types";
import { NotFoundError, PaymentRefusedError, ProviderUnavailableError } from "../../domain/errors";
import { isProviderOutage, isStorePayee } from "../../domain/paypal-payee";

/** What the capture endpoint answers: PayPal's status, COMPLETED only when the store recorded the order. */
export interface WalletOutcome {
  status: string;
  /** The PayPal order id. */
  id: string;
  /** The store's order, when COMPLETED. */
  orderId?: string;
  message?: string;
}

/**
 * The wallet (PayPal) payment: create the order from the server's prices, hold the stock and
 * capture, and record the order only for a COMPLETED capture of exactly the checkout's amount.
 */
export function createWalletFlow(deps: {
  wallet: WalletProvider;
  store: CheckoutStore;
  orders: OrdersService;
  opener: CheckoutOpener;
  logger: Logger;
  /** Test-only fault points (server/faults.ts); nothing in production. */
  fault?: FaultHook;
}) {
  const { wallet, store, orders } = deps;
  const log = deps.logger.child({ component: "payments", provider: "paypal", mode: wallet.mode });

  const notCompleted = (id: string, status: string): WalletOutcome => ({
    status,
    id,
    message: messages.wallet.notCompleted,
  });

  async function completed(checkout: Checkout): Promise<WalletOutcome> {
    const order = await orders.orderForCheckout(checkout.id);
    return { status: "COMPLETED", id: checkout.providerRef!, orderId: order?.id };
  }

  async function ownCheckout(viewer: Viewer, orderId: string): Promise<Checkout> {
    const checkout = await store.byRef("paypal", orderId);
    // Someone else's PayPal order is not found: its existence is not the caller's business.
    if (!checkout || checkout.userId !== viewer.id) throw new NotFoundError(paymentMessages.walletOrderNotFound);
    return checkout;
  }

  /** Gives the whole capture back (one refund per capture, whatever retries happen) and closes the checkout. */
  async function refundAndClose(checkout: Checkout, captureId: string, reason: string): Promise<void> {
    await wallet.refundCapture(captureId, `refund-${captureId}`);
    await store.mark(checkout.id, "refunded", reason);
    log.warn({ checkoutId: checkout.id, reason }, "PayPal payment refunded");
  }

  /** Refuses an order whose money goes to another PayPal account than the store's (decision 040). */
  async function mustPayStore(order: WalletOrder): Promise<void> {
    const account = await wallet.storeAccount();
    if (isStorePayee(order.payee, account)) return;
    log.error(
      { paypalOrderId: order.id, payee: order.payee, storeAccount: account, status: order.status },
      "PayPal order pays another account than the store's: refused",
    );
    throw new PaymentRefusedError(paymentMessages.paidElsewhere, "wrong_payee");
  }

  /**
   * Acts on what PayPal says about a checkout's order: records the order, gives back the
   * stock or the money, or leaves it for later when PayPal has not decided yet. An order that
   * pays another account is never recorded: the checkout fails and its held pieces go back
   * (there is no money of the store's to give back).
   */
  async function settle(checkout: Checkout, order: WalletOrder, hold: Date | null): Promise<WalletOutcome> {
    const ref = checkout.providerRef!;
    const capture = order.capture;
    try {
      await mustPayStore(order);
    } catch (error) {
      if (!(error instanceof PaymentRefusedError)) throw error;
      if (hold) await orders.releaseStock(checkout.id, hold);
      await store.mark(checkout.id, "failed", "PayPal reports another account as the payee");
      throw error;
    }
    if (isCompletedWalletPayment(order, checkout)) {
      // Captured at PayPal, no order yet: a crash here is what reconciliation repairs (docs/faults.md).
      deps.fault?.("after-capture");
      try {
        const { order: placed } = await orders.fulfilCheckout(checkout.id, {
          paymentId: ref,
          paymentRef: capture!.id,
          sandbox: wallet.mode === "sandbox",
        });
        return { status: "COMPLETED", id: ref, orderId: placed.id };
      } catch (error) {
        if (error instanceof PaymentRefusedError && error.code === "superseded") {
          await refundAndClose(checkout, capture!.id, "paid after a newer checkout of the same cart replaced it");
          throw new PaymentRefusedError(paymentMessages.supersededRefunded, "superseded");
        }
        const lost = lostRace(error);
        if (!lost) throw error;
        // Without a hold (a capture the browser or PayPal made on its own), or a code's last use taken meanwhile: the money goes back.
        // The held pieces were not sold: they go back to stock too.
        if (hold) await orders.releaseStock(checkout.id, hold);
        await refundAndClose(checkout, capture!.id, lost.refundReason);
        throw new PaymentRefusedError(lost.refunded, lost.code);
      }
    }
    if (capture?.status === "PENDING") return notCompleted(ref, "PENDING");
    if (hold) await orders.releaseStock(checkout.id, hold);
    if (capture?.status === "COMPLETED") {
      log.error(
        {
          checkoutId: checkout.id,
          captured: capture.amountCents,
          currency: capture.currency,
          expected: checkout.totalCents,
        },
        "PayPal captured an amount that is not the checkout's",
      );
      await refundAndClose(checkout, capture.id, "captured amount did not match the checkout");
      throw new PaymentRefusedError(paymentMessages.amountMismatchRefunded, "amount_mismatch");
    }
    if (order.status === "COMPLETED" || order.status === "VOIDED") {
      // Finished at PayPal without money for the store (declined, voided): this checkout is over.
      await store.mark(checkout.id, "failed", `PayPal order ${order.status}, capture ${capture?.status ?? "none"}`);
    }
    return notCompleted(ref, capture?.status ?? order.status);
  }

  return {
    settle,

    /**
     * POST /api/create-paypal-order. A second start of the same cart and offer gets the same
     * PayPal order back. When PayPal cannot be reached from here, the checkout stays open and the
     * answer (502) carries its reference and amount, so the page's PayPal buttons can make the
     * order in the browser against it (custom_id) and have it verified afterwards.
     */
    async start(viewer: Viewer, input: CheckoutInput) {
      const priced = await store.price(viewer, input);
      const opened = await deps.opener.open(viewer, "paypal", priced);
      let checkout = opened.checkout;
      const amount = { currency_code: checkout.currency, value: centsToDecimalString(checkout.totalCents) };
      const answer = (id: string, status: string) => ({
        id,
        status,
        mode: wallet.mode,
        approveUrl: null as string | null,
        amount,
        ...quoteView(checkout),
      });
      if (checkout.providerRef) return answer(checkout.providerRef, opened.providerStatus ?? "CREATED");
      let created: Awaited<ReturnType<WalletProvider["createOrder"]>>;
      try {
        created = await wallet.createOrder(await store.paymentRequest(checkout));
      } catch (error) {
        // Only an outage opens the browser fallback; a 4xx is PayPal's answer, and the shopper gets it.
        if (error instanceof ProviderUnavailableError && isProviderOutage(error.providerStatus)) {
          throw new ProviderUnavailableError(error.provider, error.message, error.providerStatus, {
            fallback: { checkoutId: checkout.id, amount },
          });
        }
        if (!opened.reused) await store.mark(checkout.id, "failed", (error as Error).message.slice(0, 500));
        if (error instanceof ProviderUnavailableError) {
          log.warn({ checkoutId: checkout.id, err: error }, "PayPal refused to create the order");
          throw new PaymentRefusedError(paymentMessages.paypalRefused, "paypal_refused");
        }
        throw error;
      }
      checkout = (await store.bindProviderRef(checkout.id, created.id)) ?? checkout;
      if (checkout.status !== "pending")
        throw new PaymentRefusedError(paymentMessages.checkoutReplaced, "checkout_replaced");
      // Bound meanwhile to the order the browser made for it (the fallback): that one is the checkout's.
      if (checkout.providerRef !== created.id) return answer(checkout.providerRef!, "CREATED");
      return { ...answer(created.id, created.status), approveUrl: created.approveUrl ?? null };
    },

    /** POST /api/capture-paypal-order: hold the stock, capture, record. */
    async capture(viewer: Viewer, orderId: string): Promise<WalletOutcome> {
      const checkout = await ownCheckout(viewer, orderId);
      if (checkout.status === "completed") return completed(checkout);
      if (checkout.status === "refunded") throw new PaymentRefusedError(paymentMessages.refunded, "refunded");
      if (checkout.status !== "pending") return notCompleted(orderId, checkout.status.toUpperCase());
      let hold: Awaited<ReturnType<OrdersService["reserveStock"]>>;
      try {
        hold = await orders.reserveStock(checkout.id);
      } catch (error) {
        const lost = lostRace(error);
        if (!lost) throw error;
        await store.mark(checkout.id, "failed", lost.holdReason);
        throw new PaymentRefusedError(lost.notCharged, lost.code);
      }
      if (hold.status === "completed") return completed(checkout);
      if (hold.status !== "pending" || !hold.reservedAt) return notCompleted(orderId, hold.status.toUpperCase());
      // One request id per hold: a retry or a second click replays this capture at PayPal.
      // If the call throws, the hold stays: the outcome is unknown until PayPal is asked again.
      const result = await wallet.captureOrder(orderId, `capture-${checkout.id}-${hold.reservedAt.getTime()}`);
      if (isWalletRefusal(result)) {
        if (result.issue === "ORDER_ALREADY_CAPTURED") {
          const order = await wallet.getOrder(orderId);
          if (order) return settle(checkout, order, hold.reservedAt);
        }
        await orders.releaseStock(checkout.id, hold.reservedAt);
        return notCompleted(orderId, result.issue);
      }
      return settle(checkout, result, hold.reservedAt);
    },

    /**
     * POST /api/verify-paypal-order: the browser created and/or captured the order itself after
     * the server's create or capture failed. Only an order that carries (custom_id) a checkout
     * this store opened for this shopper counts, for exactly that checkout's amount and currency;
     * anything else (an order made elsewhere, another shopper's) is not found, and nothing is
     * recorded or refunded. Nothing is recorded until PayPal confirms the capture.
     */
    async verifyFallback(viewer: Viewer, body: WalletFallbackBody): Promise<WalletOutcome> {
      const order = await wallet.getOrder(body.orderId);
      if (!order) throw new NotFoundError(paymentMessages.walletOrderNotFound);
      const ref = order.customId;
      let checkout = ref && isUuid(ref) ? await store.byId(ref) : undefined;
      if (checkout?.provider !== "paypal" || checkout.userId !== viewer.id) {
        log.warn(
          { orderId: body.orderId, checkoutFound: Boolean(checkout) },
          "PayPal order without this shopper's checkout reference refused",
        );
        throw new NotFoundError(paymentMessages.walletOrderNotFound);
      }
      // Before anything is bound, recorded or refunded: money paid elsewhere is none of the store's.
      await mustPayStore(order);
      if (!checkout.providerRef) checkout = (await store.bindProviderRef(checkout.id, body.orderId)) ?? checkout;
      if (checkout.providerRef !== body.orderId) {
        // A second PayPal order against one checkout: the checkout has (or will have) its own
        // payment. Money taken by this one is the shopper's and goes back, all of it.
        if (order.capture?.status === "COMPLETED") {
          await wallet.refundCapture(order.capture.id, `refund-${order.capture.id}`);
          log.warn(
            { checkoutId: checkout.id, orderId: body.orderId },
            "second PayPal payment for one checkout refunded",
          );
          throw new PaymentRefusedError(paymentMessages.duplicateRefunded, "duplicate_refunded");
        }
        return notCompleted(body.orderId, order.status);
      }
      if (checkout.status === "completed") return completed(checkout);
      if (checkout.status === "refunded") throw new PaymentRefusedError(paymentMessages.refunded, "refunded");
      return settle(checkout, order, checkout.stockReservedAt);
    },

    /** The sandbox wallet's local approval step (the buyer's "Pay" on its page). */
    async approveSandbox(viewer: Viewer, orderId: string) {
      if (wallet.mode !== "sandbox") throw new NotFoundError(paymentMessages.walletOrderNotFound);
      const checkout = await ownCheckout(viewer, orderId);
      const approved = checkout.status === "pending" && (await wallet.approve(orderId));
      if (!approved) throw new PaymentRefusedError("This sandbox payment can no longer be approved.", "not_approvable");
      return { id: orderId, status: "APPROVED", mode: "sandbox" as const, ...quoteView(checkout) };
    },

    /** What the sandbox approval page shows. */
    async sandboxOrder(viewer: Viewer, orderId: string) {
      if (wallet.mode !== "sandbox") throw new NotFoundError(paymentMessages.walletOrderNotFound);
      const checkout = await ownCheckout(viewer, orderId);
      const order = await wallet.getOrder(orderId);
      return { id: orderId, status: order?.status ?? "UNKNOWN", mode: "sandbox" as const, ...quoteView(checkout) };
    },
  };
}

export type WalletFlow = ReturnType<typeof createWalletFlow>;
