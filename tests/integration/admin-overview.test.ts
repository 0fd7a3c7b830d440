import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todoFigures } from "../../domain/admin-overview";
import { orderNumber } from "../../domain/ids";
import { orderRefunds, orders, outbox, returnRequests, stockAlerts, users } from "../../server/db/schema";
import { createAdminOverviewService } from "../../server/orders/admin-overview";
import { type AdminTest, placeOrder, startAdminTest } from "../helpers/admin";
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";
import { insertProducts, setStock } from "../helpers/products";

/**
 * The Overview's queries (decision 053) on PGlite and PostgreSQL: the sales per day in the shop's
 * time zone with the revenue the counter uses, the "To do" figures counted as their lists show
 * them, and the variants running low named.
 */

let test: AdminTest;
let product: { id: string; title: string; imageUrls: string[]; priceCents: number };
const NOW = new Date("2026-11-26T15:00:00Z");

const db = () => test.database.db;
const setOrder = (id: string, values: Partial<typeof orders.$inferInsert>) =>
  db().update(orders).set(values).where(eq(orders.id, id));

beforeAll(async () => {
  test = await startAdminTest();
  const [row] = await insertProducts(db(), [{ title: "Overview Dress", priceCents: 2500, stockCount: 500 }]);
  product = { ...row, imageUrls: [], priceCents: 2500 };
});
afterAll(async () => {
  await test?.stop();
});

describe("sales per day", () => {
  it("groups by day in the shop's zone, fills empty days, leaves sandbox and cancelled money out", async () => {
    await db().delete(returnRequests);
    await db().delete(orderRefunds);
    await db().delete(orders);
    const late = await placeOrder(test, test.shopperId, product); // 23:30 UTC on the 24th: the 24th in New York too
    const night = await placeOrder(test, test.shopperId, product); // 03:30 UTC on the 26th: the 25th in New York
    const sandbox = await placeOrder(test, test.shopperId, product, 1, { sandbox: true });
    const cancelled = await placeOrder(test, test.shopperId, product);
    const old = await placeOrder(test, test.shopperId, product, 2);
    await setOrder(late.id, { createdAt: new Date("2026-11-24T23:30:00Z") });
    await setOrder(night.id, { createdAt: new Date("2026-11-26T03:30:00Z") });
    await setOrder(sandbox.id, { createdAt: new Date("2026-11-26T12:00:00Z") });
    await setOrder(cancelled.id, { createdAt: new Date("2026-11-26T12:00:00Z"), status: "cancelled" });
    await setOrder(old.id, { createdAt: new Date("2026-10-01T12:00:00Z") });
    const [{ paid }] = await db()
      .select({ paid: sql<number>`(subtotal_cents - discount_cents + tax_cents + shipping_cents)::int` })
      .from(orders)
      .where(eq(orders.id, late.id));

    const utc = await createAdminOverviewService({ db: db(), now: () => NOW }).sales(7);
    expect(utc.days).toHaveLength(7);
    expect(utc.days.at(-1)).toEqual({ day: "2026-11-26", orders: 2, revenueCents: Number(paid) });
    expect(utc.days.at(-3)).toEqual({ day: "2026-11-24", orders: 1, revenueCents: Number(paid) });
    expect(utc.days.filter((d) => d.orders === 0)).toHaveLength(5);
    expect(utc).toMatchObject({
      totalOrders: 3,
      totalRevenueCents: 2 * Number(paid),
      sandboxOrders: 1,
      timeZone: "UTC",
    });

    const ny = await createAdminOverviewService({ db: db(), timeZone: "America/New_York", now: () => NOW }).sales(7);
    expect(ny.days.find((d) => d.day === "2026-11-24")).toEqual({
      day: "2026-11-24",
      orders: 1,
      revenueCents: Number(paid),
    });
    expect(ny.days.find((d) => d.day === "2026-11-25")).toEqual({
      day: "2026-11-25",
      orders: 1,
      revenueCents: Number(paid),
    });
    expect(ny.days.at(-1)).toEqual({ day: "2026-11-26", orders: 1, revenueCents: 0 });

    // The 90-day window reaches back to October; the 30-day one does not.
    const overview = createAdminOverviewService({ db: db(), now: () => NOW });
    expect((await overview.sales(30)).totalOrders).toBe(3);
    expect((await overview.sales(90)).totalOrders).toBe(4);
    expect((await overview.sales(90)).days).toHaveLength(90);
  });

  it("counts refunds off the revenue as the Total Revenue counter does", async () => {
    await db().delete(returnRequests);
    await db().delete(orderRefunds);
    await db().delete(orders);
    const order = await placeOrder(test, test.shopperId, product, 2);
    await setOrder(order.id, { status: "delivered" });
    await db()
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        sequence: 1,
        kind: "return",
        amountCents: 700,
        lines: [],
        restocked: false,
        status: "succeeded",
        idempotencyKey: `refund-${order.id}-1`,
        actor: "admin",
      });
    const counter = await test.t.services.adminOrders.overview();
    const today = await test.t.services.adminOverview.sales(7);
    expect(today.totalRevenueCents).toBe(counter.revenueCents);
    expect(today.days.at(-1)?.revenueCents).toBe(counter.revenueCents);
  });
});

describe("the To do figures and their lists", () => {
  it("count what the linked lists show", async () => {
    await db().delete(returnRequests);
    await db().delete(orderRefunds);
    await db().delete(orders);
    await db().delete(outbox);
    const placed = await placeOrder(test, test.shopperId, product);
    const confirmed = await placeOrder(test, test.shopperId, product);
    const processing = await placeOrder(test, test.shopperId, product);
    const delivered = await placeOrder(test, test.shopperId, product);
    const refundFailed = await placeOrder(test, test.shopperId, product);
    const refundRetried = await placeOrder(test, test.shopperId, product);
    await setOrder(confirmed.id, { status: "confirmed" });
    await setOrder(processing.id, { status: "processing" });
    for (const o of [delivered, refundFailed, refundRetried]) await setOrder(o.id, { status: "delivered" });
    await db()
      .insert(returnRequests)
      .values({ orderId: delivered.id, userId: test.shopperId, lines: [], reason: "wrong_size" });
    const refund = (orderId: string, sequence: number, status: "failed" | "succeeded", at: string) => ({
      orderId,
      sequence,
      kind: "return" as const,
      amountCents: 100,
      lines: [],
      restocked: false,
      status,
      idempotencyKey: `refund-${orderId}-${sequence}`,
      actor: "admin" as const,
      createdAt: new Date(at),
    });
    await db()
      .insert(orderRefunds)
      .values([
        refund(refundFailed.id, 1, "failed", "2026-11-20T10:00:00Z"),
        refund(refundRetried.id, 1, "failed", "2026-11-20T10:00:00Z"),
        refund(refundRetried.id, 2, "succeeded", "2026-11-20T11:00:00Z"),
      ]);
    await db()
      .insert(outbox)
      .values([
        { to: "a@example.com", subject: "Given up", text: "x", attempts: 10, lastError: "550", nextAttemptAt: null },
        { to: "b@example.com", subject: "Still trying", text: "x", attempts: 2, lastError: "421", nextAttemptAt: NOW },
        { to: "c@example.com", subject: "Sent", text: "x", attempts: 1, sentAt: NOW, nextAttemptAt: null },
      ]);

    const counts = await test.t.services.adminOverview.todo();
    expect(counts).toEqual({ toConfirm: 1, toShip: 2, returnsWaiting: 1, refundsOpen: 1, mailGivenUp: 1 });

    const listed = async (href: string) => {
      const res = await test.admin.request(href);
      expect(res.status).toBe(200);
      return res.text();
    };
    const figures = Object.fromEntries(todoFigures(counts).map((f) => [f.key, f.href]));
    const numberOf = (id: string) => orderNumber(id);
    const ship = await listed(figures.toShip);
    expect(ship).toContain(numberOf(confirmed.id));
    expect(ship).toContain(numberOf(processing.id));
    expect(ship).not.toContain(numberOf(placed.id));
    expect(ship).toContain("Orders to ship (confirmed or processing)");
    const returns = await listed(figures.returnsWaiting);
    expect(returns).toContain(numberOf(delivered.id));
    expect(returns).not.toContain(numberOf(refundFailed.id));
    const refunds = await listed(figures.refundsOpen);
    expect(refunds).toContain(numberOf(refundFailed.id));
    expect(refunds).not.toContain(numberOf(refundRetried.id));
    const confirm = await listed(figures.toConfirm);
    expect(confirm).toContain(numberOf(placed.id));
    expect(confirm).not.toContain(numberOf(confirmed.id));
    const mail = await listed(figures.mailGivenUp);
    expect(mail).toContain("Given up");
    expect(mail).not.toContain("Still trying");
    expect(await listed("/admin?tab=mail")).toContain("Still trying");

    // The service's list agrees with the figure, and an unknown list is every order.
    const page = await test.t.services.adminOrders.listOrders({
      filter: "all",
      view: "to-ship",
      search: "",
      cursor: { kind: "newest" },
      pageSize: 20,
    });
    expect(page.total).toBe(counts.toShip);
    expect((await listed("/admin?tab=orders&show=%27%20or%201=1--")).includes("Showing:")).toBe(false);
  });
});

describe("low stock", () => {
  it("names the low sizes and colours of a product with plenty in others, and links to its stock grid", async () => {
    const [plenty, soldOut, calm] = await insertProducts(db(), [
      { title: "Low Stock Shirt", sizes: ["S", "M", "L"], stockCount: 242 },
      { title: "Sold Out Scarf", sizes: [], stockCount: 0 },
      { title: "Calm Coat", sizes: ["M"], stockCount: 50 },
    ]);
    await setStock(db(), plenty.id, 242);
    // S: 2 pieces, M: none, L: the rest.
    await db().execute(
      sql`update product_variants set stock = case size when 'S' then 2 when 'M' then 0 else 240 end where product_id = ${plenty.id}`,
    );
    const low = await test.t.services.adminOverview.lowStock();
    const shirt = low.products.find((p) => p.productId === plenty.id);
    expect(shirt?.variants).toEqual([
      { label: "S", stock: 2 },
      { label: "M", stock: 0 },
    ]);
    expect(shirt?.href).toBe(`/admin/edit-product/${plenty.id}#stock`);
    expect(low.products.some((p) => p.productId === soldOut.id || p.productId === calm.id)).toBe(false);

    const page = await (await test.admin.request("/admin?tab=overview&days=7")).text();
    expect(page).toContain("Low Stock Shirt");
    expect(page).toContain("S: 2 left");
    expect(page).toContain("M: Sold out");
    expect(page).toContain(`/admin/edit-product/${plenty.id}#stock`);
    expect(page).toContain("Show as table");
    expect(page).toContain("Sales, last 7 days");
  });

  it("says how many shoppers wait for a sold-out size, lists those products first, even sold out altogether", async () => {
    const [tee, gone] = await insertProducts(db(), [
      { title: "Zz Waiting Tee", sizes: ["S", "M"], stockCount: 10, stockIn: { size: "S", color: null } },
      { title: "Zz Gone Cap", sizes: ["M"], stockCount: 0 },
    ]);
    for (const [i, id] of ["waiting-a", "waiting-b"].entries()) {
      await db()
        .insert(users)
        .values({ id, name: `Wait ${i}`, email: `${id}@example.com`, emailVerified: true });
      await test.t.services.stockAlerts.request(id, { productId: tee.id, size: "M" });
    }
    await test.t.services.stockAlerts.request("waiting-a", { productId: gone.id, size: "M" });
    const low = await test.t.services.adminOverview.lowStock();
    expect(low.products.slice(0, 2).map((p) => [p.title, p.variants])).toEqual([
      ["Zz Waiting Tee", [{ label: "M", stock: 0, waiting: 2 }]],
      ["Zz Gone Cap", [{ label: "M", stock: 0, waiting: 1 }]],
    ]);
    const page = await (await test.admin.request("/admin?tab=overview&days=7")).text();
    expect(page).toContain("M: Sold out · 2 waiting");
  });
});

/** The Overview as the server renders it: the sales section, its period links and table, low stock and "To do". */
describe("the Overview's page, without JavaScript", () => {
  const overviewPage = async (path: string) => {
    const res = await test.admin.request(path);
    expect(res.status).toBe(200);
    return withoutTextSeparators(await res.text());
  };
  const salesOf = (html: string) => element(html, /<section aria-labelledby="sales-heading"/);
  const bodyRows = (sales: string) => elements(element(sales, /<tbody/), /<tr[\s>]/);

  it("shows the last 30 days: two named charts, the current period marked, the figures as a folded table", async () => {
    const sales = salesOf(await overviewPage("/admin"));
    expect(textOf(element(sales, /<h2 id="sales-heading"/))).toBe("Sales, last 30 days");
    const charts = elements(sales, /<svg role="img"/).map((svg) => attribute(svg, "aria-label"));
    expect(charts).toHaveLength(2);
    expect(charts[0]).toMatch(/^Revenue per day: /);
    expect(charts[1]).toMatch(/^Orders per day: /);
    const current = elements(sales, /<a [^>]*aria-current="page"/);
    expect(current.map(textOf)).toEqual(["30 days"]);
    // The table is folded under "Show as table" (a closed <details>, opened by the browser itself).
    const folded = element(sales, /<details/);
    expect(attribute(folded, "open")).toBeNull();
    expect(textOf(element(folded, /<summary/))).toBe("Show as table");
    const table = element(folded, /<table/);
    expect(textOf(element(table, /<caption/))).toMatch(/Revenue and orders per day, last 30 days/);
    expect(elements(table, /<tr[\s>]/)).toHaveLength(31);
  });

  it("switches the period by plain links: 7 days and 90 days, each with its own heading, marked link and rows", async () => {
    const nav = element(salesOf(await overviewPage("/admin?tab=overview")), /<nav aria-label="Sales period"/);
    const links = elements(nav, /<a /);
    expect(links.map(textOf)).toEqual(["7 days", "30 days", "90 days"]);
    const hrefOf = (label: string) => attribute(links.find((a) => textOf(a) === label) as string, "href");
    expect(hrefOf("7 days")).toBe("/admin?tab=overview&days=7");
    expect(hrefOf("90 days")).toBe("/admin?tab=overview&days=90");

    const week = salesOf(await overviewPage(hrefOf("7 days") as string));
    expect(textOf(element(week, /<h2 id="sales-heading"/))).toBe("Sales, last 7 days");
    expect(elements(week, /<a [^>]*aria-current="page"/).map(textOf)).toEqual(["7 days"]);
    expect(bodyRows(week)).toHaveLength(7);
    const quarter = salesOf(await overviewPage(hrefOf("90 days") as string));
    expect(textOf(element(quarter, /<h2 id="sales-heading"/))).toBe("Sales, last 90 days");
    expect(bodyRows(quarter)).toHaveLength(90);
  });

  it("names each low size and colour with what is left, links to the product's stock grid, and 'To do' lands on its list", async () => {
    // A coat sold out in S and low in M, with plenty in L; no shopper waits for a stock alert, so
    // each variant reads "<size>: <what is left>" alone.
    const [coat] = await insertProducts(db(), [{ title: "Overview Low Coat", sizes: ["S", "M", "L"], stockCount: 42 }]);
    await db().execute(
      sql`update product_variants set stock = case size when 'S' then 0 when 'M' then 2 else 40 end where product_id = ${coat.id}`,
    );
    await db().delete(stockAlerts);
    const html = await overviewPage("/admin");
    const low = element(html, /<section aria-labelledby="low-stock-heading"/);
    const products = elements(element(low, /<ul class="mt-3/), /<li class="flex/);
    expect(products.length).toBeGreaterThan(0);
    const first = products[0];
    const variants = elements(element(first, /<ul aria-label="Low in /), /<li/);
    expect(textOf(variants[0])).toMatch(/^.+: (Sold out|\d left)$/);
    const edit = element(first, /<a [^>]*aria-label="Edit stock of /);
    expect(attribute(edit, "href")).toMatch(/^\/admin\/edit-product\/[0-9a-f-]+#stock$/);

    const todo = element(html, /<section aria-labelledby="todo-heading"/);
    const toShip = elements(todo, /<a /).filter((a) => /Orders to ship/.test(textOf(a)));
    expect(toShip).toHaveLength(1);
    expect(attribute(toShip[0], "href")).toBe("/admin?tab=orders&show=to-ship");
    const list = await overviewPage("/admin?tab=orders&show=to-ship");
    expect(textOf(list)).toContain("Showing: Orders to ship (confirmed or processing)");
    expect(elements(list, /<a [^>]*href="\/admin\?tab=orders"/).map(textOf)).toContain("Show all orders");
  });
});
