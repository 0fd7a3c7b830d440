import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../tests/helpers/database";
import { type FakeSmtp, startFakeSmtp } from "../../tests/fakes/smtp";
import type { DatabaseHandle } from "../db/client";
import { outbox } from "../db/schema";
import { createLogger } from "../logger";
import { createLocalMailbox } from "./mailbox";
import { createMailService } from "./service";
import { createMailboxTransport, createSmtpTransport } from "./transport";

let handle: DatabaseHandle;
let smtp: FakeSmtp;
const logger = createLogger("silent");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mail-test-"));

beforeAll(async () => {
  handle = await createTestDatabase();
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.stop();
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(outbox);
  smtp.inbox.length = 0;
});

const smtpMail = (options: { retryBaseMs?: number; maxAttempts?: number } = {}) =>
  createMailService(
    { db: handle.db, config: { smtpUrl: smtp.url, mailFrom: "Threadline <shop@example.com>", dataDir }, logger },
    { retryBaseMs: options.retryBaseMs ?? 60_000, maxAttempts: options.maxAttempts },
  );

const row = async (id: string) => (await handle.db.select().from(outbox).where(eq(outbox.id, id)))[0];

describe("outbox over SMTP", () => {
  it("sends a due message once and marks it sent", async () => {
    const mail = smtpMail();
    const id = await mail.enqueue({
      to: "ada@example.com",
      subject: "Hello",
      text: "Hi Ada, https://store.test/x?a=1&b=2",
    });
    expect(await mail.worker.runOnce()).toBe(1);
    const caught = await smtp.waitFor("ada@example.com");
    expect(caught.subject).toBe("Hello");
    expect(caught.text).toContain("https://store.test/x?a=1&b=2");
    expect(caught.from).toBe("shop@example.com");
    const stored = await row(id);
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.nextAttemptAt).toBeNull();
    expect(await mail.worker.runOnce()).toBe(0);
    expect(smtp.inbox).toHaveLength(1);
  });

  it("keeps a message when the mail server is down and delivers it after the backoff", async () => {
    const mail = smtpMail({ retryBaseMs: 60_000 });
    await smtp.stop();
    try {
      const id = await mail.enqueue({ to: "grace@example.com", subject: "Verify", text: "link" });
      expect(await mail.worker.runOnce()).toBe(0);
      const failed = await row(id);
      expect(failed.attempts).toBe(1);
      expect(failed.sentAt).toBeNull();
      expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
      const wait = failed.nextAttemptAt!.getTime() - Date.now();
      expect(wait).toBeGreaterThan(50_000);
      // Not due yet: a pass now leaves it alone.
      expect(await mail.worker.runOnce()).toBe(0);
      expect((await row(id)).attempts).toBe(1);
    } finally {
      await smtp.start();
    }
    const later = new Date(Date.now() + 75_000);
    expect(await mail.worker.runOnce(later)).toBe(1);
    expect((await smtp.waitFor("grace@example.com")).subject).toBe("Verify");
  });

  it("gives up after the last attempt and says why", async () => {
    const mail = createMailService(
      { db: handle.db, config: { smtpUrl: smtp.url, mailFrom: "shop@example.com", dataDir }, logger },
      {
        maxAttempts: 2,
        retryBaseMs: 10,
        transport: {
          kind: "smtp",
          send: async () => {
            throw new Error("550 mailbox unavailable");
          },
          close: () => {},
        },
      },
    );
    const id = await mail.enqueue({ to: "nobody@example.com", subject: "x", text: "x" });
    await mail.worker.runOnce();
    expect((await row(id)).nextAttemptAt).not.toBeNull();
    await mail.worker.runOnce(new Date(Date.now() + 1000));
    const stored = await row(id);
    expect(stored.attempts).toBe(2);
    expect(stored.nextAttemptAt).toBeNull();
    expect(stored.lastError).toBe("550 mailbox unavailable");
  });

  it("never sends a message twice when two workers run at once", async () => {
    const a = smtpMail();
    const b = smtpMail();
    for (let i = 0; i < 10; i++) await a.enqueue({ to: `m${i}@example.com`, subject: `n${i}`, text: "x" });
    const [sentA, sentB] = await Promise.all([a.worker.runOnce(), b.worker.runOnce()]);
    expect(sentA + sentB).toBe(10);
    expect(smtp.inbox).toHaveLength(10);
    expect(new Set(smtp.inbox.map((m) => m.subject)).size).toBe(10);
  });

  it("enqueues inside the caller's transaction: a rollback sends nothing", async () => {
    const mail = smtpMail();
    await expect(
      handle.db.transaction(async (tx) => {
        await mail.enqueue({ to: "rollback@example.com", subject: "never", text: "x" }, tx);
        throw new Error("the caller's work failed");
      }),
    ).rejects.toThrow("the caller's work failed");
    expect(await mail.worker.runOnce()).toBe(0);
    expect(await handle.db.select().from(outbox)).toHaveLength(0);
  });

  it("is sent by the running worker without anyone calling it", async () => {
    const mail = smtpMail();
    mail.worker.start();
    try {
      await mail.enqueue({ to: "background@example.com", subject: "Woken", text: "x" });
      expect((await smtp.waitFor("background@example.com", { timeoutMs: 5000 })).subject).toBe("Woken");
    } finally {
      await mail.worker.stop();
    }
  });
});

describe("header lines (a stock alert's List-Unsubscribe, decision 061)", () => {
  const headers = {
    "List-Unsubscribe": "<https://store.test/stock-alerts/unsubscribe?token=u1.abc>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };

  it("keeps them in the outbox and sends them over SMTP; other mail has none", async () => {
    const mail = smtpMail();
    const id = await mail.enqueue({ to: "nora@example.com", subject: "Back in stock", text: "x", headers });
    await mail.enqueue({ to: "plain@example.com", subject: "Plain", text: "y" });
    expect((await row(id)).headers).toEqual(headers);
    expect(await mail.worker.runOnce()).toBe(2);
    // Header lines as a reader unfolds them (RFC 5322: nodemailer folds a long one onto the next line).
    const unfolded = (await smtp.waitFor("nora@example.com")).raw.replace(/\r?\n[ \t]+/g, " ");
    expect(unfolded).toMatch(
      /^List-Unsubscribe: <https:\/\/store\.test\/stock-alerts\/unsubscribe\?token=u1\.abc>\r?$/m,
    );
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect((await smtp.waitFor("plain@example.com")).raw).not.toContain("List-Unsubscribe");
  });

  it("keeps them in the local mailbox", async () => {
    const mailbox = createLocalMailbox(path.join(dataDir, "mailbox-headers"));
    const transport = createMailboxTransport(mailbox, "shop@example.com", logger);
    await transport.send({
      id: "00000000-0000-4000-8000-0000000000aa",
      to: "n@example.com",
      subject: "S",
      text: "t",
      headers,
    });
    const [stored] = await mailbox.list();
    expect(stored.headers).toEqual(headers);
  });
});

describe("local mailbox", () => {
  it("keeps each message as a file, newest first, and logs it", async () => {
    const mailbox = createLocalMailbox(path.join(dataDir, "mailbox"));
    const lines: string[] = [];
    const log = createLogger("info", { write: (line: string) => lines.push(line) });
    const transport = createMailboxTransport(mailbox, "shop@example.com", log);
    // The mailbox dates each message by the clock: the second is sent a second after the first.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await transport.send({
        id: "00000000-0000-4000-8000-000000000001",
        to: "a@example.com",
        subject: "First",
        text: "one",
      });
      vi.setSystemTime(Date.now() + 1_000);
      await transport.send({
        id: "00000000-0000-4000-8000-000000000002",
        to: "b@example.com",
        subject: "Second",
        text: "two",
      });
    } finally {
      vi.useRealTimers();
    }
    const list = await mailbox.list();
    expect(list.map((m) => m.subject)).toEqual(["Second", "First"]);
    expect((await mailbox.read(list[1].id))?.text).toBe("one");
    expect(await mailbox.read("../../etc/passwd")).toBeNull();
    expect(lines.join("")).toContain('"subject":"Second"');
  });

  it("refuses a transport to an unreachable server at send time, not at start", async () => {
    const transport = createSmtpTransport("smtp://127.0.0.1:1", "shop@example.com");
    await expect(transport.send({ id: "x", to: "a@example.com", subject: "s", text: "t" })).rejects.toThrow();
    transport.close();
  });
});
