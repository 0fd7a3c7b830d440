import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { periodicTask } from "../periodic-task";
import { nextRetryDelayMs } from "../../domain/backoff";
import { claimDueMail, markMailFailed, markMailSent } from "./outbox";
import type { MailTransport } from "./transport";

export interface MailWorkerOptions {
  /** How often the outbox is checked when nobody wakes the worker. */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed message is reserved for this worker before another may try it. */
  leaseMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  maxAttempts?: number;
}

/**
 * Sends due outbox messages. It polls, and enqueuers wake it so mail goes out at once.
 * A failure is recorded on the message and retried with exponential backoff, so a mail
 * server that is down loses nothing.
 */
export function createMailWorker(
  deps: { db: Database; transport: MailTransport; logger: Logger },
  options: MailWorkerOptions = {},
) {
  const pollMs = options.pollMs ?? 5_000;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  const retry = {
    baseMs: options.retryBaseMs ?? 30_000,
    maxMs: options.retryMaxMs ?? 3_600_000,
    maxAttempts: options.maxAttempts ?? 10,
  };
  const log = deps.logger.child({ component: "mail-worker" });

  /** One pass over the due messages; returns how many were sent. */
  async function runOnce(now = new Date()): Promise<number> {
    const claimed = await claimDueMail(deps.db, { now, limit: batchSize, leaseMs });
    let sent = 0;
    for (const message of claimed) {
      try {
        await deps.transport.send(message);
      } catch (error) {
        const attempts = message.attempts + 1;
        const delay = nextRetryDelayMs(attempts, retry);
        const reason = error instanceof Error ? error.message : String(error);
        await markMailFailed(deps.db, message.id, reason, delay === null ? null : new Date(Date.now() + delay));
        if (delay === null)
          log.error({ mailId: message.id, attempts, reason }, "e-mail given up after the last attempt");
        else log.warn({ mailId: message.id, attempts, retryInMs: delay, reason }, "e-mail not sent; will retry");
        continue;
      }
      try {
        await markMailSent(deps.db, message.id, new Date());
        sent++;
      } catch (error) {
        // Sent, but not recorded (the database went away): not a failed attempt. When the claim's
        // lease runs out it goes out again under the same Message-ID, which mail systems treat
        // as the same message (at least once, docs/decisions/030-faults-survived.md).
        log.warn(
          { mailId: message.id, err: error },
          "e-mail sent but not recorded as sent; it will be sent again with the same Message-ID",
        );
      }
    }
    return sent;
  }

  // A full batch means more may be waiting: the task goes on without waiting for the next poll.
  const task = periodicTask({
    name: "mail worker pass",
    intervalMs: pollMs,
    run: async () => (await runOnce()) >= batchSize,
    logger: log,
  });

  return {
    runOnce,
    start: task.start,
    /** Asks for a pass now (after an enqueue); a pass in progress does one more round. */
    wake: task.wake,
    /** Stops polling and waits for the pass in flight, so shutdown does not cut a send in half. */
    async stop() {
      await task.stop();
      deps.transport.close();
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
