import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderFilter } from "../../domain/admin-dashboard";
import { orderNumber } from "../../domain/ids";
import { ORDER_STATUSES } from "../../domain/order-status";
import { type OrderCursor, ORDERS_PER_PAGE, orderListHref } from "../../domain/order-list";
import type { AdminOrderPage } from "../../domain/views";
import { type AdminTest, startAdminTest } from "../helpers/admin";

/**
 * The administrator's order list at 10,000 orders: every filter's pages, walked to the end in
 * both directions, show each order exactly once, in order, with counts and positions that
 * agree with the table; new orders arriving during the walk shift nothing; searches find by
 * number, name and e-mail; and the database answers from the indexes, not by sorting.
 */

const TOTAL = 10_000;
let test: AdminTest;

/** Every order of a filter and search, newest first, as the table says (the expected answer). */
async function expectedIds(where = sql`true`): Promise<string[]> {
  const result = await test.database.db.execute<{ id: string }>(
    sql`select id from orders where ${where} order by created_at desc, id desc`,
  );
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

const list = (filter: OrderFilter, cursor: OrderCursor, search = "", pageSize = ORDERS_PER_PAGE) =>
  test.t.services.adminOrders.listOrders({ filter, search, cursor, pageSize });

/** Walks from the newest page to the oldest with Older, checking each page's position on the way. */
async function walkOlder(
  filter: OrderFilter,
  pageSize: number,
  search = "",
): Promise<{ ids: string[]; pages: AdminOrderPage[] }> {
  const ids: string[] = [];
  const pages: AdminOrderPage[] = [];
  let page = await list(filter, { kind: "newest" }, search, pageSize);
  for (;;) {
    expect(page.position).toBe(ids.length);
    pages.push(page);
    ids.push(...page.items.map((o) => o.id));
    if (!page.olderThan) break;
    expect(page.items).toHaveLength(pageSize);
    page = await list(filter, { kind: "after", id: page.olderThan }, search, pageSize);
  }
  return { ids, pages };
}

beforeAll(async () => {
  test = await startAdminTest();
  const address = JSON.stringify({
    name: "Bulk Buyer",
    street: "1 Main Street",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
    country: "United States",
    phone: "555-0100",
  });
  const statuses = sql.raw(`array[${ORDER_STATUSES.map((s) => `'${s}'`).join(",")}]`);
  // 10,000 orders made in one statement: seven statuses in turn, four orders per minute, two
  // of them at the very same instant and the others a microsecond apart (ties and precision
  // beyond JavaScript's milliseconds are what keyset paging must get right).
  await test.database.db.execute(sql`
    with made as (
      insert into checkouts (user_id, provider, lines, subtotal_cents, tax_cents, shipping_cents, total_cents, shipping_address, billing_address, status)
      select ${test.shopperId}, 'stripe', '[]'::jsonb, 1000, 100, 10, 1110, ${address}::jsonb, ${address}::jsonb, 'completed'
      from generate_series(1, ${TOTAL})
      returning id
    ), numbered as (select id, row_number() over (order by id) as n from made)
    insert into orders (checkout_id, user_id, user_email, user_name, items, subtotal_cents, tax_cents, shipping_cents,
                        shipping_address, billing_address, payment_method, payment_id, status, status_history, created_at, updated_at)
    select id, ${test.shopperId}, 'buyer' || (n % 50) || '@example.com', 'Customer ' || n, '[]'::jsonb, 1000, 100, 10,
           ${address}::jsonb, ${address}::jsonb, 'stripe', 'pi_bulk_' || id, (${statuses})[1 + (n % 7)], '[]'::jsonb,
           timestamptz '2025-01-01 00:00:00+00' + (n / 4) * interval '1 minute' + (n % 4 / 2) * interval '1 microsecond',
           timestamptz '2025-01-01 00:00:00+00'
    from numbered`);
  // Two names with LIKE's own characters in them.
  await test.database.db.execute(
    sql`update orders set user_name = 'Percy 100% Cotton' where user_name = 'Customer 77'`,
  );
  await test.database.db.execute(sql`update orders set user_name = 'Under_Score' where user_name = 'Customer 78'`);
  await test.database.db.execute(sql`analyze orders`);
}, 120_000);
afterAll(async () => {
  await test?.stop();
});

describe("10,000 orders", () => {
  it("counts every status, and All is their sum", async () => {
    const page = await list("all", { kind: "newest" });
    expect(page.total).toBe(TOTAL);
    const sum = Object.values(page.countsByStatus).reduce((a, b) => a + (b ?? 0), 0);
    expect(sum).toBe(TOTAL);
    for (const status of ORDER_STATUSES)
      expect(page.countsByStatus[status]).toBe((await expectedIds(sql`status = ${status}`)).length);
  });

  it("walks All, 250 at a time, to the oldest: every order once, newest first", async () => {
    const { ids, pages } = await walkOlder("all", 250);
    expect(ids).toEqual(await expectedIds());
    expect(pages).toHaveLength(TOTAL / 250);
    expect(pages.at(-1)?.olderThan).toBeNull();
    expect(pages[0].newerThan).toBeNull();
  }, 120_000);

  it.each(["cancelled", "out_for_delivery"] as const)(
    "walks %s 20 at a time there and back",
    async (status) => {
      const expected = await expectedIds(sql`status = ${status}`);
      const { ids, pages } = await walkOlder(status, ORDERS_PER_PAGE);
      expect(ids).toEqual(expected);
      // Back from the oldest page with Newer: every page is the stretch of the list its position
      // says, and together they reach the newest (the last step back is a full first page, so it
      // may repeat a few orders of the page after it).
      const seen = new Set<string>();
      let page = await list(status, { kind: "oldest" });
      expect(page.position + page.items.length).toBe(expected.length);
      for (;;) {
        expect(page.items.map((o) => o.id)).toEqual(expected.slice(page.position, page.position + ORDERS_PER_PAGE));
        for (const order of page.items) seen.add(order.id);
        if (!page.newerThan) break;
        page = await list(status, { kind: "before", id: page.newerThan });
      }
      expect(page.position).toBe(0);
      expect(seen.size).toBe(expected.length);
      expect(pages.every((p) => p.total === expected.length)).toBe(true);
    },
    120_000,
  );

  it("shifts nothing when orders arrive during a walk", async () => {
    const before = await expectedIds();
    const first = await list("all", { kind: "newest" });
    const second = await list("all", { kind: "after", id: first.olderThan as string });
    // Five new orders, the newest of all, arrive between page 2 and page 3.
    await test.database.db.execute(sql`
      with made as (
        insert into checkouts (user_id, provider, lines, subtotal_cents, tax_cents, shipping_cents, total_cents, shipping_address, billing_address, status)
        select ${test.shopperId}, 'stripe', '[]'::jsonb, 1000, 100, 10, 1110, shipping_address, billing_address, 'completed' from checkouts limit 5
        returning id, shipping_address
      )
      insert into orders (checkout_id, user_id, user_email, user_name, items, subtotal_cents, tax_cents, shipping_cents, shipping_address, billing_address, payment_method, payment_id, status, status_history)
      select id, ${test.shopperId}, 'late@example.com', 'Late Buyer', '[]'::jsonb, 1000, 100, 10, shipping_address, shipping_address, 'stripe', 'pi_late_' || id, 'placed', '[]'::jsonb from made`);
    const third = await list("all", { kind: "after", id: second.olderThan as string });
    expect([...first.items, ...second.items, ...third.items].map((o) => o.id)).toEqual(
      before.slice(0, 3 * ORDERS_PER_PAGE),
    );
    // The page knows it moved: five more orders stand before it now.
    expect(third.position).toBe(2 * ORDERS_PER_PAGE + 5);
    expect(third.total).toBe(TOTAL + 5);
    await test.database.db.execute(sql`delete from orders where user_email = 'late@example.com'`);
  });

  it("starts afresh from an order that does not exist; one of another status still marks the place", async () => {
    const newest = await list("placed", { kind: "newest" });
    for (const cursor of [
      { kind: "after", id: crypto.randomUUID() },
      { kind: "before", id: crypto.randomUUID() },
    ] as const) {
      const page = await list("placed", cursor);
      expect(page.items.map((o) => o.id)).toEqual(newest.items.map((o) => o.id));
      expect(page.position).toBe(0);
    }
    // The last order on a page was cancelled meanwhile: Older still goes on from where it stood.
    const all = await expectedIds();
    const placed = await expectedIds(sql`status = 'placed'`);
    const cancelled = (await expectedIds(sql`status = 'cancelled'`))[100];
    const page = await list("placed", { kind: "after", id: cancelled });
    const olderPlaced = placed.filter((id) => all.indexOf(id) > all.indexOf(cancelled));
    expect(page.items.map((o) => o.id)).toEqual(olderPlaced.slice(0, ORDERS_PER_PAGE));
    expect(page.position).toBe(placed.length - olderPlaced.length);
  });

  it("finds by order number, name and e-mail; LIKE's characters are taken literally", async () => {
    const [someId] = await expectedIds(sql`user_name = 'Customer 4242'`);
    for (const search of [`#${orderNumber(someId)}`, orderNumber(someId).toLowerCase()]) {
      const page = await list("all", { kind: "newest" }, search);
      expect(page.items.map((o) => o.id)).toContain(someId);
      expect(page.total).toBeLessThanOrEqual(3);
    }
    expect((await list("all", { kind: "newest" }, "customer 4242")).items.map((o) => o.userName)).toEqual([
      "Customer 4242",
    ]);
    const byMail = await walkOlder("all", 100, "BUYER7@example.com");
    expect(byMail.ids).toEqual(await expectedIds(sql`user_email = 'buyer7@example.com'`));
    expect((await list("all", { kind: "newest" }, "100%")).items.map((o) => o.userName)).toEqual(["Percy 100% Cotton"]);
    expect((await list("all", { kind: "newest" }, "r_s")).items.map((o) => o.userName)).toEqual(["Under_Score"]);
    expect((await list("all", { kind: "newest" }, "nobody-at-all")).total).toBe(0);
  });

  it("counts the filters over the search", async () => {
    const page = await list("delivered", { kind: "newest" }, "buyer7@");
    const expected = await expectedIds(sql`user_email = 'buyer7@example.com'`);
    expect(Object.values(page.countsByStatus).reduce((a, b) => a + (b ?? 0), 0)).toBe(expected.length);
    expect(page.total).toBe(
      (await expectedIds(sql`user_email = 'buyer7@example.com' and status = 'delivered'`)).length,
    );
    expect(page.items.every((o) => o.status === "delivered" && o.userEmail === "buyer7@example.com")).toBe(true);
  });

  it("reads a deep page from the index, not by sorting the table", async () => {
    const deep = (await expectedIds(sql`status = 'shipped'`)).at(-30) as string;
    for (const filter of [sql`true`, sql`status = 'shipped'`]) {
      const plan = await test.database.db.execute<{ "QUERY PLAN": string }>(sql`
        explain select * from orders where ${filter}
          and (created_at, id) < (select k.created_at, k.id from orders k where k.id = ${deep})
          order by created_at desc nulls last, id desc nulls last limit 20`);
      const text = (plan as unknown as { rows: { "QUERY PLAN": string }[] }).rows
        .map((r) => r["QUERY PLAN"])
        .join("\n");
      expect(text).toMatch(/Index Scan using orders_(status_)?newest_idx/);
      expect(text).not.toMatch(/^\s*(->\s*)?Sort\b/m);
    }
  });

  it("shows the pages on the Orders tab: range, counts, newer and older links", async () => {
    const expected = await expectedIds(sql`status = 'cancelled'`);
    const second = orderListHref({ filter: "cancelled", cursor: { kind: "after", id: expected[ORDERS_PER_PAGE - 1] } });
    const html = await (await test.admin.request(second)).text();
    expect(html).toContain(`Orders 21–40 of ${expected.length.toLocaleString("en-US")}`);
    for (const id of expected.slice(20, 40)) expect(html).toContain(`Order #${orderNumber(id)}`);
    expect(html).not.toContain(`Order #${orderNumber(expected[19])}`);
    expect(html).not.toContain(`Order #${orderNumber(expected[40])}`);
    for (const label of [
      "All",
      "Placed",
      "Confirmed",
      "Processing",
      "Shipped",
      "Out for delivery",
      "Delivered",
      "Cancelled",
    ]) {
      expect(html).toMatch(new RegExp(`>${label}<`));
    }
    expect(html).toContain("10,000");
    expect(html).toContain(
      `href="${orderListHref({ filter: "cancelled", cursor: { kind: "before", id: expected[20] } }).replaceAll("&", "&amp;")}"`,
    );
    expect(html).toContain(
      `href="${orderListHref({ filter: "cancelled", cursor: { kind: "after", id: expected[39] } }).replaceAll("&", "&amp;")}"`,
    );
    const oldest = await (
      await test.admin.request(orderListHref({ filter: "cancelled", cursor: { kind: "oldest" } }))
    ).text();
    expect(oldest).toContain(`Order #${orderNumber(expected.at(-1) as string)}`);
    expect(oldest).toContain(`of ${expected.length.toLocaleString("en-US")}`);
  });

  it("keeps the list to the administrator", async () => {
    expect((await test.shopper.request("/admin?tab=orders&q=buyer")).status).toBe(302);
    expect((await test.visitor.request("/admin?tab=orders&q=buyer")).status).toBe(302);
  });
});
