import { InvalidInputError, NotFoundError, PaymentRefusedError } from "../../domain/errors";
import type { CardStarted } from "../../domain/payment-contract";
import { paymentMessages } from "../../domain/payment-messages";
import type { Viewer } from "../auth/service";
import { type Checkout, type CheckoutInput, type CheckoutStore, quoteView } from "../checkouts/checkouts";
import type { Logger } from "../logger";
import { METHOD_OF_BUTTON, type PaymentProvider } from "./provider";
import type { Settled, Settler } from "./settle";
import { closeFailedStart, type PaymentStart } from "./start-payment";

const METHOD = METHOD_OF_BUTTON.card;

/**
 * The card button: a provider whose hosted page takes the money and reports it. One function,
 * confirm(), settles a payment: the signed event, the success page, the sandbox's Pay button and
 * the reconciliation pass all end in the same settle, which is safe to run twice at once (the
 * order's transaction locks the checkout).
 */
export function createCardFlow(deps: {
  card: PaymentProvider;
  store: CheckoutStore;
  start: PaymentStart;
  settler: Settler;
  logger: Logger;
}) {
  const { card, store, settler } = deps;
  const log = deps.logger.child({ component: "payments", button: "card", provider: card.id });
  const notFound = () => new NotFoundError(paymentMessages.sessionNotFound);
  const successPage = (ref: string) => `/payment-success?session_id=${encodeURIComponent(ref)}`;

  /** The checkout of a reference, read once; an id the store never issued changes nothing and costs no call. */
  async function checkoutOf(ref: string): Promise<Checkout> {
    if (!card.refPattern.test(ref)) throw notFound();
    const checkout = await store.byRef(METHOD, ref);
    if (!checkout) throw notFound();
    return checkout;
  }

  /**
   * Settles a payment of the card button (idempotent) and answers its result with the order it
   * recorded or found, from one read of the checkout (`checkout`: the row the step read already).
   */
  async function confirm(ref: string, checkout?: Checkout): Promise<Settled> {
    const row = checkout ?? (await checkoutOf(ref));
    // Final already: the provider need not be asked.
    if (row.status === "completed" || row.status === "refunded") return settler.settle(card, row, null);
    const seen = await card.read(ref);
    if (!seen) throw notFound();
    return settler.settle(card, row, seen);
  }

  /** The shopper's own sandbox session; 404 for anyone else's, or when the provider has no sandbox page. */
  async function ownSandboxSession(viewer: Viewer, ref: string) {
    const page = card.sandboxPage;
    if (!page) throw notFound();
    const checkout = await checkoutOf(ref);
    if (checkout.userId !== viewer.id) throw notFound();
    return { checkout, page };
  }

  return {
    confirm,

    /** POST /api/create-stripe-session. A second start of the same cart and offer gets the same open page back. */
    async start(viewer: Viewer, input: CheckoutInput): Promise<CardStarted> {
      // Asking again for a checkout replays the first answer (the provider's idempotency key, the sandbox's one page per checkout).
      let { checkout, started } = await deps.start(viewer, "card", card, input, async (error, opened, reused) => {
        await closeFailedStart(store, opened, reused, error);
        throw error;
      });
      if (!started?.url) {
        // A reused checkout's page: ask the provider for it again (same key, same page).
        const again = await card.start(await store.paymentRequest(checkout));
        started = again;
        checkout = (await store.bindProviderRef(checkout.id, again.ref)) ?? checkout;
      }
      if (checkout.status !== "pending" || checkout.providerRef !== started.ref) {
        // Replaced by a newer start while the provider was asked: this page must not be paid.
        await card.close(started.ref).catch(() => false);
        throw new PaymentRefusedError(paymentMessages.checkoutReplaced, "checkout_replaced");
      }
      return { id: started.ref, url: started.url!, mode: card.id, ...quoteView(checkout) };
    },

    /** POST /api/stripe-webhook: only a correctly signed, recent event is read at all. */
    async webhook(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true; outcome?: Settled["result"] }> {
      const events = card.events;
      if (!events) throw new NotFoundError("Not found");
      let event: ReturnType<typeof events.verify>;
      try {
        event = events.verify(rawBody, signature);
      } catch (error) {
        log.warn({ reason: (error as Error).message }, "webhook refused");
        throw new InvalidInputError(paymentMessages.webhookInvalid);
      }
      if (event.kind === "ignored") return { received: true };
      try {
        const checkout = await checkoutOf(event.ref);
        if (event.kind === "failed") {
          await store.mark(checkout.id, "failed", "asynchronous payment failed");
          return { received: true };
        }
        return { received: true, outcome: (await confirm(event.ref, checkout)).result };
      } catch (error) {
        // A payment this store did not make (another integration on the same account) is acknowledged and ignored.
        if (error instanceof NotFoundError) return { received: true };
        throw error;
      }
    },

    /** What the sandbox's hosted page shows. */
    async sandboxSession(viewer: Viewer, ref: string) {
      const { checkout } = await ownSandboxSession(viewer, ref);
      const seen = await card.read(ref);
      return {
        id: ref,
        status: seen?.providerStatus ?? "expired",
        mode: card.id,
        checkoutStatus: checkout.status,
        ...quoteView(checkout),
      };
    },

    /** The sandbox page's Pay button: the session is paid, then the same confirm() as the webhook runs. */
    async paySandbox(viewer: Viewer, ref: string): Promise<Settled & { redirectTo: string }> {
      const { checkout, page } = await ownSandboxSession(viewer, ref);
      await page.accept(ref);
      const settled = await confirm(ref, checkout);
      const { outcome, message } = settled.result;
      if (outcome !== "paid" && outcome !== "refunded")
        throw new PaymentRefusedError(message ?? paymentMessages.sessionExpired, outcome);
      return { ...settled, redirectTo: successPage(ref) };
    },

    /**
     * The sandbox page's Cancel button. A session that was paid meanwhile (Pay in another tab)
     * is not cancelled: the answer says it is paid and where its confirmation is.
     */
    async cancelSandbox(viewer: Viewer, ref: string) {
      const { checkout, page } = await ownSandboxSession(viewer, ref);
      if (await page.cancel(ref)) {
        await store.mark(checkout.id, "expired", "cancelled on the sandbox page");
      } else if ((await card.read(ref))?.state === "paid") {
        throw new PaymentRefusedError(paymentMessages.alreadyPaid, "already_paid", { redirectTo: successPage(ref) });
      }
      return { status: "cancelled" as const, redirectTo: "/payment-cancelled" };
    },
  };
}

export type CardFlow = ReturnType<typeof createCardFlow>;
