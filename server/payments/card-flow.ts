import { paymentMessages } from "../../domain/payment-messages";
import { CARD_SESSION_ID } from "../../domain/payment-schemas";
import type { Viewer } from "../auth/service";
import type { FaultHook } from "../faults";
import type { Logger } from "../logger";
import type { OrdersService } from "../orders/service";
import { type Checkout, type CheckoutInput, type CheckoutStore, quoteView } from "../checkouts/checkouts";
import { lostRace } from "./lost-race";
import type { CheckoutOpener } from "./open-checkout";
import { type CardProvider, type CardSession, isPaidCardSession, type SandboxCardProvider } from "./types";
import { InvalidInputError, NotFoundError, PaymentRefusedError } from "../../domain/errors";

/** Where a card session stands, as the success page and the webhook see it. */
export interface CardOutcome {
  status: "paid" | "open" | "expired" | "refunded" | "failed";
  sessionId: string;
  /** The store's order, when paid. */
  orderId?: string;
  message?: string;
}

const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/**
 * The card (Stripe Checkout) payment. One function, confirm(), records the order; the signed
 * webhook, the success page, the sandbox's Pay button and the reconciliation pass all call it,
 * and it is safe to run twice at once (the orders service locks the checkout).
 */
export function createCardFlow(deps: {
  card: CardProvider;
  store: CheckoutStore;
  orders: OrdersService;
  opener: CheckoutOpener;
  logger: Logger;
  /** Test-only fault points (server/faults.ts); nothing in production. */
  fault?: FaultHook;
}) {
  const { card, store, orders } = deps;
  const log = deps.logger.child({ component: "payments", provider: "stripe", mode: card.mode });

  /** Gives the whole payment back (never a part of it) and closes the checkout. */
  async function refundAndClose(checkout: Checkout, session: CardSession, reason: string): Promise<void> {
    if (!session.paymentRef) throw new Error(`Stripe session ${session.id} is paid but names no payment to refund`);
    await card.refund(session.paymentRef, `refund-${checkout.id}`);
    await store.mark(checkout.id, "refunded", reason);
    log.warn({ checkoutId: checkout.id, sessionId: session.id, reason }, "card payment refunded");
  }

  /** Acts on the provider's view of a session: record the order, refund, expire, or wait. */
  async function settle(checkout: Checkout, session: CardSession): Promise<CardOutcome> {
    const sessionId = session.id;
    if (
      isPaidCardSession(session, {
        checkoutId: checkout.id,
        totalCents: checkout.totalCents,
        currency: checkout.currency,
      })
    ) {
      // Paid at Stripe, no order yet: a crash here is what reconciliation repairs (docs/faults.md).
      deps.fault?.("after-capture");
      try {
        const { order } = await orders.fulfilCheckout(checkout.id, {
          paymentId: sessionId,
          paymentRef: session.paymentRef,
          sandbox: card.mode === "sandbox",
        });
        return { status: "paid", sessionId, orderId: order.id };
      } catch (error) {
        if (error instanceof PaymentRefusedError && error.code === "refunded") {
          return { status: "refunded", sessionId, message: paymentMessages.refunded };
        }
        if (error instanceof PaymentRefusedError && error.code === "superseded") {
          await refundAndClose(checkout, session, "paid after a newer checkout of the same cart replaced it");
          return { status: "refunded", sessionId, message: paymentMessages.supersededRefunded };
        }
        const lost = lostRace(error);
        if (!lost) throw error;
        // Stripe has already taken the money: it goes back through the API, and the shopper is told.
        await refundAndClose(checkout, session, lost.refundReason);
        return { status: "refunded", sessionId, message: lost.refunded };
      }
    }
    if (session.paid) {
      log.error(
        { checkoutId: checkout.id, sessionId, paid: session.amountTotalCents, expected: checkout.totalCents },
        "Stripe session paid for something other than its checkout",
      );
      await refundAndClose(checkout, session, "paid amount did not match the checkout");
      return { status: "refunded", sessionId, message: paymentMessages.amountMismatchRefunded };
    }
    if (session.status === "expired") {
      await store.mark(checkout.id, "expired", "Checkout Session expired");
      return { status: "expired", sessionId, message: paymentMessages.sessionExpired };
    }
    return { status: "open", sessionId, message: paymentMessages.sessionNotPaid };
  }

  /**
   * Records the order of a paid session (idempotent). An id the store never issued changes
   * nothing and costs no call to Stripe.
   */
  async function confirm(sessionId: string): Promise<CardOutcome> {
    if (!CARD_SESSION_ID.test(sessionId)) throw new NotFoundError(paymentMessages.sessionNotFound);
    const checkout = await store.byRef("stripe", sessionId);
    if (!checkout) throw new NotFoundError(paymentMessages.sessionNotFound);
    if (checkout.status === "completed") {
      const order = await orders.orderForCheckout(checkout.id);
      return { status: "paid", sessionId, orderId: order?.id };
    }
    if (checkout.status === "refunded") return { status: "refunded", sessionId, message: paymentMessages.refunded };
    const session = await card.retrieveSession(sessionId);
    if (!session) throw new NotFoundError(paymentMessages.sessionNotFound);
    return settle(checkout, session);
  }

  /** The shopper's own sandbox session, with the sandbox provider narrowed by its mode; 404 otherwise. */
  async function ownSandboxSession(
    viewer: Viewer,
    sessionId: string,
  ): Promise<{ checkout: Checkout; sandbox: SandboxCardProvider }> {
    if (card.mode !== "sandbox" || !CARD_SESSION_ID.test(sessionId))
      throw new NotFoundError(paymentMessages.sessionNotFound);
    const checkout = await store.byRef("stripe", sessionId);
    if (!checkout || checkout.userId !== viewer.id) throw new NotFoundError(paymentMessages.sessionNotFound);
    return { checkout, sandbox: card };
  }

  return {
    confirm,
    settle,

    /** POST /api/create-stripe-session. A second start of the same cart and offer gets the same open session back. */
    async start(viewer: Viewer, input: CheckoutInput) {
      const priced = await store.price(viewer, input);
      const opened = await deps.opener.open(viewer, "stripe", priced);
      let checkout = opened.checkout;
      // Asking again for a checkout replays the first answer (Stripe's idempotency key, the sandbox's one session per checkout).
      let session: { id: string; url: string };
      try {
        session = await card.createSession(await store.paymentRequest(checkout));
      } catch (error) {
        // A reused checkout may be another request's, still asking Stripe: that one decides its fate.
        if (!opened.reused) await store.mark(checkout.id, "failed", (error as Error).message.slice(0, 500));
        throw error;
      }
      checkout = (await store.bindProviderRef(checkout.id, session.id)) ?? checkout;
      if (checkout.status !== "pending" || checkout.providerRef !== session.id) {
        // Replaced by a newer start while Stripe was asked: this session must not be paid.
        await card.expireSession(session.id).catch(() => false);
        throw new PaymentRefusedError(paymentMessages.checkoutReplaced, "checkout_replaced");
      }
      return { id: session.id, url: session.url, mode: card.mode, ...quoteView(checkout) };
    },

    /** POST /api/stripe-webhook: only a correctly signed, recent event is read at all. */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; outcome?: CardOutcome }> {
      if (card.mode !== "stripe") throw new NotFoundError("Not found");
      let event: ReturnType<typeof card.verifyWebhook>;
      try {
        event = card.verifyWebhook(rawBody, signature);
      } catch (error) {
        log.warn({ reason: (error as Error).message }, "webhook refused");
        throw new InvalidInputError(paymentMessages.webhookInvalid);
      }
      if (!HANDLED_EVENTS.has(event.type)) return { received: true };
      const sessionId = (event.data.object as { id?: unknown }).id;
      if (typeof sessionId !== "string") return { received: true };
      if (event.type === "checkout.session.async_payment_failed") {
        const checkout = await store.byRef("stripe", sessionId);
        if (checkout) await store.mark(checkout.id, "failed", "asynchronous payment failed");
        return { received: true };
      }
      try {
        return { received: true, outcome: await confirm(sessionId) };
      } catch (error) {
        // A session this store did not create (another integration on the same account) is acknowledged and ignored.
        if (error instanceof NotFoundError) return { received: true };
        throw error;
      }
    },

    /** What the sandbox's hosted page shows. */
    async sandboxSession(viewer: Viewer, sessionId: string) {
      const { checkout } = await ownSandboxSession(viewer, sessionId);
      const session = await card.retrieveSession(sessionId);
      return {
        id: sessionId,
        status: session?.status ?? "expired",
        mode: "sandbox" as const,
        checkoutStatus: checkout.status,
        ...quoteView(checkout),
      };
    },

    /** The sandbox page's Pay button: the session is paid, then the same confirm() as Stripe's webhook runs. */
    async paySandbox(viewer: Viewer, sessionId: string): Promise<CardOutcome & { redirectTo: string }> {
      const { sandbox } = await ownSandboxSession(viewer, sessionId);
      await sandbox.pay(sessionId);
      const outcome = await confirm(sessionId);
      if (outcome.status !== "paid" && outcome.status !== "refunded") {
        throw new PaymentRefusedError(outcome.message ?? paymentMessages.sessionExpired, outcome.status);
      }
      return { ...outcome, redirectTo: `/payment-success?session_id=${encodeURIComponent(sessionId)}` };
    },

    /**
     * The sandbox page's Cancel button. A session that was paid meanwhile (Pay in another tab)
     * is not cancelled: the answer says it is paid and where its confirmation is.
     */
    async cancelSandbox(viewer: Viewer, sessionId: string) {
      const { checkout, sandbox } = await ownSandboxSession(viewer, sessionId);
      if (await sandbox.cancel(sessionId)) {
        await store.mark(checkout.id, "expired", "cancelled on the sandbox page");
      } else if ((await card.retrieveSession(sessionId))?.paid) {
        throw new PaymentRefusedError(paymentMessages.alreadyPaid, "already_paid", {
          redirectTo: `/payment-success?session_id=${encodeURIComponent(sessionId)}`,
        });
      }
      return { status: "cancelled" as const, redirectTo: "/payment-cancelled" };
    },
  };
}

export type CardFlow = ReturnType<typeof createCardFlow>;
