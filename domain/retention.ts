import type { CheckoutStatus } from "./checkout-status";

/**
 * How long the store keeps what it no longer needs (docs/decisions/029-housekeeping.md). The
 * housekeeping task deletes, in batches, whatever these rules call old enough; each module that
 * owns a table writes the same rule as SQL, and its integration test checks the two agree.
 */

const DAY_MS = 24 * 3600_000;

/** MAIL_RETENTION_DAYS' default: a sent e-mail's links (sign-in, reset) are long dead by then. */
export const DEFAULT_MAIL_RETENTION_DAYS = 7;

/**
 * Mail the worker gave up on stays this long, for the administrator to see and retry on the
 * Mail tab; after that its links have expired and a retry would deliver nothing useful.
 */
export const GIVEN_UP_MAIL_RETENTION_DAYS = 30;

/**
 * An expired session or verification row (a reset link, a sign-in's state) is kept a day past
 * its expiry, so a link opened just too late still says "expired" rather than "invalid".
 */
export const EXPIRED_AUTH_GRACE_DAYS = 1;

/**
 * Abandoned checkouts are kept this long after their last change. Long after any money can
 * still arrive for them: a Stripe Checkout Session can be paid for at most 24 hours, an
 * asynchronous card-network payment settles within about 14 business days, and PayPal
 * approvals lapse well before. A purged checkout's late payment would find no checkout and be
 * ignored, so this errs far on the safe side.
 */
export const ABANDONED_CHECKOUT_RETENTION_DAYS = 30;

/**
 * The checkout states a purge may take: the payment never happened and nothing can move them
 * any more except late money (which the retention above outwaits). Never `pending` (the
 * reconciliation pass still asks the provider about it), `completed` (an order points at it) or
 * `refunded` (the record of money given back).
 */
export const ABANDONED_CHECKOUT_STATUSES = [
  "failed",
  "expired",
  "superseded",
] as const satisfies readonly CheckoutStatus[];

/** The moments before which each kind of row is old enough to delete. */
export interface PurgeCutoffs {
  /** Sent e-mail sent before this. */
  sentMail: Date;
  /** Given-up e-mail queued before this. */
  givenUpMail: Date;
  /** Sessions and verification rows that expired before this. */
  expiredAuth: Date;
  /** Abandoned checkouts last changed (and made) before this. */
  abandonedCheckout: Date;
}

export function purgeCutoffs(now: Date, settings: { mailRetentionDays: number }): PurgeCutoffs {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    sentMail: daysAgo(settings.mailRetentionDays),
    givenUpMail: daysAgo(Math.max(GIVEN_UP_MAIL_RETENTION_DAYS, settings.mailRetentionDays)),
    expiredAuth: daysAgo(EXPIRED_AUTH_GRACE_DAYS),
    abandonedCheckout: daysAgo(ABANDONED_CHECKOUT_RETENTION_DAYS),
  };
}

/** An outbox row as far as its purge goes. */
export interface MailForPurge {
  sentAt: Date | null;
  /** Null once sent or given up on. */
  nextAttemptAt: Date | null;
  createdAt: Date;
}

/** Sent long enough ago, or given up on long enough ago. Mail still to be sent is never purged. */
export function isPurgeableMail(mail: MailForPurge, cutoffs: PurgeCutoffs): boolean {
  if (mail.sentAt) return mail.sentAt < cutoffs.sentMail;
  return mail.nextAttemptAt === null && mail.createdAt < cutoffs.givenUpMail;
}

/** A session or verification row: gone once it expired more than the grace ago. */
export function isPurgeableAuthRow(row: { expiresAt: Date }, cutoffs: PurgeCutoffs): boolean {
  return row.expiresAt < cutoffs.expiredAuth;
}

/** A checkout as far as its purge goes. */
export interface CheckoutForPurge {
  status: CheckoutStatus;
  /** Set while a PayPal capture holds stock: that stock must still be given back. */
  stockReservedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function isAbandonedCheckoutStatus(status: CheckoutStatus): boolean {
  return (ABANDONED_CHECKOUT_STATUSES as readonly CheckoutStatus[]).includes(status);
}

/** Abandoned (see above), holding no stock, and neither made nor changed within the retention. */
export function isPurgeableCheckout(checkout: CheckoutForPurge, cutoffs: PurgeCutoffs): boolean {
  return (
    isAbandonedCheckoutStatus(checkout.status) &&
    checkout.stockReservedAt === null &&
    checkout.createdAt < cutoffs.abandonedCheckout &&
    checkout.updatedAt < cutoffs.abandonedCheckout
  );
}
