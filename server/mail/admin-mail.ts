import { NotFoundError } from "../../domain/errors";
import { isUuid } from "../../domain/ids";
import { canRetryMail, MAIL_LIST_LIMIT, type MailState, mailState } from "../../domain/outbox-mail";
import type { FailedMailPage, FailedMailView } from "../../domain/views";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { type FailedMailRow, failedMailById, listFailedMail, requeueGivenUpMail } from "./outbox";

const MAIL_NOT_FOUND = "Email not found";

function toView(row: FailedMailRow): FailedMailView {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    lastError: row.lastError ?? "",
    attempts: row.attempts,
    state: mailState(row),
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    canRetry: canRetryMail(row),
  };
}

/**
 * The administrator's Mail tab: e-mail that failed to send, and a retry for the ones the worker
 * gave up on. The caller checks that the administrator asks (the /admin route's requireAdmin).
 */
export function createAdminMailService(deps: { db: Database; logger: Logger; wakeMail: () => void }) {
  const log = deps.logger.child({ component: "admin-mail" });
  return {
    /** The failed e-mails, or only the ones given up on (?state=given-up, the Overview's "Emails failed"). */
    async listFailed(givenUpOnly = false): Promise<FailedMailPage> {
      const { rows, total } = await listFailedMail(deps.db, MAIL_LIST_LIMIT, givenUpOnly);
      return { items: rows.map(toView), total, givenUpOnly };
    },

    /**
     * Queues a given-up e-mail again and wakes the worker. Harmless twice: an e-mail already
     * queued again, still retrying or sent meanwhile is left as it is, and its state answered.
     */
    async retry(mailId: string): Promise<{ state: MailState; requeued: boolean }> {
      if (!isUuid(mailId)) throw new NotFoundError(MAIL_NOT_FOUND);
      const requeued = await requeueGivenUpMail(deps.db, mailId, new Date());
      const row = await failedMailById(deps.db, mailId);
      if (!row) throw new NotFoundError(MAIL_NOT_FOUND);
      if (requeued) {
        log.info({ mailId, attempts: row.attempts }, "email queued again by the administrator");
        deps.wakeMail();
      }
      return { state: mailState(row), requeued };
    },
  };
}

export type AdminMailService = ReturnType<typeof createAdminMailService>;
