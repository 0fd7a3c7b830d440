import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ServiceUnavailableError } from "../../domain/errors";
import type { Database } from "../../server/db/client";
import { outbox } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createMailService } from "../../server/mail/service";
import type { CaughtMail } from "../fakes/smtp";
import { GOOD_PASSWORD, TestBrowser } from "../helpers/accounts";
import { body, type PaymentsTest, type Shopper, shopper, startPaymentsTest } from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * Issue 13, point 8 (docs/faults.md, decision 030): the SMTP server is down for a while. Mail
 * queued meanwhile (sign-ups, an order confirmation) all goes out once it is back, each message
 * once: counted by Message-ID, which the store derives from the outbox row. A message the server
 * took while the answer was lost, or that the worker could not record as sent, goes out again
 * under the same Message-ID (at least once; receivers see one message).
 */

let test: PaymentsTest;
let ada: Shopper;
const logger = createLogger("silent");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mail-outage-"));

beforeAll(async () => {
  test = await startPaymentsTest();
  ada = await shopper(test, "ada-outage@example.com");
});
afterAll(() => test.stop());
beforeEach(async () => {
  // Whatever the set-up sent is out of the way: each test counts its own messages.
  await test.database.db.delete(outbox);
  test.smtp.inbox.length = 0;
});

/** The store's mail worker against the test's fake SMTP server, retrying quickly. */
function mailWorker(db: Database = test.database.db, options: { leaseMs?: number } = {}) {
  return createMailService(
    { db, config: { smtpUrl: test.smtp.url, mailFrom: "Threadline <shop@example.com>", dataDir }, logger },
    { pollMs: 100, retryBaseMs: 200, retryMaxMs: 800, maxAttempts: 100, leaseMs: options.leaseMs ?? 120_000 },
  ).worker;
}

const messageIdOf = (rowId: string) => `<${rowId}@threadline.outbox>`;
const rows = () => test.database.db.select().from(outbox);

/** How many times each Message-ID reached the SMTP server. */
function copiesByMessageId(inbox: CaughtMail[]): Map<string, number> {
  const copies = new Map<string, number>();
  for (const mail of inbox) copies.set(mail.messageId, (copies.get(mail.messageId) ?? 0) + 1);
  return copies;
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the SMTP server down for a while", () => {
  it("keeps every e-mail queued meanwhile and sends each exactly once when it is back", async () => {
    await test.smtp.stop();
    const worker = mailWorker();
    try {
      // Two sign-ups and a paid order while the mail server is down.
      for (const email of ["grace-outage@example.com", "linus-outage@example.com"]) {
        const res = await new TestBrowser(test.t.app, "198.51.100.77").postJson("/api/auth/sign-up/email", {
          name: "",
          email,
          password: GOOD_PASSWORD,
        });
        expect(res.status).toBe(200);
      }
      const [{ id: tee }] = await insertProducts(test.database.db, [
        { title: "Outage Tee", priceCents: 2000, sizes: [], colors: [], stockCount: 2 },
      ]);
      const session = (await (
        await ada.browser.postJson("/api/create-stripe-session", body(ada, [{ productId: tee, quantity: 1 }]))
      ).json()) as { id: string };
      expect((await ada.browser.postJson(`/api/sandbox/checkout/${session.id}/pay`, {})).status).toBe(200);
      const queued = await rows();
      // The order's confirmation and the owner's e-mail about it (ADMIN_EMAIL's default, decision 054).
      expect(queued.map((r) => r.to).sort()).toEqual([
        "ada-outage@example.com",
        "admin@example.com",
        "grace-outage@example.com",
        "linus-outage@example.com",
      ]);

      // The worker keeps trying and failing, and loses nothing.
      worker.start();
      await until(async () => (await rows()).every((r) => r.attempts >= 2), "a few failed attempts each");
      expect(
        (await rows()).every(
          (r) => r.sentAt === null && r.nextAttemptAt !== null && /ECONNREFUSED|connect/i.test(r.lastError ?? ""),
        ),
      ).toBe(true);
      expect(test.smtp.inbox).toHaveLength(0);
    } finally {
      await test.smtp.start();
    }

    // Back on the same port: everything goes out, once.
    await until(async () => (await rows()).every((r) => r.sentAt !== null), "every e-mail sent");
    await worker.stop();
    const sent = await rows();
    expect(sent.every((r) => r.nextAttemptAt === null && r.lastError === null)).toBe(true);
    const copies = copiesByMessageId(test.smtp.inbox);
    expect([...copies.keys()].sort()).toEqual(sent.map((r) => messageIdOf(r.id)).sort());
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    for (const row of sent) {
      const [caught] = test.smtp.inbox.filter((m) => m.messageId === messageIdOf(row.id));
      expect(caught).toMatchObject({ to: [row.to], subject: row.subject });
    }
    expect(test.smtp.inbox.filter((m) => m.subject.startsWith("Your Threadline order"))).toHaveLength(1);
  });

  it("sends a message again under the same Message-ID when the server took it but its answer was lost", async () => {
    const worker = mailWorker();
    const id = await createMailService({
      db: test.database.db,
      config: { smtpUrl: test.smtp.url, mailFrom: "x@example.com", dataDir },
      logger,
    }).enqueue({
      to: "cut@example.com",
      subject: "Verify your e-mail",
      text: "link",
    });
    test.smtp.dropAfterAccept(1);
    expect(await worker.runOnce()).toBe(0);
    const failed = (await test.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(test.smtp.inbox).toHaveLength(1);

    expect(await worker.runOnce(new Date(Date.now() + 60_000))).toBe(1);
    const sent = (await test.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];
    expect(sent.sentAt).toBeInstanceOf(Date);
    // Two deliveries, one message: the same Message-ID, which mail systems count once.
    expect(test.smtp.inbox).toHaveLength(2);
    expect(copiesByMessageId(test.smtp.inbox)).toEqual(new Map([[messageIdOf(id), 2]]));
    expect(await worker.runOnce(new Date(Date.now() + 3_600_000))).toBe(0);
    expect(test.smtp.inbox).toHaveLength(2);
  });

  it("does not count a sent message as failed when the database drops before it is recorded; it goes out again under its Message-ID after the lease", async () => {
    // The database answers the claim, then is unreachable for the "sent" update (once).
    let updates = 0;
    const flaky = new Proxy(test.database.db, {
      get(target, property, receiver) {
        if (property === "update") {
          return (...args: unknown[]) => {
            updates++;
            if (updates === 2) throw new ServiceUnavailableError();
            return (target.update as (...a: unknown[]) => unknown)(...args);
          };
        }
        return Reflect.get(target, property, receiver);
      },
    }) as Database;
    const worker = mailWorker(flaky, { leaseMs: 30_000 });
    const id = await createMailService({
      db: test.database.db,
      config: { smtpUrl: test.smtp.url, mailFrom: "x@example.com", dataDir },
      logger,
    }).enqueue({
      to: "unrecorded@example.com",
      subject: "Your Threadline order",
      text: "thanks",
    });
    expect(await worker.runOnce()).toBe(0);
    const unrecorded = (await test.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];
    expect(unrecorded).toMatchObject({ sentAt: null, attempts: 0, lastError: null });
    expect(test.smtp.inbox).toHaveLength(1);
    // Within the lease nobody sends it again.
    expect(await worker.runOnce(new Date(Date.now() + 10_000))).toBe(0);
    expect(test.smtp.inbox).toHaveLength(1);

    expect(await worker.runOnce(new Date(Date.now() + 31_000))).toBe(1);
    const sent = (await test.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];
    expect(sent).toMatchObject({ attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(copiesByMessageId(test.smtp.inbox)).toEqual(new Map([[messageIdOf(id), 2]]));
  });
});
