import { lazyPackage } from "../lazy-package";
import type { Logger } from "../logger";
import type { LocalMailbox } from "./mailbox";
import type { MailMessage } from "./outbox";

export interface MailTransport {
  kind: "smtp" | "mailbox";
  send(message: MailMessage & { id: string }): Promise<void>;
  close(): void;
}

/** nodemailer is loaded only when SMTP_URL is set (server/lazy-package.ts). */
const loadNodemailer = lazyPackage<typeof import("nodemailer")>("nodemailer");

/** Real delivery over SMTP; SMTP_URL carries host, port, credentials and smtps:// for TLS. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = loadNodemailer().createTransport({
    url: smtpUrl,
    // A mail server that hangs must not hold the worker: fail, and the outbox retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: "smtp",
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: `<${message.id}@threadline.outbox>`,
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP: every message is kept in the local mailbox (see /dev/mailbox), and the log says
 * that it was, to whom and about what. Never its text: verification and reset links are keys to
 * an account, and logs are read and shipped by more people than the mailbox (issue 21, finding 3).
 */
export function createMailboxTransport(mailbox: LocalMailbox, from: string, logger: Logger): MailTransport {
  return {
    kind: "mailbox",
    async send(message) {
      const stored = await mailbox.deliver({ ...message, from });
      logger.info(
        { mail: { id: stored.id, to: message.to, subject: message.subject } },
        "e-mail kept in the local mailbox (no SMTP_URL); read it at /dev/mailbox on this machine",
      );
    },
    close: () => {},
  };
}
