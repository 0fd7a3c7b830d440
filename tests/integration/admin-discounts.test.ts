import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountFormMessages } from "../../domain/discounts";
import { discountCodes } from "../../server/db/schema";
import { type AdminTest, startAdminTest } from "../helpers/admin";
import {
  accessibleDescription,
  attribute,
  element,
  elements,
  fieldByLabel,
  textOf,
  withoutTextSeparators,
} from "../helpers/rendered-html";

/**
 * The administrator's Discounts tab (docs/decisions/034-discount-codes.md): its page, its form
 * posted as a browser posts it, and every odd input refused with its reason and nothing written.
 */

let test: AdminTest;

beforeAll(async () => {
  test = await startAdminTest();
});
afterAll(async () => {
  await test?.stop();
});

const form = (fields: Record<string, string> = {}) => ({
  intent: "save-discount",
  code: "spring15",
  kind: "percent",
  value: "15",
  minSubtotal: "50",
  startsAt: "2026-03-01",
  endsAt: "2026-03-31",
  totalLimit: "100",
  perCustomerLimit: "1",
  active: "on",
  ...fields,
});

const save = (fields: Record<string, string> = {}, browser = test.admin) =>
  browser.postForm("/admin?tab=discounts", form(fields));
const allCodes = () => test.database.db.select().from(discountCodes);
const byCode = async (code: string) =>
  (await test.database.db.select().from(discountCodes).where(eq(discountCodes.code, code)))[0];

describe("creating a discount code", () => {
  it("stores it normalised, with the last day of its end date included, and lists it on the tab", async () => {
    const res = await save({ code: " spring 15 " });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Discount code SPRING15 created");
    expect(await byCode("SPRING15")).toMatchObject({
      kind: "percent",
      percent: 15,
      amountCents: null,
      minSubtotalCents: 5_000,
      startsAt: new Date("2026-03-01T00:00:00Z"),
      endsAt: new Date("2026-04-01T00:00:00Z"),
      totalLimit: 100,
      perCustomerLimit: 1,
      active: true,
      usedCount: 0,
    });
    const page = await test.admin.request("/admin?tab=discounts");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("SPRING15");
    expect(html).toContain("15 % off");
    expect(html).toContain("New discount code");
  });

  it("takes a fixed amount in dollars, no end, no limits", async () => {
    const res = await save({
      code: "FIVEOFF",
      kind: "fixed",
      value: "5",
      minSubtotal: "",
      endsAt: "",
      totalLimit: "",
      perCustomerLimit: "",
    });
    expect(res.status).toBe(200);
    expect(await byCode("FIVEOFF")).toMatchObject({
      kind: "fixed",
      percent: null,
      amountCents: 500,
      minSubtotalCents: 0,
      endsAt: null,
      totalLimit: null,
      perCustomerLimit: null,
    });
  });

  it.each<[string, Record<string, string>, string]>([
    ["a negative amount", { kind: "fixed", value: "-5" }, discountFormMessages.amount],
    ["a huge amount", { kind: "fixed", value: "1000000000" }, discountFormMessages.amount],
    ["a percentage over 100", { value: "150" }, discountFormMessages.percent],
    ["a negative percentage", { value: "-15" }, discountFormMessages.percent],
    ["an end before the start", { startsAt: "2026-03-10", endsAt: "2026-03-01" }, discountFormMessages.endBeforeStart],
    ["a date that is not one", { startsAt: "2026-13-45" }, discountFormMessages.startsAt],
    ["a code with symbols", { code: "<script>" }, discountFormMessages.code],
    ["a huge code", { code: "A".repeat(5_000) }, discountFormMessages.code],
    ["a negative minimum", { minSubtotal: "-1" }, discountFormMessages.minSubtotal],
    ["a zero total limit", { totalLimit: "0" }, discountFormMessages.totalLimit],
    ["a huge per-customer limit", { perCustomerLimit: "99999999999999999999" }, discountFormMessages.perCustomerLimit],
    ["an unknown kind", { kind: "free" }, discountFormMessages.kind],
  ])("refuses %s with its reason, and writes nothing", async (_name, fields, message) => {
    const before = await allCodes();
    const res = await save({ code: "ODDINPUT", ...fields });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await allCodes()).toEqual(before);
  });

  it("refuses a code that exists already (in any case)", async () => {
    const before = await allCodes();
    const res = await save({ code: "Spring15" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(discountFormMessages.codeTaken);
    expect(await allCodes()).toEqual(before);
  });

  it("is the administrator's only: a shopper is refused and a visitor asked to sign in, nothing written", async () => {
    const before = await allCodes();
    expect((await save({ code: "SHOPPERS" }, test.shopper)).status).toBe(403);
    expect((await save({ code: "VISITORS" }, test.visitor)).status).toBe(401);
    expect(await allCodes()).toEqual(before);
    expect((await test.shopper.request("/admin?tab=discounts")).status).not.toBe(200);
  });
});

describe("editing a discount code", () => {
  it("changes its fields, keeps its uses, and refuses a total limit below them", async () => {
    const code = await byCode("SPRING15");
    await test.database.db.update(discountCodes).set({ usedCount: 3 }).where(eq(discountCodes.id, code.id));
    const res = await save({ discountId: code.id, code: "SPRING15", value: "20", totalLimit: "50" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Discount code SPRING15 updated");
    expect(await byCode("SPRING15")).toMatchObject({ percent: 20, totalLimit: 50, usedCount: 3 });

    const below = await save({ discountId: code.id, code: "SPRING15", totalLimit: "2" });
    expect(below.status).toBe(400);
    expect(await below.text()).toContain(discountFormMessages.limitBelowUses);
    expect((await byCode("SPRING15")).totalLimit).toBe(50);
  });

  it("shows the code being edited in the form", async () => {
    const code = await byCode("SPRING15");
    const html = await (await test.admin.request(`/admin?tab=discounts&edit=${code.id}`)).text();
    expect(html).toContain("Edit SPRING15");
    expect(html).toContain('value="2026-03-31"');
  });

  it("answers an unknown or malformed id with 404, and writes nothing", async () => {
    const before = await allCodes();
    for (const discountId of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await save({ discountId, code: "GHOST" });
      expect(res.status).toBe(404);
    }
    expect(await allCodes()).toEqual(before);
  });

  it("renaming onto another code's name is refused", async () => {
    const code = await byCode("FIVEOFF");
    const res = await save({ discountId: code.id, code: "spring15" });
    expect(res.status).toBe(409);
    expect((await byCode("FIVEOFF")).id).toBe(code.id);
  });

  it("deactivates and activates a code", async () => {
    const code = await byCode("FIVEOFF");
    const off = await test.admin.postForm("/admin?tab=discounts", {
      intent: "toggle-discount",
      discountId: code.id,
      active: "false",
    });
    expect(off.status).toBe(200);
    expect(await off.text()).toContain("Discount code FIVEOFF deactivated");
    expect((await byCode("FIVEOFF")).active).toBe(false);
    const on = await test.admin.postForm("/admin?tab=discounts", {
      intent: "toggle-discount",
      discountId: code.id,
      active: "true",
    });
    expect(on.status).toBe(200);
    expect((await byCode("FIVEOFF")).active).toBe(true);
    expect(
      (
        await test.shopper.postForm("/admin?tab=discounts", {
          intent: "toggle-discount",
          discountId: code.id,
          active: "false",
        })
      ).status,
    ).toBe(403);
    expect((await byCode("FIVEOFF")).active).toBe(true);
  });
});

/**
 * The tab as the owner reads it in a shop whose zone is UTC (the default): a refused form says
 * every problem at once, each tied to its field; the codes' states and their days as entered.
 */
describe("the Discounts tab as the server renders it (shop zone UTC)", () => {
  const panelOf = (html: string) => element(withoutTextSeparators(html), /<div id="admin-tabpanel"/);
  const rowOf = (html: string, code: string) => {
    const rows = elements(panelOf(html), /<tr class="align-top"/).filter((row) => textOf(row).includes(code));
    expect(rows).toHaveLength(1);
    return rows[0];
  };
  const only = { minSubtotal: "", totalLimit: "", perCustomerLimit: "" };

  it("says every problem of a refused form at once, and ties each to its field", async () => {
    const before = await allCodes();
    const res = await save({ ...only, code: "x", value: "150", startsAt: "2026-06-10", endsAt: "2026-06-01" });
    expect(res.status).toBe(400);
    const html = withoutTextSeparators(await res.text());
    const alerts = elements(panelOf(html), /<div role="alert"/).filter((a) =>
      textOf(a).includes("Please correct these 3 fields"),
    );
    expect(alerts).toHaveLength(1);
    expect(accessibleDescription(html, fieldByLabel(html, "Code"))).toMatch(/A code is 3 to 32 letters/);
    expect(accessibleDescription(html, fieldByLabel(html, "Value"))).toMatch(/whole number from 1 to 100/);
    expect(accessibleDescription(html, fieldByLabel(html, "Ends after"))).toMatch(/on or after the start date/);
    expect(await allCodes()).toEqual(before);
  });

  it("shows an end of 30 Jun as 30 Jun, each code's real state, and the same days back in the edit form", async () => {
    const created = async (code: string, startsAt: string, endsAt: string) => {
      const res = await save({ ...only, code, value: "10", startsAt, endsAt });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`Discount code ${code} created`);
    };
    await created("JUNEUTC", "2026-06-01", "2026-06-30");
    const nextYear = new Date().getUTCFullYear() + 1;
    await created("LATERUTC", `${nextYear}-01-01`, "");

    const html = await (await test.admin.request("/admin?tab=discounts")).text();
    const june = rowOf(html, "JUNEUTC");
    expect(textOf(june)).toContain("Until Jun 30, 2026");
    expect(textOf(june)).not.toContain("Jul 1");
    const expected = new Date() < new Date("2026-07-01T00:00:00Z") ? "Active" : "Expired";
    expect(textOf(element(june, /<span data-state=/))).toBe(expected);
    const later = rowOf(html, "LATERUTC");
    expect(textOf(element(later, /<span data-state=/))).toBe("Scheduled");
    expect(textOf(later)).toContain(`From Jan 1, ${nextYear}`);

    const edit = element(june, /<a [^>]*aria-label="Edit JUNEUTC"/);
    const form = withoutTextSeparators(await (await test.admin.request(attribute(edit, "href") as string)).text());
    expect(attribute(fieldByLabel(form, "Ends after"), "value")).toBe("2026-06-30");
    expect(attribute(fieldByLabel(form, "Starts on"), "value")).toBe("2026-06-01");
  });
});
