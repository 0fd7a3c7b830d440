import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { PurgeCutoffs } from "../../domain/retention";
import type { Database } from "../db/client";
import { outbox } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Header lines the transport adds: a stock alert's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface OutboxRow extends MailMessage {
  id: string;
  attempts: number;
}

/** A database or an open transaction: enqueueing inside the caller's transaction makes the e-mail part of its work. */
export type Executor = Pick<Database, "insert" | "update" | "select">;

export async function enqueueMail(executor: Executor, message: MailMessage): Promise<string> {
  const [row] = await executor
    .insert(outbox)
    // Due now by the worker's own clock: the database's now() has microseconds, the worker's Date
    // only milliseconds, so a default of now() could look "not yet due" to a pass in the same millisecond.
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      headers: message.headers ?? null,
      nextAttemptAt: new Date(),
    })
    .returning({ id: outbox.id });
  return row.id;
}

/**
 * Claims up to `limit` due messages by pushing their next attempt a lease into the future,
 * so a second worker (or a second instance of the store) skips them while they are being
 * sent, and a worker that dies mid-send lets them come due again after the lease.
 */
export async function claimDueMail(
  db: Database,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNotNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, options.now)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(options.limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ nextAttemptAt: new Date(options.now.getTime() + options.leaseMs) })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      html: outbox.html,
      headers: outbox.headers,
      attempts: outbox.attempts,
    });
  return rows.map((r) => ({ ...r, html: r.html ?? undefined, headers: r.headers ?? undefined }));
}

export async function markMailSent(db: Database, id: string, at: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ sentAt: at, nextAttemptAt: null, attempts: sql`${outbox.attempts} + 1`, lastError: null })
    .where(eq(outbox.id, id));
}

/** Records a failed attempt; `retryAt` null means the worker gives up on the message. */
export async function markMailFailed(db: Database, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error.slice(0, 1000), nextAttemptAt: retryAt })
    .where(eq(outbox.id, id));
}

/**
 * Deletes up to `limit` e-mails old enough to go (domain/retention.ts `isPurgeableMail`): sent
 * before `cutoffs.sentMail`, or given up on and queued before `cutoffs.givenUpMail`. Mail that
 * may still be sent is never touched. Returns how many were deleted.
 */
export async function purgeOldMail(db: Database, cutoffs: PurgeCutoffs, limit: number): Promise<number> {
  const old = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      or(
        lt(outbox.sentAt, cutoffs.sentMail),
        and(isNull(outbox.sentAt), isNull(outbox.nextAttemptAt), lt(outbox.createdAt, cutoffs.givenUpMail)),
      ),
    )
    .limit(limit);
  const deleted = await db.delete(outbox).where(inArray(outbox.id, old)).returning({ id: outbox.id });
  return deleted.length;
}

/** A failed e-mail as the Mail tab shows it: never its text or html, which hold sign-in and reset links. */
export interface FailedMailRow {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
}

/** What the administrator sees of a failed e-mail: never its text or html (they hold sign-in links). */
const failedMailColumns = {
  id: outbox.id,
  to: outbox.to,
  subject: outbox.subject,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  nextAttemptAt: outbox.nextAttemptAt,
  sentAt: outbox.sentAt,
  createdAt: outbox.createdAt,
};

/** Failed and given up on (domain/outbox-mail.ts `mailState` "given_up"): unsent, with no next attempt. */
const GIVEN_UP = and(isNull(outbox.sentAt), isNotNull(outbox.lastError), isNull(outbox.nextAttemptAt));

/** How many e-mails the worker gave up on (the Overview's "Emails failed"). */
export async function countGivenUpMail(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(GIVEN_UP);
  return Number(row?.n ?? 0);
}

/** Unsent e-mail with a failed attempt (domain/outbox-mail.ts `isFailedMail`), newest first. */
export async function listFailedMail(
  db: Database,
  limit: number,
  givenUpOnly = false,
): Promise<{ rows: FailedMailRow[]; total: number }> {
  const failed = givenUpOnly ? GIVEN_UP : and(isNull(outbox.sentAt), isNotNull(outbox.lastError));
  const [rows, [count]] = await Promise.all([
    db
      .select(failedMailColumns)
      .from(outbox)
      .where(failed)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(limit),
    db.select({ total: sql<number>`count(*)::int` }).from(outbox).where(failed),
  ]);
  return { rows, total: Number(count.total) };
}

export async function failedMailById(db: Database, id: string): Promise<FailedMailRow | undefined> {
  const [row] = await db.select(failedMailColumns).from(outbox).where(eq(outbox.id, id));
  return row;
}

/**
 * Makes an e-mail the worker gave up on due again, with a fresh series of attempts; its last
 * error stays until the next attempt. A compare-and-set on "given up" (unsent, no next attempt),
 * so a second retry, or a retry of mail sent or already queued meanwhile, changes nothing.
 * Returns whether this call queued it.
 */
export async function requeueGivenUpMail(db: Database, id: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(outbox)
    .set({ nextAttemptAt: now, attempts: 0 })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt), isNull(outbox.nextAttemptAt)))
    .returning({ id: outbox.id });
  return updated.length > 0;
}

/** What /metrics says of the outbox (docs/decisions/042-metrics.md). */
export interface OutboxGauges {
  /** E-mails still to be sent: due, waiting for a retry, or being sent now. */
  queued: number;
  /** How long the oldest of them has waited since it was queued, by the database's clock; 0 when none waits. */
  oldestQueuedSeconds: number;
  /** E-mails the worker gave up on, still kept for the administrator to see and retry (domain/retention.ts). */
  givenUp: number;
}

/** Read through the partial indexes outbox_due_idx and outbox_given_up_idx: cheap at any size of the table. */
export async function outboxGauges(db: Pick<Database, "select">): Promise<OutboxGauges> {
  const [queued] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8`,
    })
    .from(outbox)
    .where(isNotNull(outbox.nextAttemptAt));
  const [givenUp] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNull(outbox.nextAttemptAt)));
  return {
    queued: Number(queued.count),
    oldestQueuedSeconds: Math.max(0, Number(queued.oldest)),
    givenUp: Number(givenUp.count),
  };
}
