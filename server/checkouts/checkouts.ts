import { and, asc, eq, gt, inArray, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { ABANDONED_CHECKOUT_STATUSES, type PurgeCutoffs } from "../../domain/retention";
import { lineProblemMessage, paymentMessages } from "../../domain/payment-messages";
import type { AccountsService } from "../accounts/service";
import type { Viewer } from "../auth/service";
import type { PricingService } from "../cart/pricing";
import type { DiscountPricing } from "../discounts/apply";
import { checkoutStatusesBefore } from "../../domain/checkout-status";
import type { Database, Tx } from "../db/client";
import { type CheckoutStatus, checkouts, orders, type PaymentMethod, users } from "../db/schema";
import { NotFoundError, PaymentRefusedError } from "../../domain/errors";
import {
  type AddressSnapshot,
  addressSnapshot,
  type LineChoice,
  type PaymentRequest,
  type PricedLines,
  type Quote,
  pricedLineOf,
} from "../../domain/checkout-line";

export type Checkout = typeof checkouts.$inferSelect;

/** What a shopper asks to pay for: cart lines and address ids, nothing priced. */
export interface CheckoutInput {
  lines: LineChoice[];
  shippingAddressId: string;
  billingAddressId?: string | null;
  sameAsShipping: boolean;
  /** The discount code the shopper applied (normalised), if any. */
  discountCode?: string | null;
}

export interface PricedCheckout extends PricedLines {
  shippingAddress: AddressSnapshot;
  billingAddress: AddressSnapshot;
  /** The code's id when one applies (docs/decisions/034-discount-codes.md). */
  discountId: string | null;
  discountCode: string | null;
  discountCents: number;
}

/** The priced cart as the checkout page shows it: the server's numbers, which win over the browser's. */
export function quoteView(
  checkout: Pick<
    Checkout,
    "lines" | "subtotalCents" | "discountCents" | "discountCode" | "taxCents" | "shippingCents" | "totalCents"
  >,
): PricedLines {
  return {
    lines: checkout.lines,
    subtotalCents: checkout.subtotalCents,
    discountCents: checkout.discountCents,
    discountCode: checkout.discountCode,
    taxCents: checkout.taxCents,
    shippingCents: checkout.shippingCents,
    totalCents: checkout.totalCents,
  };
}

function refuseUnavailable(quote: Quote): never {
  const problems = quote.lines.filter((line) => line.problem !== null);
  const detail = problems.map((line) => lineProblemMessage({ ...line, problem: line.problem! }));
  throw new PaymentRefusedError(detail.length === 1 ? detail[0] : paymentMessages.unavailable, "unavailable", {
    problems: detail,
    quote,
  });
}

export function createCheckoutStore(deps: {
  db: Database;
  pricing: PricingService;
  discounts: DiscountPricing;
  accounts: AccountsService;
}) {
  const { db } = deps;

  return {
    /**
     * Prices the cart from the database and resolves the shopper's own addresses. Refuses
     * (409) lines that cannot be bought as asked, a discount code that does not apply (the
     * shopper is never charged another price than the page showed), and (404) an address that
     * is not theirs.
     */
    async price(viewer: Viewer, input: CheckoutInput): Promise<PricedCheckout> {
      const lineQuote = await deps.pricing.quote(input.lines);
      if (!lineQuote.ok) refuseUnavailable(lineQuote);
      const quote = await deps.discounts.applyToQuote(lineQuote, input.discountCode, viewer.id);
      if (quote.priced && !quote.priced.ok) {
        throw new PaymentRefusedError(quote.priced.message, "discount_refused", { field: "discountCode" });
      }
      const book = await deps.accounts.listAddresses(viewer.id);
      const shipping = book.find((a) => a.id === input.shippingAddressId);
      if (!shipping) throw new NotFoundError(paymentMessages.addressNotFound);
      const billing = input.sameAsShipping ? shipping : book.find((a) => a.id === input.billingAddressId);
      if (!billing) throw new NotFoundError(paymentMessages.addressNotFound);
      return {
        lines: quote.lines.map(pricedLineOf),
        subtotalCents: quote.subtotalCents,
        taxCents: quote.taxCents,
        shippingCents: quote.shippingCents,
        totalCents: quote.totalCents,
        discountId: quote.priced?.ok ? quote.priced.discountId : null,
        discountCode: quote.priced?.ok ? quote.priced.code : null,
        discountCents: quote.priced?.ok ? quote.priced.discountCents : 0,
        shippingAddress: addressSnapshot(shipping),
        billingAddress: addressSnapshot(billing),
      };
    },

    /** The shopper's open checkout of this cart (at most one: a unique index). */
    async openForCart(userId: string, cartKey: string): Promise<Checkout | undefined> {
      const [row] = await db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.userId, userId), eq(checkouts.cartKey, cartKey), eq(checkouts.status, "pending")));
      return row;
    },

    /** A new open checkout; undefined when one for this cart was opened meanwhile (the unique index refused this one). */
    async insertOpen(
      viewer: Viewer,
      provider: PaymentMethod,
      priced: PricedCheckout,
      keys: { cartKey: string; offerKey: string },
    ): Promise<Checkout | undefined> {
      const [row] = await db
        .insert(checkouts)
        .values({ userId: viewer.id, provider, ...priced, ...keys })
        .onConflictDoNothing({
          target: [checkouts.userId, checkouts.cartKey],
          where: sql`${checkouts.status} = 'pending'`,
        })
        .returning();
      return row;
    },

    /**
     * Names the provider order or session of a checkout, once: a checkout already bound to
     * another one is left alone. Returns the row as it is afterwards.
     */
    async bindProviderRef(checkoutId: string, providerRef: string): Promise<Checkout | undefined> {
      const [bound] = await db
        .update(checkouts)
        .set({ providerRef, updatedAt: new Date() })
        .where(and(eq(checkouts.id, checkoutId), isNull(checkouts.providerRef)))
        .returning();
      if (bound) return bound;
      // Bound already (to this reference or another): the row as it is.
      const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
      return row;
    },

    /** Replaced by a newer checkout of the same cart; only an open one holding no stock can be. */
    async supersede(checkoutId: string): Promise<boolean> {
      const updated = await db
        .update(checkouts)
        .set({
          status: "superseded",
          failureReason: "replaced by a newer checkout of the same cart",
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(checkouts.id, checkoutId),
            inArray(checkouts.status, checkoutStatusesBefore("superseded")),
            isNull(checkouts.stockReservedAt),
          ),
        )
        .returning({ id: checkouts.id });
      return updated.length > 0;
    },

    async byRef(provider: PaymentMethod, providerRef: string): Promise<Checkout | undefined> {
      const [row] = await db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.provider, provider), eq(checkouts.providerRef, providerRef)));
      return row;
    },

    async byId(checkoutId: string): Promise<Checkout | undefined> {
      const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
      return row;
    },

    /**
     * Moves a checkout on by compare-and-set: only from a state the table in
     * domain/checkout-status.ts allows before `status` (so a completed one is never undone).
     * False when the checkout was not in such a state.
     */
    async mark(checkoutId: string, status: Exclude<CheckoutStatus, "completed">, reason?: string): Promise<boolean> {
      const updated = await db
        .update(checkouts)
        .set({ status, failureReason: reason ?? null, updatedAt: new Date() })
        .where(and(eq(checkouts.id, checkoutId), inArray(checkouts.status, checkoutStatusesBefore(status))))
        .returning({ id: checkouts.id });
      return updated.length > 0;
    },

    /** Marks a checkout as looked at, so the reconciliation pass goes round all of them. */
    async touch(checkoutId: string): Promise<void> {
      await db
        .update(checkouts)
        .set({ updatedAt: new Date() })
        .where(and(eq(checkouts.id, checkoutId), inArray(checkouts.status, ["pending", "superseded"])));
    },

    /**
     * Checkouts the provider may still bring money for, nobody has looked at since `before`,
     * oldest first: pending ones, and superseded ones made after `supersededSince` (older ones
     * can no longer be paid at the provider: their sessions and orders have expired there).
     */
    stale(before: Date, supersededSince: Date, limit: number): Promise<Checkout[]> {
      return db
        .select()
        .from(checkouts)
        .where(
          and(
            or(
              eq(checkouts.status, "pending"),
              and(eq(checkouts.status, "superseded"), gt(checkouts.createdAt, supersededSince)),
            ),
            lt(checkouts.updatedAt, before),
          ),
        )
        .orderBy(asc(checkouts.updatedAt))
        .limit(limit);
    },

    /** The provider request for a checkout: a function of the stored row, so asking again replays the first answer. */
    async paymentRequest(checkout: Checkout): Promise<PaymentRequest> {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, checkout.userId));
      return {
        checkoutId: checkout.id,
        lines: checkout.lines,
        subtotalCents: checkout.subtotalCents,
        discountCents: checkout.discountCents,
        discountCode: checkout.discountCode,
        taxCents: checkout.taxCents,
        shippingCents: checkout.shippingCents,
        totalCents: checkout.totalCents,
        currency: "USD",
        shippingAddress: checkout.shippingAddress,
        customerEmail: user?.email ?? "",
        createdAt: checkout.createdAt,
      };
    },
  };
}

export type CheckoutStore = ReturnType<typeof createCheckoutStore>;

/*
 * The checkout's part of the fulfilment transaction (server/orders/service.ts): that transaction
 * takes stock and writes the order, and asks these for every change to its checkout, so this
 * module stays the only writer of the checkouts table.
 */

/** The checkout, locked for the rest of the transaction: a second fulfilment of it waits here. */
export async function lockCheckout(tx: Tx, checkoutId: string): Promise<Checkout> {
  const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
  if (!checkout) throw new NotFoundError("Checkout not found");
  return checkout;
}

/**
 * Locks the checkout a step already read, by compare-and-set instead of a second read: true when
 * it is still as `seen` says (same status, same stock hold), so `seen` is the locked row for the
 * rest of the transaction. False when someone changed it meanwhile: the caller reads it under lock.
 */
export async function claimCheckout(tx: Tx, seen: Checkout): Promise<boolean> {
  const claimed = await tx
    .update(checkouts)
    .set({ updatedAt: new Date() })
    .where(
      and(
        eq(checkouts.id, seen.id),
        eq(checkouts.status, seen.status),
        seen.stockReservedAt ? eq(checkouts.stockReservedAt, seen.stockReservedAt) : isNull(checkouts.stockReservedAt),
      ),
    )
    .returning({ id: checkouts.id });
  return claimed.length > 0;
}

/** Takes the stock hold of an open checkout the step read without one, by compare-and-set; false when it changed. */
export async function claimStockHold(tx: Tx, seen: Checkout, reservedAt: Date): Promise<boolean> {
  const claimed = await tx
    .update(checkouts)
    .set({ stockReservedAt: reservedAt, updatedAt: reservedAt })
    .where(and(eq(checkouts.id, seen.id), eq(checkouts.status, "pending"), isNull(checkouts.stockReservedAt)))
    .returning({ id: checkouts.id });
  return claimed.length > 0;
}

/** Marks the checkout's pieces as held (or, with null, as given back) for a PayPal capture about to happen. */
export async function setStockHold(tx: Tx, checkoutId: string, reservedAt: Date | null): Promise<void> {
  await tx
    .update(checkouts)
    .set({ stockReservedAt: reservedAt, updatedAt: reservedAt ?? new Date() })
    .where(eq(checkouts.id, checkoutId));
}

/**
 * The checkout became an order: completed by compare-and-set from a state the table allows
 * before "completed". Throws when it is not in one, and the transaction rolls back.
 */
export async function completeCheckout(tx: Tx, checkout: Checkout, paymentRef: string | null, at: Date): Promise<void> {
  const updated = await tx
    .update(checkouts)
    .set({
      status: "completed",
      stockReservedAt: null,
      paymentRef: paymentRef ?? checkout.paymentRef,
      failureReason: null,
      updatedAt: at,
    })
    .where(and(eq(checkouts.id, checkout.id), inArray(checkouts.status, checkoutStatusesBefore("completed"))))
    .returning({ id: checkouts.id });
  if (!updated.length) throw new Error(`Checkout ${checkout.id} cannot be completed from ${checkout.status}`);
}

/**
 * Deletes up to `limit` abandoned checkouts (domain/retention.ts `isPurgeableCheckout`): failed,
 * expired or superseded, holding no stock, made and last changed before
 * `cutoffs.abandonedCheckout`, long after any payment for them could still arrive. Pending,
 * completed and refunded checkouts are never deleted, nor one an order points at. Returns how
 * many were deleted.
 */
export async function purgeAbandonedCheckouts(db: Database, cutoffs: PurgeCutoffs, limit: number): Promise<number> {
  const abandoned = db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        inArray(checkouts.status, [...ABANDONED_CHECKOUT_STATUSES]),
        isNull(checkouts.stockReservedAt),
        lt(checkouts.createdAt, cutoffs.abandonedCheckout),
        lt(checkouts.updatedAt, cutoffs.abandonedCheckout),
        notExists(db.select({ one: sql`1` }).from(orders).where(eq(orders.checkoutId, checkouts.id))),
      ),
    )
    .limit(limit);
  return (await db.delete(checkouts).where(inArray(checkouts.id, abandoned)).returning({ id: checkouts.id })).length;
}

/** What /metrics says of the checkouts (docs/decisions/042-metrics.md). */
export interface CheckoutGauges {
  /** Pending: a payment started and neither paid, refused, expired nor replaced yet. */
  open: number;
  /** Of those, the ones whose PayPal capture holds the stock it is about to sell (released by reconciliation). */
  holdingStock: number;
}

/** Read through the partial index checkouts_pending_idx (pending rows only). */
export async function checkoutGauges(db: Pick<Database, "select">): Promise<CheckoutGauges> {
  const [row] = await db
    .select({ open: sql<number>`count(*)::int`, holding: sql<number>`count(${checkouts.stockReservedAt})::int` })
    .from(checkouts)
    .where(eq(checkouts.status, "pending"));
  return { open: Number(row.open), holdingStock: Number(row.holding) };
}
