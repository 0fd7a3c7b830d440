import { describe, expect, it } from "vitest";
import type { CheckoutStatus } from "./checkout-status";
import { CHECKOUT_STATUSES } from "./checkout-status";
import {
  ABANDONED_CHECKOUT_STATUSES,
  isAbandonedCheckoutStatus,
  isPurgeableAuthRow,
  isPurgeableCheckout,
  isPurgeableMail,
  purgeCutoffs,
} from "./retention";

const NOW = new Date("2026-06-30T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600_000);
const cutoffs = purgeCutoffs(NOW, { mailRetentionDays: 7 });

describe("purgeCutoffs", () => {
  it.each([
    [7, { sentMail: daysAgo(7), givenUpMail: daysAgo(30), expiredAuth: daysAgo(1), abandonedCheckout: daysAgo(30) }],
    [1, { sentMail: daysAgo(1), givenUpMail: daysAgo(30), expiredAuth: daysAgo(1), abandonedCheckout: daysAgo(30) }],
    // A longer mail retention keeps given-up mail at least as long as sent mail.
    [90, { sentMail: daysAgo(90), givenUpMail: daysAgo(90), expiredAuth: daysAgo(1), abandonedCheckout: daysAgo(30) }],
  ])("MAIL_RETENTION_DAYS=%i", (mailRetentionDays, expected) => {
    expect(purgeCutoffs(NOW, { mailRetentionDays })).toEqual(expected);
  });
});

describe("isPurgeableMail (retention 7 days)", () => {
  it.each([
    ["sent 8 days ago", { sentAt: daysAgo(8), nextAttemptAt: null, createdAt: daysAgo(8) }, true],
    ["sent 6 days ago", { sentAt: daysAgo(6), nextAttemptAt: null, createdAt: daysAgo(40) }, false],
    ["sent exactly 7 days ago", { sentAt: daysAgo(7), nextAttemptAt: null, createdAt: daysAgo(7) }, false],
    [
      "queued 40 days ago, still due (never purged while it may be sent)",
      { sentAt: null, nextAttemptAt: NOW, createdAt: daysAgo(40) },
      false,
    ],
    ["queued 40 days ago, retrying later", { sentAt: null, nextAttemptAt: daysAgo(-1), createdAt: daysAgo(40) }, false],
    ["given up, queued 31 days ago", { sentAt: null, nextAttemptAt: null, createdAt: daysAgo(31) }, true],
    [
      "given up, queued 29 days ago (still on the Mail tab)",
      { sentAt: null, nextAttemptAt: null, createdAt: daysAgo(29) },
      false,
    ],
  ])("%s: %s", (_what, mail, purge) => {
    expect(isPurgeableMail(mail, cutoffs)).toBe(purge);
  });
});

describe("isPurgeableAuthRow", () => {
  it.each([
    ["expired two days ago", daysAgo(2), true],
    ["expired an hour ago (kept a day)", new Date(NOW.getTime() - 3600_000), false],
    ["expires tomorrow", daysAgo(-1), false],
  ])("%s: %s", (_what, expiresAt, purge) => {
    expect(isPurgeableAuthRow({ expiresAt }, cutoffs)).toBe(purge);
  });
});

describe("abandoned checkouts", () => {
  it.each<[CheckoutStatus, boolean]>([
    ["failed", true],
    ["expired", true],
    ["superseded", true],
    ["pending", false],
    ["completed", false],
    ["refunded", false],
  ])("%s is abandoned: %s", (status, abandoned) => {
    expect(isAbandonedCheckoutStatus(status)).toBe(abandoned);
  });

  it("names only states the checkout table knows", () => {
    for (const status of ABANDONED_CHECKOUT_STATUSES) expect(CHECKOUT_STATUSES).toContain(status);
  });

  const old = { stockReservedAt: null, createdAt: daysAgo(45), updatedAt: daysAgo(31) };
  it.each<
    [string, { status: CheckoutStatus; stockReservedAt: Date | null; createdAt: Date; updatedAt: Date }, boolean]
  >([
    ["failed, untouched 31 days", { ...old, status: "failed" }, true],
    ["expired, untouched 31 days", { ...old, status: "expired" }, true],
    ["superseded, untouched 31 days", { ...old, status: "superseded" }, true],
    ["expired 29 days ago", { ...old, status: "expired", updatedAt: daysAgo(29) }, false],
    ["expired, made 29 days ago", { ...old, status: "expired", createdAt: daysAgo(29), updatedAt: daysAgo(31) }, false],
    ["expired but still holding stock", { ...old, status: "expired", stockReservedAt: daysAgo(40) }, false],
    ["pending for 45 days (the reconciliation decides)", { ...old, status: "pending" }, false],
    ["completed (an order points at it)", { ...old, status: "completed" }, false],
    ["refunded (the record of money given back)", { ...old, status: "refunded" }, false],
  ])("%s: %s", (_what, checkout, purge) => {
    expect(isPurgeableCheckout(checkout, cutoffs)).toBe(purge);
  });
});
