import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isErrorOfKind } from "../../domain/errors";
import { MAIL_LIST_LIMIT } from "../../domain/outbox-mail";
import { createTestDatabase } from "../../tests/helpers/database";
import { type FakeSmtp, startFakeSmtp } from "../../tests/fakes/smtp";
import type { DatabaseHandle } from "../db/client";
import { outbox } from "../db/schema";
import { createLogger } from "../logger";
import { createAdminMailService } from "./admin-mail";
import { createMailService } from "./service";
import type { MailTransport } from "./transport";

let handle: DatabaseHandle;
let smtp: FakeSmtp;
const logger = createLogger("silent");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "admin-mail-test-"));

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

const refusing: MailTransport = {
  kind: "smtp",
  send: async () => {
    throw new Error("550 mailbox unavailable");
  },
  close: () => {},
};

/** A mail service whose worker gives up after two attempts, over a transport that refuses or the fake SMTP server. */
function mailService(transport?: MailTransport) {
  return createMailService(
    { db: handle.db, config: { smtpUrl: smtp.url, mailFrom: "shop@example.com", dataDir }, logger },
    { maxAttempts: 2, retryBaseMs: 10, transport },
  );
}

/** An e-mail the worker tried twice and gave up on. */
async function givenUp(to: string, subject = "Reset your password") {
  const mail = mailService(refusing);
  const id = await mail.enqueue({
    to,
    subject,
    text: "https://store.test/reset-password?token=secret-token",
    html: "<a>secret-token</a>",
  });
  await mail.worker.runOnce();
  await mail.worker.runOnce(new Date(Date.now() + 60_000));
  return id;
}

const row = async (id: string) => (await handle.db.select().from(outbox).where(eq(outbox.id, id)))[0];

describe("the administrator's failed mail", () => {
  it("lists mail given up on and mail still retrying, newest first, without its text", async () => {
    let woken = 0;
    const admin = createAdminMailService({ db: handle.db, logger, wakeMail: () => woken++ });
    const first = await givenUp("ada@example.com");
    const retrying = await mailService(refusing).enqueue({
      to: "grace@example.com",
      subject: "Verify your email",
      text: "secret-token",
    });
    await mailService(refusing).worker.runOnce();
    await mailService().enqueue({ to: "fine@example.com", subject: "Not failed", text: "x" });

    const page = await admin.listFailed();
    expect(page.total).toBe(2);
    expect(page.items.map((m) => m.id)).toEqual([retrying, first]);
    expect(page.items[1]).toMatchObject({
      to: "ada@example.com",
      subject: "Reset your password",
      lastError: "550 mailbox unavailable",
      attempts: 2,
      state: "given_up",
      nextAttemptAt: null,
      canRetry: true,
    });
    expect(page.items[0]).toMatchObject({ state: "retrying", attempts: 1, canRetry: false });
    expect(page.items[0].nextAttemptAt).not.toBeNull();
    // The body holds sign-in and reset links: it never leaves the outbox for the page.
    expect(JSON.stringify(page)).not.toContain("secret-token");
    expect(woken).toBe(0);
  });

  it("retries a given-up email: due now, a fresh series of attempts, the worker woken, then sent", async () => {
    let woken = 0;
    const admin = createAdminMailService({ db: handle.db, logger, wakeMail: () => woken++ });
    const id = await givenUp("ada@example.com");
    expect(await admin.retry(id)).toEqual({ state: "queued", requeued: true });
    expect(woken).toBe(1);
    const queued = await row(id);
    expect(queued).toMatchObject({ attempts: 0, sentAt: null, lastError: "550 mailbox unavailable" });
    expect(queued.nextAttemptAt).not.toBeNull();
    // Still on the tab (it has not gone out yet), no longer retryable.
    expect((await admin.listFailed()).items[0]).toMatchObject({ id, state: "queued", canRetry: false });

    expect(await mailService().worker.runOnce(new Date(Date.now() + 1000))).toBe(1);
    expect((await smtp.waitFor("ada@example.com")).subject).toBe("Reset your password");
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
    expect(await admin.listFailed()).toEqual({ items: [], total: 0, givenUpOnly: false });
  });

  it("is harmless twice: the second retry changes nothing and the email goes out once", async () => {
    let woken = 0;
    const admin = createAdminMailService({ db: handle.db, logger, wakeMail: () => woken++ });
    const id = await givenUp("ada@example.com");
    const [a, b] = await Promise.all([admin.retry(id), admin.retry(id)]);
    expect([a.requeued, b.requeued].sort()).toEqual([false, true]);
    expect(a.state).toBe("queued");
    expect(b.state).toBe("queued");
    expect(woken).toBe(1);
    const after = await row(id);
    expect(await admin.retry(id)).toEqual({ state: "queued", requeued: false });
    expect((await row(id)).nextAttemptAt).toEqual(after.nextAttemptAt);

    await mailService().worker.runOnce(new Date(Date.now() + 1000));
    await smtp.waitFor("ada@example.com");
    expect(await admin.retry(id)).toEqual({ state: "sent", requeued: false });
    expect(await mailService().worker.runOnce(new Date(Date.now() + 1000))).toBe(0);
    expect(smtp.inbox).toHaveLength(1);
  });

  it("leaves mail the worker still retries alone: it may be in the middle of a send", async () => {
    const admin = createAdminMailService({ db: handle.db, logger, wakeMail: () => {} });
    const id = await mailService(refusing).enqueue({ to: "grace@example.com", subject: "Verify", text: "x" });
    await mailService(refusing).worker.runOnce();
    const before = await row(id);
    expect(await admin.retry(id)).toEqual({ state: "retrying", requeued: false });
    expect(await row(id)).toEqual(before);
  });

  it.each(["00000000-0000-4000-8000-000000000000", "not-an-id", "", "'; drop table outbox; --"])(
    "answers 'not found' for the id %j and changes nothing",
    async (id) => {
      const admin = createAdminMailService({ db: handle.db, logger, wakeMail: () => {} });
      const existing = await givenUp("ada@example.com");
      const before = await row(existing);
      const error = await admin.retry(id).catch((e: unknown) => e);
      expect(isErrorOfKind(error, "not_found")).toBe(true);
      expect((error as Error).message).toBe("Email not found");
      expect(await row(existing)).toEqual(before);
    },
  );

  it(`shows at most ${MAIL_LIST_LIMIT} and counts them all`, async () => {
    const admin = createAdminMailService({ db: handle.db, logger, wakeMail: () => {} });
    const many = Array.from({ length: MAIL_LIST_LIMIT + 5 }, (_, i) => ({
      to: `m${i}@example.com`,
      subject: `n${i}`,
      text: "x",
      attempts: 10,
      lastError: "timeout",
      nextAttemptAt: null,
      createdAt: new Date(Date.now() - i * 1000),
    }));
    await handle.db.insert(outbox).values(many);
    const page = await admin.listFailed();
    expect(page.total).toBe(MAIL_LIST_LIMIT + 5);
    expect(page.items).toHaveLength(MAIL_LIST_LIMIT);
    expect(page.items[0].to).toBe("m0@example.com");
  });
});
