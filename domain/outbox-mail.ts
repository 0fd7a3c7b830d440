/**
 * Where an outbox e-mail stands, from its row (server/db/schema/mail.ts): the mail worker sends
 * due rows and retries failures with backoff (domain/backoff.ts) until it gives up. The
 * administrator's Mail tab lists the ones that failed and retries those given up on.
 */

export type MailState = "queued" | "sent" | "retrying" | "given_up";

export interface MailRowState {
  sentAt: Date | null;
  /** When the worker tries next; null once sent or given up on. */
  nextAttemptAt: Date | null;
  attempts: number;
  lastError: string | null;
}

export function mailState(mail: MailRowState): MailState {
  if (mail.sentAt) return "sent";
  if (mail.nextAttemptAt === null) return "given_up";
  return mail.attempts > 0 ? "retrying" : "queued";
}

/** On the Mail tab: not sent, and at least one attempt failed (a retried one stays until it goes out). */
export function isFailedMail(mail: MailRowState): boolean {
  return mail.sentAt === null && mail.lastError !== null;
}

/**
 * Only mail given up on can be retried. A message the worker still retries may be in the middle
 * of a send (its next attempt is then a lease, not a wait): making it due again could send it twice.
 */
export function canRetryMail(mail: MailRowState): boolean {
  return mailState(mail) === "given_up";
}

/** The words the Mail tab shows for a failed e-mail's state. */
export const MAIL_STATE_LABELS: Record<MailState, string> = {
  queued: "Queued to send again",
  sent: "Sent",
  retrying: "Will try again",
  given_up: "Gave up",
};

export const MAIL_LIST_LIMIT = 100;
