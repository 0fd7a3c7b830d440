import { randomInt } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { ProviderUnavailableError } from "../../../../domain/errors";
import type { Database } from "../../../db/client";
import { sandboxPayments } from "../../../db/schema";
import type { PaymentProvider } from "../../provider";
import { paypalPayments } from "../paypal";
import { PAYPAL_ORDER_ID } from "../paypal/paypal";
import { CARD_SESSION_ID } from "../../../../domain/payment-schemas";
import type { PaypalApi, WalletOrder } from "../paypal/types";
import { sessionPayments } from "../stripe";
import { SESSION_LIFETIME_S } from "../stripe/stripe";
import type { CardSession, StripeApi } from "../stripe/types";

/**
 * The built-in sandbox: the embedded default when PayPal or Stripe keys are not set. It plays
 * the provider's side only (ids, approval, capture, hosted page, refunds) and keeps its book in
 * the database; everything else (checkouts, stock, orders, reconciliation) is the same code
 * the real providers go through. No money moves: the pages that use it say so. It is one
 * registration (server/payments/registry.ts) that can fill either button: its wallet is
 * captured by the store like PayPal's orders, its card page takes the money like Stripe's.
 */

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const MIXED = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function randomId(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Sandbox wallet order ids look like PayPal's (capitals and digits) and say what they are. */
export const SANDBOX_WALLET_ID = /^SANDBOX[A-Z0-9]{13}$/;
export const SANDBOX_CARD_ID = /^cs_sandbox_[A-Za-z0-9]{24}$/;

type Row = typeof sandboxPayments.$inferSelect;

function captureStatus(row: Row): string {
  if (row.refundedAt) return "REFUNDED";
  return row.refunds.length ? "PARTIALLY_REFUNDED" : "COMPLETED";
}

/** The sandbox's one merchant account: every sandbox order pays it. */
const SANDBOX_ACCOUNT = { merchantId: "SANDBOXSTORE2", email: null };

function walletOrder(row: Row): WalletOrder {
  return {
    id: row.id,
    status: row.status,
    // The sandbox keeps the checkout it was made for, as PayPal keeps custom_id.
    customId: row.checkoutId,
    payee: SANDBOX_ACCOUNT,
    capture: row.captureId
      ? { id: row.captureId, status: captureStatus(row), amountCents: row.amountCents, currency: row.currency }
      : null,
  };
}

export function createSandboxProviders(
  db: Database,
  publicUrl: string,
): { wallet: PaymentProvider; card: PaymentProvider } {
  async function find(id: string, kind: Row["kind"]): Promise<Row | undefined> {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.kind, kind)));
    return row;
  }

  /** Like a provider's idempotency key: asking again for the same checkout returns the first answer. */
  async function findForCheckout(checkoutId: string, kind: Row["kind"]): Promise<Row | undefined> {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.checkoutId, checkoutId), eq(sandboxPayments.kind, kind)));
    return row;
  }

  /**
   * Refunds a payment in full (no amount) or in part, as PayPal and Stripe do: a repeated key
   * answers the first refund, and more than what remains is refused (a 422, like theirs).
   */
  async function refund(captureId: string, key: string, amountCents?: number): Promise<{ id: string; status: string }> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.captureId, captureId))
        .for("update");
      if (!row) throw new ProviderUnavailableError("sandbox", `Sandbox: no payment ${captureId} to refund`, 404);
      const earlier = row.refunds.find((r) => r.key === key);
      if (earlier) return { id: earlier.id, status: "COMPLETED" };
      const refunded = row.refunds.reduce((sum, r) => sum + r.amountCents, 0);
      const left = row.refundedAt ? 0 : row.amountCents - refunded;
      const amount = amountCents ?? left;
      if (left <= 0 || amount > left || amount <= 0) {
        throw new ProviderUnavailableError(
          "sandbox",
          `Sandbox: the refund is more than what remains of payment ${captureId}`,
          422,
        );
      }
      const id = `SANDBOXREFUND${randomId(UPPER, 10)}`;
      const full = amount === left;
      await tx
        .update(sandboxPayments)
        .set({
          refunds: [...row.refunds, { key, id, amountCents: amount }],
          ...(full ? { refundedAt: new Date() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(sandboxPayments.id, row.id));
      return { id, status: "COMPLETED" };
    });
  }

  const sessionOpen = () => gt(sandboxPayments.createdAt, new Date(Date.now() - SESSION_LIFETIME_S * 1000));

  const wallet: Omit<PaypalApi, "mode"> & { approve(orderId: string): Promise<boolean> } = {
    async createOrder(request) {
      // One order per checkout, even for two requests at once (the unique index decides).
      const [created] = await db
        .insert(sandboxPayments)
        .values({
          id: `SANDBOX${randomId(UPPER, 13)}`,
          kind: "wallet",
          checkoutId: request.checkoutId,
          amountCents: request.totalCents,
          currency: request.currency,
          status: "CREATED",
        })
        .onConflictDoNothing({ target: [sandboxPayments.checkoutId, sandboxPayments.kind] })
        .returning();
      // The checkout's order made by an earlier request, when the unique index refused this one.
      const row = created ?? (await findForCheckout(request.checkoutId, "wallet"));
      if (!row) throw new Error(`Sandbox: no wallet order for checkout ${request.checkoutId}`);
      return { id: row.id, status: row.status };
    },

    async approve(orderId) {
      const updated = await db
        .update(sandboxPayments)
        .set({ status: "APPROVED", updatedAt: new Date() })
        .where(
          and(
            eq(sandboxPayments.id, orderId),
            eq(sandboxPayments.kind, "wallet"),
            eq(sandboxPayments.status, "CREATED"),
          ),
        )
        .returning({ id: sandboxPayments.id });
      if (updated.length) return true;
      return (await find(orderId, "wallet"))?.status === "APPROVED";
    },

    async captureOrder(orderId) {
      // One conditional update: two captures at once cannot both complete the order.
      const [captured] = await db
        .update(sandboxPayments)
        .set({ status: "COMPLETED", captureId: `SANDBOXCAP${randomId(UPPER, 10)}`, updatedAt: new Date() })
        .where(
          and(
            eq(sandboxPayments.id, orderId),
            eq(sandboxPayments.kind, "wallet"),
            eq(sandboxPayments.status, "APPROVED"),
          ),
        )
        .returning();
      if (captured) return walletOrder(captured);
      const row = await find(orderId, "wallet");
      if (!row) return { refused: true, issue: "RESOURCE_NOT_FOUND" };
      if (row.status === "COMPLETED") return walletOrder(row);
      return { refused: true, issue: row.status === "CREATED" ? "ORDER_NOT_APPROVED" : "ORDER_NOT_CAPTURABLE" };
    },

    async getOrder(orderId) {
      const row = await find(orderId, "wallet");
      return row ? walletOrder(row) : null;
    },

    refundCapture: (captureId, requestId, amountCents) => refund(captureId, requestId, amountCents),

    storeAccount: async () => SANDBOX_ACCOUNT,
  };

  function cardSession(row: Row): CardSession {
    const expired = row.status === "open" && row.createdAt.getTime() + SESSION_LIFETIME_S * 1000 <= Date.now();
    return {
      id: row.id,
      url: row.status === "open" && !expired ? `${publicUrl}/sandbox/checkout/${row.id}` : null,
      status: expired ? "expired" : row.status,
      paid: row.status === "complete",
      amountTotalCents: row.amountCents,
      currency: row.currency,
      checkoutId: row.checkoutId,
      paymentRef: row.captureId,
    };
  }

  const card: Omit<StripeApi, "mode" | "verifyWebhook"> & {
    pay(sessionId: string): Promise<boolean>;
    cancel(sessionId: string): Promise<boolean>;
  } = {
    async createSession(request) {
      const [created] = await db
        .insert(sandboxPayments)
        .values({
          id: `cs_sandbox_${randomId(MIXED, 24)}`,
          kind: "card",
          checkoutId: request.checkoutId,
          amountCents: request.totalCents,
          currency: request.currency,
          status: "open",
        })
        .onConflictDoNothing({ target: [sandboxPayments.checkoutId, sandboxPayments.kind] })
        .returning();
      // The checkout's session made by an earlier request, when the unique index refused this one.
      const row = created ?? (await findForCheckout(request.checkoutId, "card"));
      if (!row) throw new Error(`Sandbox: no card session for checkout ${request.checkoutId}`);
      return { id: row.id, url: `${publicUrl}/sandbox/checkout/${row.id}` };
    },

    async retrieveSession(sessionId) {
      const row = await find(sessionId, "card");
      return row ? cardSession(row) : null;
    },

    async pay(sessionId) {
      const updated = await db
        .update(sandboxPayments)
        .set({ status: "complete", captureId: `pi_sandbox_${randomId(MIXED, 24)}`, updatedAt: new Date() })
        .where(
          and(
            eq(sandboxPayments.id, sessionId),
            eq(sandboxPayments.kind, "card"),
            eq(sandboxPayments.status, "open"),
            sessionOpen(),
          ),
        )
        .returning({ id: sandboxPayments.id });
      return updated.length > 0;
    },

    async cancel(sessionId) {
      const updated = await db
        .update(sandboxPayments)
        .set({ status: "expired", updatedAt: new Date() })
        .where(
          and(eq(sandboxPayments.id, sessionId), eq(sandboxPayments.kind, "card"), eq(sandboxPayments.status, "open")),
        )
        .returning({ id: sandboxPayments.id });
      return updated.length > 0;
    },

    expireSession: (sessionId) => card.cancel(sessionId),

    refund: (paymentRef, idempotencyKey, amountCents) => refund(paymentRef, idempotencyKey, amountCents),
  };

  return {
    wallet: paypalPayments(wallet, {
      id: "sandbox",
      sandbox: true,
      // Its ids look like PayPal's and Stripe's, and are checked the same way.
      refPattern: PAYPAL_ORDER_ID,
      // The approval step's Cancel: the order is simply never captured, and lapses.
      sandboxPage: { accept: (ref) => wallet.approve(ref), cancel: async () => false },
    }),
    card: sessionPayments(card, {
      id: "sandbox",
      sandbox: true,
      refPattern: CARD_SESSION_ID,
      sandboxPage: { accept: (ref) => card.pay(ref), cancel: (ref) => card.cancel(ref) },
    }),
  };
}
