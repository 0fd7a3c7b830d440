import path from "node:path";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { createLocalMailbox } from "./mailbox";
import { type Executor, enqueueMail, type MailMessage } from "./outbox";
import { createMailboxTransport, createSmtpTransport, type MailTransport } from "./transport";
import { createMailWorker, type MailWorkerOptions } from "./worker";

export interface MailServiceOptions extends MailWorkerOptions {
  /** Replaces the transport chosen from the configuration (tests use a failing one). */
  transport?: MailTransport;
}

/** The one way e-mail leaves the store: into the outbox, then out through the worker. */
export function createMailService(
  deps: { db: Database; config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">; logger: Logger },
  options: MailServiceOptions = {},
) {
  const { config, logger } = deps;
  const mailbox = config.smtpUrl ? undefined : createLocalMailbox(path.join(config.dataDir, "mailbox"));
  const transport =
    options.transport ??
    (config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createMailboxTransport(mailbox!, config.mailFrom, logger));
  const worker = createMailWorker({ db: deps.db, transport, logger }, options);

  return {
    /** Present only without SMTP: the local mailbox behind /dev/mailbox. */
    mailbox,
    worker,
    /**
     * Puts a message in the outbox. Pass the caller's transaction to make the e-mail part of
     * its work; the worker is woken at once and its poll picks up anything committed later.
     */
    async enqueue(message: MailMessage, executor: Executor = deps.db): Promise<string> {
      const id = await enqueueMail(executor, message);
      worker.wake();
      return id;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
