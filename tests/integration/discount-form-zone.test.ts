import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountFormMessages } from "../../domain/discounts";
import { discountCodes } from "../../server/db/schema";
import { type AdminTest, startAdminTest } from "../helpers/admin";

/**
 * The Discounts tab in a shop whose zone is America/New_York (SHOP_TIME_ZONE): days are read and
 * shown there (an end date of 30 Jun is the whole of 30 Jun in New York, and reads 30 Jun), the
 * states are the codes' real ones, and a bad post says every problem at once, writing nothing.
 */

let test: AdminTest;

beforeAll(async () => {
  test = await startAdminTest({ env: { SHOP_TIME_ZONE: "America/New_York" } });
});
afterAll(async () => {
  await test?.stop();
});

const form = (fields: Record<string, string> = {}) => ({
  intent: "save-discount",
  code: "JUNE",
  kind: "percent",
  value: "10",
  minSubtotal: "",
  startsAt: "2026-06-01",
  endsAt: "2026-06-30",
  totalLimit: "",
  perCustomerLimit: "",
  active: "on",
  ...fields,
});
const save = (fields: Record<string, string> = {}) => test.admin.postForm("/admin?tab=discounts", form(fields));
const byCode = async (code: string) =>
  (await test.database.db.select().from(discountCodes).where(eq(discountCodes.code, code)))[0];

describe("discount dates in the shop's zone", () => {
  it("stores 1–30 Jun as New York's days and shows them as 1 and 30 Jun", async () => {
    const res = await save();
    expect(res.status).toBe(200);
    expect(await byCode("JUNE")).toMatchObject({
      startsAt: new Date("2026-06-01T04:00:00Z"),
      endsAt: new Date("2026-07-01T04:00:00Z"),
    });
    const html = await (await test.admin.request("/admin?tab=discounts")).text();
    expect(html).toContain("Jun 30, 2026");
    expect(html).not.toContain("Jul 1, 2026");
    expect(html).toContain("America/New_York");
  });

  it("says each code's state: Scheduled, Active, Expired, Used up, Deactivated", async () => {
    const db = test.database.db;
    const day = 86_400_000;
    const now = Date.now();
    await db.insert(discountCodes).values([
      { code: "ST-SCHED", kind: "percent", percent: 5, startsAt: new Date(now + 10 * day), endsAt: null },
      { code: "ST-ACTIVE", kind: "percent", percent: 5, startsAt: new Date(now - day), endsAt: new Date(now + day) },
      {
        code: "ST-ENDED",
        kind: "percent",
        percent: 5,
        startsAt: new Date(now - 10 * day),
        endsAt: new Date(now - day),
      },
      { code: "ST-USED", kind: "percent", percent: 5, startsAt: new Date(now - day), totalLimit: 2, usedCount: 2 },
      { code: "ST-OFF", kind: "percent", percent: 5, startsAt: new Date(now - day), active: false },
    ]);
    const html = await (await test.admin.request("/admin?tab=discounts")).text();
    const stateOf = (code: string) => {
      const row = html.slice(html.indexOf(`>${code}<`));
      return /data-state="([a-z_]+)"/.exec(row)?.[1];
    };
    expect(stateOf("ST-SCHED")).toBe("scheduled");
    expect(stateOf("ST-ACTIVE")).toBe("active");
    expect(stateOf("ST-ENDED")).toBe("expired");
    expect(stateOf("ST-USED")).toBe("used_up");
    expect(stateOf("ST-OFF")).toBe("deactivated");
  });
});

describe("a bad post says every problem at once", () => {
  it("names each field's problem together and writes nothing", async () => {
    const res = await save({
      code: "x",
      value: "150",
      minSubtotal: "-1",
      startsAt: "2026-06-10",
      endsAt: "2026-06-01",
      totalLimit: "0",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const message of [
      discountFormMessages.code,
      discountFormMessages.percent,
      discountFormMessages.minSubtotal,
      discountFormMessages.endBeforeStart,
      discountFormMessages.totalLimit,
    ])
      expect(html).toContain(message.replace(/&/g, "&amp;"));
    expect(html).toContain("Please correct these 5 fields");
    expect(await byCode("X")).toBeUndefined();
  });
});
