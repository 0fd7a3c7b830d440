import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message as the fake SMTP server received it, with the MIME parts decoded. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  /** The Message-ID header as sent (the store's is `<outbox id@threadline.outbox>`). */
  messageId: string;
  text: string;
  html: string;
  raw: string;
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable": {
      const bytes = body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    }
    default:
      return body;
  }
}

/** Walks a MIME entity and collects its text/plain and text/html bodies. */
function collectParts(entity: string, out: { text: string; html: string }) {
  const split = entity.search(/\r?\n\r?\n/);
  const head = split === -1 ? entity : entity.slice(0, split);
  const body = split === -1 ? "" : entity.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = parseHeaders(head);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      collectParts(part.replace(/^\r?\n/, ""), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get("content-transfer-encoding"));
  if (type.toLowerCase().startsWith("text/html")) out.html += decoded;
  else if (type.toLowerCase().startsWith("text/plain")) out.text += decoded;
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): CaughtMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const parts = { text: "", html: "" };
  collectParts(raw, parts);
  return {
    ...envelope,
    subject: headers.get("subject") ?? "",
    messageId: headers.get("message-id") ?? "",
    text: parts.text,
    html: parts.html,
    raw,
  };
}

/**
 * A real SMTP server on a free local port that keeps what it receives. stop() and start()
 * take it down and bring it back on the same port, to test that the outbox retries;
 * dropAfterAccept(n) keeps the next n messages and then cuts the connection instead of
 * answering 250, as when the server took a message but its answer never reached the sender.
 */
export async function startFakeSmtp() {
  const inbox: CaughtMail[] = [];
  let dropsLeft = 0;
  const waiters: { match: (m: CaughtMail) => boolean; resolve: (m: CaughtMail) => void }[] = [];
  let server: SMTPServer;
  let port = 0;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const mail = parseMail(Buffer.concat(chunks).toString("utf8"), {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          inbox.push(mail);
          for (const w of [...waiters]) {
            if (w.match(mail)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          if (dropsLeft > 0) {
            dropsLeft--;
            // Kept, and the connection cut before the 250: the sender cannot know it arrived.
            for (const connection of server.connections as Set<{ id: string; _socket: { destroy(): void } }>) {
              if (connection.id === session.id) connection._socket.destroy();
            }
            return;
          }
          callback();
        });
      },
    });

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = create();
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    inbox,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** Resolves with the first message (already caught or still to come) to `to`. */
    waitFor(to: string, options: { timeoutMs?: number; after?: number } = {}): Promise<CaughtMail> {
      const match = (m: CaughtMail) => m.to.includes(to.toLowerCase()) || m.to.includes(to);
      const existing = inbox.slice(options.after ?? 0).find(match);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no e-mail to ${to} within the time limit`)),
          options.timeoutMs ?? 10_000,
        );
        waiters.push({
          match: (m) => inbox.indexOf(m) >= (options.after ?? 0) && match(m),
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Keeps the next `n` messages, then cuts each one's connection instead of answering 250. */
    dropAfterAccept(n = 1) {
      dropsLeft = n;
    },
    start: listen,
  };
}

export type FakeSmtp = Awaited<ReturnType<typeof startFakeSmtp>>;

/** The first link in a caught e-mail's text that starts with `prefix`. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return link;
}
