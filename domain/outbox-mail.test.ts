import { describe, expect, it } from "vitest";
import { canRetryMail, isFailedMail, type MailRowState, type MailState, mailState } from "./outbox-mail";

const at = new Date("2026-06-30T12:00:00Z");

describe("mailState", () => {
  it.each<[string, MailRowState, MailState, boolean, boolean]>([
    // what, row, state, on the Mail tab, retry allowed
    ["new, due now", { sentAt: null, nextAttemptAt: at, attempts: 0, lastError: null }, "queued", false, false],
    ["sent", { sentAt: at, nextAttemptAt: null, attempts: 1, lastError: null }, "sent", false, false],
    ["sent after failures", { sentAt: at, nextAttemptAt: null, attempts: 3, lastError: null }, "sent", false, false],
    [
      "failed once, retrying",
      { sentAt: null, nextAttemptAt: at, attempts: 1, lastError: "ECONNREFUSED" },
      "retrying",
      true,
      false,
    ],
    [
      "given up after 10 attempts",
      { sentAt: null, nextAttemptAt: null, attempts: 10, lastError: "550 mailbox unavailable" },
      "given_up",
      true,
      true,
    ],
    [
      "retried by the administrator, not sent yet",
      { sentAt: null, nextAttemptAt: at, attempts: 0, lastError: "550 mailbox unavailable" },
      "queued",
      true,
      false,
    ],
  ])("%s", (_what, row, state, listed, retry) => {
    expect(mailState(row)).toBe(state);
    expect(isFailedMail(row)).toBe(listed);
    expect(canRetryMail(row)).toBe(retry);
  });
});
