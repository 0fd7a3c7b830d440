import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MailMessage } from "./outbox";

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  date: string;
}

const FILE_ID = /^[0-9]{13}-[0-9a-f-]{36}$/;

/**
 * The local mailbox used when no SMTP server is configured: one JSON file per message in
 * DATA_DIR/mailbox, named by time and outbox id so listing by name lists by date.
 */
export function createLocalMailbox(dir: string) {
  return {
    dir,
    async deliver(message: MailMessage & { id: string; from: string }, at = new Date()): Promise<StoredMail> {
      await mkdir(dir, { recursive: true });
      const id = `${String(at.getTime()).padStart(13, "0")}-${message.id}`;
      const stored: StoredMail = { ...message, id, date: at.toISOString() };
      // Written under a temporary name and renamed would be safer against crashes, but a
      // half-written message is re-sent by the outbox anyway (it is only marked sent after this).
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify(stored, null, 2), { mode: 0o600 });
      return stored;
    },
    /** Newest first. */
    async list(limit = 200): Promise<StoredMail[]> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return [];
      }
      const ids = names
        .filter((n) => n.endsWith(".json") && FILE_ID.test(n.slice(0, -5)))
        .map((n) => n.slice(0, -5))
        .sort()
        .reverse()
        .slice(0, limit);
      const messages = await Promise.all(ids.map((id) => this.read(id)));
      return messages.filter((m): m is StoredMail => m !== null);
    },
    async read(id: string): Promise<StoredMail | null> {
      // The id comes from a URL: only names this mailbox itself writes reach the file system.
      if (!FILE_ID.test(id)) return null;
      try {
        return JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8")) as StoredMail;
      } catch {
        return null;
      }
    },
  };
}

export type LocalMailbox = ReturnType<typeof createLocalMailbox>;
