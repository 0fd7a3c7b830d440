import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CheckoutStatus } from "../../domain/checkout-status";
import { isPurgeableAuthRow, isPurgeableCheckout, isPurgeableMail, purgeCutoffs } from "../../domain/retention";
import { createTestDatabase } from "../../tests/helpers/database";
import type { DatabaseHandle } from "../db/client";
import { type AddressSnapshot, checkouts, orders, outbox, sessions, users, verifications } from "../db/schema";
import { createLogger } from "../logger";
import { createHousekeeping } from "./housekeeping";

let handle: DatabaseHandle;
const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600_000);
const cutoffs = purgeCutoffs(NOW, { mailRetentionDays: 7 });
const USER = "housekeeping-user";

const ADDRESS: AddressSnapshot = {
  name: "Sam Shopper",
  street: "1 Main Street",
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
  country: "United States",
  phone: "555-0100",
};

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(users).values({ id: USER, name: "Sam", email: "sam@example.com" });
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(outbox);
  await handle.db.delete(sessions);
  await handle.db.delete(verifications);
  await handle.db.delete(orders);
  await handle.db.delete(checkouts);
});

function housekeeping(options: { batchSize?: number; maxBatches?: number } = {}, logger = createLogger("silent")) {
  return createHousekeeping({ db: handle.db, logger, mailRetentionDays: 7 }, options);
}

type MailFixture = { what: string; sentAt: Date | null; nextAttemptAt: Date | null; createdAt: Date };
const MAIL: MailFixture[] = [
  { what: "sent 8 days ago", sentAt: daysAgo(8), nextAttemptAt: null, createdAt: daysAgo(8) },
  { what: "sent 6 days ago", sentAt: daysAgo(6), nextAttemptAt: null, createdAt: daysAgo(6) },
  { what: "sent yesterday, queued long ago", sentAt: daysAgo(1), nextAttemptAt: null, createdAt: daysAgo(40) },
  { what: "given up, queued 31 days ago", sentAt: null, nextAttemptAt: null, createdAt: daysAgo(31) },
  { what: "given up, queued 29 days ago", sentAt: null, nextAttemptAt: null, createdAt: daysAgo(29) },
  { what: "queued 40 days ago, due", sentAt: null, nextAttemptAt: daysAgo(0), createdAt: daysAgo(40) },
  { what: "queued 40 days ago, retrying tomorrow", sentAt: null, nextAttemptAt: daysAgo(-1), createdAt: daysAgo(40) },
];

type CheckoutFixture = {
  status: CheckoutStatus;
  createdAt: Date;
  updatedAt: Date;
  stockReservedAt: Date | null;
  withOrder?: boolean;
};
const CHECKOUTS: CheckoutFixture[] = [
  ...(["pending", "completed", "failed", "refunded", "expired", "superseded"] as const).flatMap((status) => [
    { status, createdAt: daysAgo(45), updatedAt: daysAgo(31), stockReservedAt: null },
    { status, createdAt: daysAgo(45), updatedAt: daysAgo(29), stockReservedAt: null },
    { status, createdAt: daysAgo(2), updatedAt: daysAgo(1), stockReservedAt: null },
  ]),
  { status: "expired", createdAt: daysAgo(45), updatedAt: daysAgo(40), stockReservedAt: daysAgo(40) },
  { status: "failed", createdAt: daysAgo(29), updatedAt: daysAgo(31), stockReservedAt: null },
  // Cannot happen (an order completes its checkout), but if it did, the order keeps its checkout.
  { status: "expired", createdAt: daysAgo(45), updatedAt: daysAgo(40), stockReservedAt: null, withOrder: true },
];

async function insertCheckout(fixture: CheckoutFixture): Promise<string> {
  const [row] = await handle.db
    .insert(checkouts)
    .values({
      userId: USER,
      provider: "stripe",
      providerRef: `cs_test_${randomUUID()}`,
      lines: [],
      subtotalCents: 1000,
      taxCents: 100,
      shippingCents: 10,
      totalCents: 1110,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      status: fixture.status,
      stockReservedAt: fixture.stockReservedAt,
      createdAt: fixture.createdAt,
      updatedAt: fixture.updatedAt,
    })
    .returning({ id: checkouts.id });
  if (fixture.withOrder) {
    await handle.db.insert(orders).values({
      checkoutId: row.id,
      userId: USER,
      userEmail: "sam@example.com",
      userName: "Sam",
      items: [],
      subtotalCents: 1000,
      taxCents: 100,
      shippingCents: 10,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      paymentMethod: "stripe",
      paymentId: `pi_${randomUUID()}`,
      statusHistory: [],
    });
  }
  return row.id;
}

describe("housekeeping", () => {
  it("deletes exactly the e-mail the retention rule calls old: sent a week ago, given up a month ago", async () => {
    const ids = new Map<string, MailFixture>();
    for (const fixture of MAIL) {
      const [row] = await handle.db
        .insert(outbox)
        .values({
          to: "a@example.com",
          subject: fixture.what,
          text: "https://store.test/reset?token=secret",
          ...fixture,
        })
        .returning({ id: outbox.id });
      ids.set(row.id, fixture);
    }
    const { deleted } = await housekeeping().runOnce(NOW);
    const left = (await handle.db.select({ subject: outbox.subject }).from(outbox)).map((r) => r.subject).sort();
    const expected = MAIL.filter((m) => !isPurgeableMail(m, cutoffs))
      .map((m) => m.what)
      .sort();
    expect(left).toEqual(expected);
    expect(left).toEqual([
      "given up, queued 29 days ago",
      "queued 40 days ago, due",
      "queued 40 days ago, retrying tomorrow",
      "sent 6 days ago",
      "sent yesterday, queued long ago",
    ]);
    expect(deleted.sentMail).toBe(2);
  });

  it("deletes sessions and verification rows a day past their expiry", async () => {
    const expiries = [daysAgo(2), daysAgo(30), new Date(NOW.getTime() - 3600_000), daysAgo(-7)];
    for (const [i, expiresAt] of expiries.entries()) {
      await handle.db.insert(sessions).values({ id: `s${i}`, token: `t${i}`, userId: USER, expiresAt });
      await handle.db
        .insert(verifications)
        .values({ id: `v${i}`, identifier: `reset-password:${i}`, value: USER, expiresAt });
    }
    const { deleted } = await housekeeping().runOnce(NOW);
    const kept = expiries.flatMap((expiresAt, i) => (isPurgeableAuthRow({ expiresAt }, cutoffs) ? [] : [i]));
    expect(kept).toEqual([2, 3]);
    expect((await handle.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id).sort()).toEqual(
      kept.map((i) => `s${i}`),
    );
    expect((await handle.db.select({ id: verifications.id }).from(verifications)).map((r) => r.id).sort()).toEqual(
      kept.map((i) => `v${i}`),
    );
    expect(deleted).toMatchObject({ sessions: 2, verifications: 2 });
  });

  it("deletes only abandoned checkouts a month untouched, never one holding stock or with an order", async () => {
    const byId = new Map<string, CheckoutFixture>();
    for (const fixture of CHECKOUTS) byId.set(await insertCheckout(fixture), fixture);
    const { deleted } = await housekeeping().runOnce(NOW);
    const left = new Set((await handle.db.select({ id: checkouts.id }).from(checkouts)).map((r) => r.id));
    const gone = [...byId].filter(([id]) => !left.has(id)).map(([, f]) => f);
    // The SQL and the rule in domain/retention.ts agree on every fixture...
    for (const [id, fixture] of byId) {
      const purgeable = isPurgeableCheckout(fixture, cutoffs) && !fixture.withOrder;
      expect(left.has(id), JSON.stringify(fixture)).toBe(!purgeable);
    }
    // ...which are these three.
    expect(gone.map((f) => f.status).sort()).toEqual(["expired", "failed", "superseded"]);
    expect(
      gone.every((f) => f.updatedAt < daysAgo(30) && f.createdAt < daysAgo(30) && f.stockReservedAt === null),
    ).toBe(true);
    expect(deleted.abandonedCheckouts).toBe(3);
    expect(await handle.db.select({ id: orders.id }).from(orders)).toHaveLength(1);
  });

  it("goes in batches, says when more is waiting, logs its counts, and deletes nothing twice", async () => {
    for (let i = 0; i < 5; i++) {
      await handle.db
        .insert(outbox)
        .values({ to: "a@example.com", subject: `old ${i}`, text: "x", sentAt: daysAgo(10), nextAttemptAt: null });
    }
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => lines.push(line) });
    const task = housekeeping({ batchSize: 2, maxBatches: 2 }, logger);
    expect(await task.runOnce(NOW)).toEqual({
      deleted: { sentMail: 4, sessions: 0, verifications: 0, abandonedCheckouts: 0 },
      more: true,
    });
    expect(await task.runOnce(NOW)).toEqual({
      deleted: { sentMail: 1, sessions: 0, verifications: 0, abandonedCheckouts: 0 },
      more: false,
    });
    expect(await task.runOnce(NOW)).toEqual({
      deleted: { sentMail: 0, sessions: 0, verifications: 0, abandonedCheckouts: 0 },
      more: false,
    });
    const logged = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === "housekeeping purged old rows");
    // A pass that deletes nothing says nothing.
    expect(logged.map((entry) => entry.deleted.sentMail)).toEqual([4, 1]);
    expect(logged[0]).toMatchObject({ component: "housekeeping", more: true });
  });

  it("lets two instances purge at once without an error or a row left behind", async () => {
    for (let i = 0; i < 30; i++) {
      await handle.db
        .insert(outbox)
        .values({ to: "a@example.com", subject: `old ${i}`, text: "x", sentAt: daysAgo(10), nextAttemptAt: null });
    }
    const [a, b] = await Promise.all([
      housekeeping({ batchSize: 4 }).runOnce(NOW),
      housekeeping({ batchSize: 4 }).runOnce(NOW),
    ]);
    expect(a.deleted.sentMail + b.deleted.sentMail).toBe(30);
    expect(await handle.db.select({ id: outbox.id }).from(outbox)).toHaveLength(0);
  });

  it("runs by itself once started, and stops", async () => {
    await handle.db
      .insert(outbox)
      .values({ to: "a@example.com", subject: "old", text: "x", sentAt: daysAgo(10), nextAttemptAt: null });
    const task = housekeeping();
    task.start();
    try {
      await expect
        .poll(async () => (await handle.db.select({ id: outbox.id }).from(outbox)).length, { timeout: 5000 })
        .toBe(0);
    } finally {
      await task.stop();
    }
  });
});

describe("expired resumable uploads (decision 057)", () => {
  it("are removed in each pass and counted; a failure is logged and the rows are still purged", async () => {
    await handle.db
      .insert(outbox)
      .values({ to: "a@example.com", subject: "old", text: "x", sentAt: daysAgo(10), nextAttemptAt: null });
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => lines.push(line) });
    const removing = createHousekeeping({ db: handle.db, logger, mailRetentionDays: 7, purgeUploads: async () => 3 });
    expect(await removing.runOnce(NOW)).toMatchObject({ uploads: 3, deleted: { sentMail: 1 } });
    await handle.db
      .insert(outbox)
      .values({ to: "a@example.com", subject: "old", text: "x", sentAt: daysAgo(10), nextAttemptAt: null });
    const failing = createHousekeeping({
      db: handle.db,
      logger,
      mailRetentionDays: 7,
      purgeUploads: async () => {
        throw new Error("disk gone");
      },
    });
    expect(await failing.runOnce(NOW)).toMatchObject({ uploads: undefined, deleted: { sentMail: 1 } });
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged.find((entry) => entry.msg === "housekeeping removed expired uploads")).toMatchObject({ uploads: 3 });
    expect(logged.find((entry) => entry.msg === "housekeeping could not remove expired uploads")).toBeDefined();
  });
});
