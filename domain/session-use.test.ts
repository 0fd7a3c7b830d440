import { describe, expect, it } from "vitest";
import { type SessionUse, sessionUse } from "./session-use";

const DAY = 24 * 3600 * 1000;
const policy = { expiresInSeconds: 30 * 24 * 3600, updateAgeSeconds: 24 * 3600 };
const now = Date.UTC(2026, 10, 26, 12);

describe("sessionUse", () => {
  const cases: [string, number, boolean, SessionUse][] = [
    ["made just now (expires in 30 days)", now + 30 * DAY, false, "use"],
    ["made 23 h 59 min ago", now + 29 * DAY + 60_000, false, "use"],
    ["made exactly a day ago: due for a refresh", now + 29 * DAY, false, "renew"],
    ["made 10 days ago", now + 20 * DAY, false, "renew"],
    ["expires this very millisecond: still valid, renewed", now, false, "renew"],
    ["expired a millisecond ago", now - 1, false, "expired"],
    ["expired a year ago", now - 365 * DAY, false, "expired"],
    ["browser-life session, fresh", now + 30 * DAY, true, "ask"],
    ["browser-life session, expired", now - 1, true, "expired"],
  ];
  it.each(cases)("%s", (_name, expiresAt, browserLifeOnly, expected) => {
    expect(sessionUse({ expiresAt: new Date(expiresAt), now, policy, browserLifeOnly })).toBe(expected);
  });

  it("treats an unreadable expiry as expired", () => {
    expect(sessionUse({ expiresAt: new Date(Number.NaN), now, policy, browserLifeOnly: false })).toBe("expired");
  });
});
