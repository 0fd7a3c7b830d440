import { NotFoundError, PaymentRefusedError, ProviderUnavailableError } from "../../domain/errors";
import { isUuid } from "../../domain/ids";
import { centsToDecimalString } from "../../domain/money";
import type { WalletStarted } from "../../domain/payment-contract";
import { paymentMessages } from "../../domain/payment-messages";
import type { WalletFallbackBody } from "../../domain/payment-schemas";
import { isProviderOutage } from "../../domain/paypal-payee";
import type { Viewer } from "../auth/service";
import { type Checkout, type CheckoutInput, type CheckoutStore, quoteView } from "../checkouts/checkouts";
import type { Logger } from "../logger";
import type { OrdersService } from "../orders/service";
import { lostRace } from "./lost-race";
import { isCaptureRefusal, METHOD_OF_BUTTON, type PaymentProvider } from "./provider";
import type { Settled, Settler } from "./settle";
import { closeFailedStart, type PaymentStart } from "./start-payment";

const METHOD = METHOD_OF_BUTTON.wallet;

/**
 * The wallet button: a provider the store captures with (`capture`). The server makes the
 * order from its own prices; the buyer approves; the store holds the stock, captures, and the
 * one settle (server/payments/settle.ts) records the order or gives back stock or money.
 */
export function createWalletFlow(deps: {
  wallet: PaymentProvider;
  store: CheckoutStore;
  orders: OrdersService;
  start: PaymentStart;
  settler: Settler;
  logger: Logger;
}) {
  const { wallet, store, orders, settler } = deps;
  const capture = wallet.capture;
  if (!capture) throw new Error(`The wallet button needs a provider the store captures with; ${wallet.id} is not one`);
  const log = deps.logger.child({ component: "payments", button: "wallet", provider: wallet.id });

  const notFound = () => new NotFoundError(paymentMessages.walletOrderNotFound);

  /** The shopper's own checkout of this order, read once; anyone else's (or an id of another shape) is not found. */
  async function ownCheckout(viewer: Viewer, ref: string): Promise<Checkout> {
    if (!wallet.refPattern.test(ref)) throw notFound();
    const checkout = await store.byRef(METHOD, ref);
    if (!checkout || checkout.userId !== viewer.id) throw notFound();
    return checkout;
  }

  const amountOf = (checkout: Checkout) => ({
    currency_code: checkout.currency,
    value: centsToDecimalString(checkout.totalCents),
  });

  return {
    /**
     * POST /api/create-paypal-order. A second start of the same cart and offer gets the same
     * order back. When the provider takes browser-made orders and cannot be reached from here,
     * the checkout stays open and the answer (502) carries its reference and amount, so the
     * page's buttons can make the order in the browser against it and have it verified afterwards.
     */
    async start(viewer: Viewer, input: CheckoutInput): Promise<WalletStarted> {
      const { checkout, started, reused } = await deps.start(
        viewer,
        "wallet",
        wallet,
        input,
        async (error, opened, wasReused) => {
          // Only an outage opens the browser fallback; a 4xx is the provider's answer, and the shopper gets it.
          if (
            wallet.browserOrders &&
            error instanceof ProviderUnavailableError &&
            isProviderOutage(error.providerStatus)
          )
            throw new ProviderUnavailableError(error.provider, error.message, error.providerStatus, {
              fallback: { checkoutId: opened.id, amount: amountOf(opened) },
            });
          await closeFailedStart(store, opened, wasReused, error);
          if (error instanceof ProviderUnavailableError) {
            log.warn({ checkoutId: opened.id, err: error }, "the wallet provider refused to create the order");
            throw new PaymentRefusedError(paymentMessages.paypalRefused, "paypal_refused");
          }
          throw error;
        },
      );
      const answer = (id: string, status: string, approveUrl: string | null = null): WalletStarted => ({
        id,
        status,
        mode: wallet.id,
        approveUrl,
        amount: amountOf(checkout),
        ...quoteView(checkout),
      });
      if (reused) return answer(checkout.providerRef!, started!.status);
      if (checkout.status !== "pending")
        throw new PaymentRefusedError(paymentMessages.checkoutReplaced, "checkout_replaced");
      // Bound meanwhile to the order the browser made for it (the fallback): that one is the checkout's.
      if (checkout.providerRef !== started!.ref) return answer(checkout.providerRef!, "CREATED");
      return answer(started!.ref, started!.status, started!.url);
    },

    /** POST /api/capture-paypal-order: hold the stock, capture, settle. The checkout is read once. */
    async capture(viewer: Viewer, ref: string): Promise<Settled> {
      const checkout = await ownCheckout(viewer, ref);
      if (checkout.status === "completed" || checkout.status === "refunded")
        return settler.settle(wallet, checkout, null);
      if (checkout.status !== "pending")
        return settler.notPaid(wallet, ref, checkout.status.toUpperCase(), checkout.status);
      let hold: Awaited<ReturnType<OrdersService["reserveStock"]>>;
      try {
        // A hold this checkout already has (a second click) is the one the capture goes with.
        hold = checkout.stockReservedAt
          ? { status: checkout.status, reservedAt: checkout.stockReservedAt }
          : await orders.reserveStock(checkout.id, checkout);
      } catch (error) {
        const lost = lostRace(error);
        if (!lost) throw error;
        await store.mark(checkout.id, "failed", lost.holdReason);
        return {
          result: { outcome: "refused", id: ref, status: "NOT_CAPTURED", code: lost.code, message: lost.notCharged },
          order: null,
        };
      }
      if (hold.status === "completed") return settler.settle(wallet, { ...checkout, status: "completed" }, null);
      if (hold.status !== "pending" || !hold.reservedAt)
        return settler.notPaid(wallet, ref, hold.status.toUpperCase(), hold.status);
      const held: Checkout = { ...checkout, stockReservedAt: hold.reservedAt };
      // One request id per hold: a retry or a second click replays this capture at the provider.
      // If the call throws, the hold stays: the outcome is unknown until the provider is asked again.
      const answer = await capture(ref, `capture-${checkout.id}-${hold.reservedAt.getTime()}`);
      if (!isCaptureRefusal(answer)) return settler.settle(wallet, held, answer, hold.reservedAt);
      if (answer.refused === "ORDER_ALREADY_CAPTURED") {
        const seen = await wallet.read(ref);
        if (seen) return settler.settle(wallet, held, seen, hold.reservedAt);
      }
      await orders.releaseStock(checkout.id, hold.reservedAt);
      return settler.notPaid(wallet, ref, answer.refused, "not_captured");
    },

    /**
     * POST /api/verify-paypal-order: the browser created and/or captured the order itself after
     * the server's create or capture failed. Only an order that names (custom_id) a checkout this
     * store opened for this shopper counts, for exactly that checkout's amount and currency;
     * anything else (an order made elsewhere, another shopper's) is not found, and nothing is
     * recorded or refunded. Nothing is recorded until the provider reports the money taken.
     */
    async verifyFallback(viewer: Viewer, body: WalletFallbackBody): Promise<Settled> {
      if (!wallet.refPattern.test(body.orderId)) throw notFound();
      const seen = await wallet.read(body.orderId);
      if (!seen) throw notFound();
      const named = seen.checkoutId;
      let checkout = named && isUuid(named) ? await store.byId(named) : undefined;
      if (checkout?.provider !== METHOD || checkout.userId !== viewer.id) {
        log.warn(
          { orderId: body.orderId, checkoutFound: Boolean(checkout) },
          "wallet order without this shopper's checkout reference refused",
        );
        throw notFound();
      }
      // Before anything is bound, recorded or refunded: money paid elsewhere is none of the store's.
      if (!seen.toStore) {
        log.error({ orderId: body.orderId, checkoutId: checkout.id }, "wallet order pays another account: refused");
        return {
          result: {
            outcome: "refused",
            id: body.orderId,
            status: seen.providerStatus,
            code: "wrong_payee",
            message: paymentMessages.paidElsewhere,
          },
          order: null,
        };
      }
      if (!checkout.providerRef) checkout = (await store.bindProviderRef(checkout.id, body.orderId)) ?? checkout;
      if (checkout.providerRef !== body.orderId) {
        // A second order against one checkout: the checkout has (or will have) its own payment.
        // Money taken by this one is the shopper's and goes back, all of it.
        if (seen.state === "paid" && seen.paymentRef) {
          await wallet.refund(seen.paymentRef, `refund-${seen.paymentRef}`);
          log.warn(
            { checkoutId: checkout.id, orderId: body.orderId },
            "second wallet payment for one checkout refunded",
          );
          return {
            result: {
              outcome: "refunded",
              id: body.orderId,
              status: "REFUNDED",
              code: "duplicate_refunded",
              message: paymentMessages.duplicateRefunded,
            },
            order: null,
          };
        }
        return settler.notPaid(wallet, body.orderId, seen.providerStatus, "not_this_checkout");
      }
      return settler.settle(wallet, checkout, seen);
    },

    /** The sandbox's local approval step (the buyer's "Pay" on its page). */
    async approveSandbox(viewer: Viewer, ref: string) {
      const page = wallet.sandboxPage;
      if (!page) throw notFound();
      const checkout = await ownCheckout(viewer, ref);
      const approved = checkout.status === "pending" && (await page.accept(ref));
      if (!approved) throw new PaymentRefusedError("This sandbox payment can no longer be approved.", "not_approvable");
      return { id: ref, status: "APPROVED", mode: wallet.id, ...quoteView(checkout) };
    },

    /** What the sandbox approval page shows. */
    async sandboxOrder(viewer: Viewer, ref: string) {
      if (!wallet.sandboxPage) throw notFound();
      const checkout = await ownCheckout(viewer, ref);
      const seen = await wallet.read(ref);
      return { id: ref, status: seen?.providerStatus ?? "UNKNOWN", mode: wallet.id, ...quoteView(checkout) };
    },
  };
}

export type WalletFlow = ReturnType<typeof createWalletFlow>;
