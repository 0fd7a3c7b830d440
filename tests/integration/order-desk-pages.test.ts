import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusLabel } from "../../domain/admin-dashboard";
import type { OrderStatus } from "../../domain/order-status";
import { orders, users } from "../../server/db/schema";
import { type AdminTest, placeOrder, startAdminTest } from "../helpers/admin";
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";
import { insertProducts } from "../helpers/products";

/**
 * The Orders tab and My Orders as the server renders them, followed link by link as a browser
 * without JavaScript would (tests/e2e/order-desk.e2e.ts and order-table.e2e.ts keep what needs
 * one): the list's search, filters with their counts and keyset pages in the address; a status
 * note kept once in the history; a row's facts; Shipped with a carrier's tracking link.
 */

let test: AdminTest;
let tee: { id: string; title: string; imageUrls: string[]; priceCents: number };

beforeAll(async () => {
  test = await startAdminTest();
  const [row] = await insertProducts(test.database.db, [
    {
      title: "Desk Pages Tee",
      priceCents: 2000,
      sizes: ["M"],
      colors: [],
      stockCount: 1000,
    },
  ]);
  tee = { ...row, imageUrls: [], priceCents: 2000 };
});
afterAll(async () => {
  await test?.stop();
});

/** A page the administrator (or `browser`) opens, with React's text separators taken out. */
async function open(path: string, browser = test.admin): Promise<string> {
  const res = await browser.request(path);
  expect(res.status).toBe(200);
  return withoutTextSeparators(await res.text());
}

/** What the list says it shows: "Orders 1–20 of 21 matching “…”". */
function rangeText(html: string): string {
  const found = elements(html, /<p role="status"/)
    .map(textOf)
    .filter((text) => /^Orders \d/.test(text));
  expect(found).toHaveLength(1);
  return found[0];
}

/** The list's rows as the table shows them (md and up; phones get a card per row with the same link). */
const rows = (html: string) => elements(html, /<tr data-order-row="/);
/** Each row's number link's name, in the list's order. */
const rowNames = (html: string) => rows(html).map((row) => attribute(element(row, /<a /), "aria-label"));

/** The link named `name` inside the navigation `nav`; its href, as a browser follows it. */
function hrefIn(html: string, nav: string, name: string | RegExp): string {
  const links = elements(element(html, new RegExp(`<nav aria-label="${nav}"`)), /<a /).filter((a) =>
    typeof name === "string" ? textOf(a) === name : name.test(textOf(a)),
  );
  expect(links).toHaveLength(1);
  return attribute(links[0], "href") as string;
}

/** The href of the one link whose text is `name`. */
function linkHref(html: string, name: string): string {
  const links = elements(html, /<a /).filter((a) => textOf(a) === name);
  expect(links).toHaveLength(1);
  return attribute(links[0], "href") as string;
}

/** The status change a card's button posts. */
async function changeStatus(orderId: string, from: OrderStatus, to: OrderStatus, fields: Record<string, string> = {}) {
  const res = await test.admin.postForm("/admin?tab=orders", {
    intent: "update-status",
    orderId,
    from,
    to,
    note: "",
    ...fields,
  });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain(`Order status updated to ${statusLabel(to)}`);
}

/** The order's card on a page: the article its "Order #…" heading names. */
function card(html: string, headingId: string): string {
  return element(html, new RegExp(`<article aria-labelledby="${headingId}"`));
}

describe("search, filters and pages live in the address", () => {
  it("every status has a filter with a count; search, Older, Newer, Newest, Oldest and Clear search are links", async () => {
    const name = "Quinn Pager Desk";
    await test.database.db.update(users).set({ name }).where(eq(users.id, test.otherId));
    const placed: Awaited<ReturnType<typeof placeOrder>>[] = [];
    for (let i = 0; i < 21; i++) placed.push(await placeOrder(test, test.otherId, tee));
    // One second apart, oldest first, so "newest" is certain whatever the clock's resolution.
    for (const [i, order] of placed.entries())
      await test.database.db
        .update(orders)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)) })
        .where(eq(orders.id, order.id));
    const numbers = placed.map((order) => order.number);
    const [oldest, , third] = numbers;
    const newest = numbers.at(-1) as string;

    // The search form is a GET form on /admin: what is typed becomes ?q= in the address.
    const tab = await open("/admin?tab=orders");
    const form = element(tab, /<form [^>]*role="search"[^>]*aria-label="Orders"/);
    expect(attribute(form, "method")).toBe("get");
    expect(attribute(form, "action")).toBe("/admin");
    expect(form).toMatch(/<input type="hidden" name="tab" value="orders"\/>/);
    expect(form).toMatch(/<input [^>]*type="search"[^>]*name="q"/);

    const searched = await open(`/admin?${new URLSearchParams({ tab: "orders", q: name })}`);
    expect(rangeText(searched)).toBe(`Orders 1–20 of 21 matching “${name}”`);
    expect(rowNames(searched)).toHaveLength(20);
    expect(rowNames(searched)[0]).toBe(`Order #${newest}`);

    // Older, a reload, Newer, Back, Newest, Oldest: the same pages each time.
    const olderHref = hrefIn(searched, "Order pages", "Older");
    expect(new URL(olderHref, "http://x.invalid").searchParams.get("after")).toMatch(/^[0-9a-f-]{36}$/);
    const older = await open(olderHref);
    expect(rangeText(older)).toBe(`Orders 21–21 of 21 matching “${name}”`);
    expect(rowNames(older)).toEqual([`Order #${oldest}`]);
    expect(rowNames(await open(olderHref))).toEqual([`Order #${oldest}`]);
    const newer = await open(hrefIn(older, "Order pages", "Newer"));
    expect(rangeText(newer)).toBe(`Orders 1–20 of 21 matching “${name}”`);
    expect(rangeText(await open(olderHref))).toBe(`Orders 21–21 of 21 matching “${name}”`);
    const newestPage = await open(hrefIn(older, "Order pages", "Newest"));
    const oldestPage = await open(hrefIn(newestPage, "Order pages", "Oldest"));
    expect(rowNames(oldestPage).at(-1)).toBe(`Order #${oldest}`);

    // One order confirmed, one out for delivery: each under its own filter, with its count.
    const list = `/admin?${new URLSearchParams({ tab: "orders", q: name })}`;
    const byNumber = (n: string) => placed[numbers.indexOf(n)].id;
    await changeStatus(byNumber(newest), "placed", "confirmed");
    const walked = byNumber(numbers[19]);
    await changeStatus(walked, "placed", "processing");
    await changeStatus(walked, "processing", "shipped", { carrier: "", trackingNumber: "" });
    await changeStatus(walked, "shipped", "out_for_delivery");
    // The detail view's way back is the list as it was left.
    const opened = rows(await open(list)).find((row) => row.includes(`data-order-row="${numbers[19]}"`)) as string;
    const detail = await open(attribute(element(opened, /<a /), "href") as string);
    const back = linkHref(detail, "← Back to orders");
    expect(back).not.toMatch(/order=/);
    expect(new URL(back, "http://x.invalid").searchParams.get("q")).toBe(name);
    const afterChanges = await open(back);
    const filters = elements(element(afterChanges, /<nav aria-label="Order filters"/), /<a /).map(textOf);
    const expected = [
      /^All\s*\(?21\)?$/,
      /^Placed\s*\(?19\)?$/,
      /^Confirmed\s*\(?1\)?$/,
      /^Processing\s*\(?0\)?$/,
      /^Shipped\s*\(?0\)?$/,
      /^Out for delivery\s*\(?1\)?$/,
      /^Delivered\s*\(?0\)?$/,
      /^Cancelled\s*\(?0\)?$/,
    ];
    expect(filters).toHaveLength(expected.length);
    for (const [i, label] of expected.entries()) expect(filters[i]).toMatch(label);
    const outHref = hrefIn(afterChanges, "Order filters", /^Out for delivery/);
    expect(outHref).toMatch(/status=out_for_delivery/);
    const out = await open(outHref);
    expect(rowNames(out)).toEqual([`Order #${numbers[19]}`]);
    const confirmed = await open(hrefIn(out, "Order filters", /^Confirmed/));
    expect(rowNames(confirmed)).toEqual([`Order #${newest}`]);
    const current = elements(element(confirmed, /<nav aria-label="Order filters"/), /<a [^>]*aria-current="page"/);
    expect(current.map(textOf)).toHaveLength(1);
    expect(textOf(current[0])).toMatch(/^Confirmed/);

    // Under a filter, an order that changes status leaves the list the detail view goes back to.
    const placedList = `/admin?${new URLSearchParams({ tab: "orders", status: "placed", q: name })}`;
    const placedPage = await open(placedList);
    expect(rows(placedPage)).toHaveLength(19);
    const thirdRow = rows(placedPage).find((row) => row.includes(`data-order-row="${third}"`)) as string;
    const thirdDetail = await open(attribute(element(thirdRow, /<a /), "href") as string);
    await changeStatus(byNumber(third), "placed", "processing");
    const backToPlaced = await open(linkHref(thirdDetail, "← Back to orders"));
    expect(rows(backToPlaced)).toHaveLength(18);
    expect(rowNames(backToPlaced)).not.toContain(`Order #${third}`);

    // By number (with or without #) and by e-mail; Clear search keeps the filter.
    for (const search of [`#${third}`, third.toLowerCase()]) {
      const found = await open(`/admin?${new URLSearchParams({ tab: "orders", q: search })}`);
      expect(rowNames(found).filter((n) => n === `Order #${third}`)).toHaveLength(1);
    }
    const byMail = await open(
      `/admin?${new URLSearchParams({ tab: "orders", status: "placed", q: "OTHER@EXAMPLE.COM" })}`,
    );
    expect(rangeText(byMail)).toContain("of 18 matching");
    expect(linkHref(byMail, "Clear search")).toBe("/admin?tab=orders&status=placed");
    const nobody = await open(`/admin?${new URLSearchParams({ tab: "orders", q: `${name} nobody` })}`);
    expect(textOf(nobody)).toContain(`No orders match “${name} nobody”.`);
  });
});

describe("the history note", () => {
  it("is kept once, under the change it was typed for; the next change without a note gets the default", async () => {
    const order = await placeOrder(test, test.shopperId, tee);
    await changeStatus(order.id, "placed", "confirmed");
    await changeStatus(order.id, "confirmed", "processing");
    await changeStatus(order.id, "processing", "shipped", {
      note: "Left the warehouse with DHL",
      carrier: "",
      trackingNumber: "",
    });
    await changeStatus(order.id, "shipped", "delivered");

    const desk = card(await open(`/admin?tab=orders&order=${order.id}`), `admin-order-${order.id}`);
    const history = elements(element(desk, /<ol /), /<li /).map(textOf);
    expect(history.filter((entry) => entry.includes("Left the warehouse with DHL"))).toHaveLength(1);
    const delivered = history.filter((entry) => /^Delivered/.test(entry));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain("Order delivered");

    // The customer sees the same history: the note once, and the delivery.
    const mine = card(await open("/orders", test.shopper), `order-${order.id}`);
    expect(mine.split("Left the warehouse with DHL")).toHaveLength(2);
    expect(textOf(mine)).toContain("Order delivered");
  });
});

describe("the Orders table and Shipped with tracking", () => {
  it("a row says who, how many, how much, how paid and where it stands; Royal Mail's number links to its page", async () => {
    const name = "Lena Tablerow";
    await test.database.db.update(users).set({ name }).where(eq(users.id, test.shopperId));
    const order = await placeOrder(test, test.shopperId, tee, 2, { sandbox: true });

    expect(await open("/admin?tab=orders")).toContain(`data-order-row="${order.number}"`);
    const list = await open(`/admin?${new URLSearchParams({ tab: "orders", q: name })}`);
    expect(elements(element(list, /<table/), /<th scope="col"/)).toHaveLength(7);
    const row = element(list, new RegExp(`<tr data-order-row="${order.number}"`));
    expect(textOf(row)).toContain(name);
    expect(textOf(row)).toContain("2 items");
    // $40.00 + 10 % tax + $0.10 shipping.
    expect(textOf(row)).toContain("$44.10");
    expect(textOf(row)).toContain("Card · Paid");
    expect(textOf(element(row, /<span data-sandbox=/))).toBe("Sandbox");
    expect(textOf(element(row, /<span [^>]*data-status=/))).toBe("Placed");

    const detailHref = attribute(element(row, /<a /), "href") as string;
    await changeStatus(order.id, "placed", "processing");
    await changeStatus(order.id, "processing", "shipped", {
      carrier: "royal_mail",
      trackingNumber: "ab 123 456 785 gb",
    });
    const royalMail = "https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB";
    const detail = await open(detailHref);
    const tracking = element(card(detail, `admin-order-${order.id}`), /<div data-testid="order-tracking"/);
    expect(attribute(element(tracking, /<a /), "href")).toBe(royalMail);
    const back = await open(linkHref(detail, "← Back to orders"));
    const shippedRow = element(back, new RegExp(`<tr data-order-row="${order.number}"`));
    expect(textOf(element(shippedRow, /<span [^>]*data-status=/))).toBe("Shipped");

    const mine = card(await open("/orders", test.shopper), `order-${order.id}`);
    const shown = element(mine, /<div data-testid="order-tracking"/);
    expect(textOf(shown)).toContain("Royal Mail AB 123 456 785 GB");
    expect(attribute(element(shown, /<a /), "href")).toBe(royalMail);
  });
});
