import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { outbox } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, nextAttemptAt: new Date() })
    .returning({ id: outbox.id });
  return row.id;
}

/**
 * Claims up to `limit` due messages by pushing their next attempt a lease into the future,
 * so a second worker (or a second instance of the store) skips them while they are being
 * sent, and a worker that dies mid-send lets them come due again after the lease.
 */
export async function claimDueMail(db: Database, options: { now: Date; limit: number; leaseMs: number }): Promise<OutboxRow[]> {
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
      attempts: outbox.attempts,
    });
  return rows.map((r) => ({ ...r, html: r.html ?? undefined }));
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
