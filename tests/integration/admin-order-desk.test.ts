import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "../../domain/ids";
import { formatMoney } from "../../domain/money";
import type { OrderStatus } from "../../domain/order-status";
import { trackingMessages } from "../../domain/tracking";
import { checkouts, orders, outbox, users } from "../../server/db/schema";
import { ADMIN, type AdminTest, placeOrder, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";

/**
 * The owner's desk on the Orders tab (issue 25, decision 054): search by the customer's names,
 * e-mail and order number with the keyset pages kept, the order's detail view, tracking entered
 * with Shipped (by the administrator only, checked by the server, shown to the shopper and in
 * the shipped e-mail), and the owner's e-mails, once per order and once per return request.
 * PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */

let test: AdminTest;
let product: { id: string; title: string; imageUrls: string[]; priceCents: number };

beforeAll(async () => {
  test = await startAdminTest();
  const [row] = await insertProducts(test.database.db, [
    { title: "Desk Test Coat", priceCents: 4000, stockCount: 500 },
  ]);
  product = { ...row, imageUrls: [], priceCents: 4000 };
});
afterAll(async () => {
  await test?.stop();
});

const db = () => test.database.db;
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const list = (
  search: string,
  cursor: { kind: "newest" } | { kind: "after" | "before"; id: string } = { kind: "newest" },
  pageSize = 20,
) => test.t.services.adminOrders.listOrders({ filter: "all", search, cursor, pageSize });
const mailTo = async (to: string, subjectPart: string) =>
  await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.subject, `%${subjectPart}%`)));

async function walk(orderId: string, statuses: OrderStatus[]) {
  for (let i = 1; i < statuses.length; i++)
    await test.t.services.adminOrders.changeStatus({ orderId, from: statuses[i - 1], to: statuses[i], note: "" });
}

describe("search", () => {
  it("finds orders by the profile's last name, the shipping address's name, the e-mail and a piece of the number", async () => {
    // The order was placed before the shopper filled in their names: only the profile has "Lopez".
    const first = await placeOrder(test, test.otherId, product);
    await db().update(users).set({ firstName: "Maria", lastName: "Lopez" }).where(eq(users.id, test.otherId));
    const second = await placeOrder(test, test.shopperId, product);
    await db()
      .update(orders)
      .set({ shippingAddress: { ...second.shippingAddress, name: "Dana Whitfield" } })
      .where(eq(orders.id, second.id));

    const ids = async (search: string) => (await list(search)).items.map((o) => o.id);
    expect(await ids("Lopez")).toContain(first.id);
    expect(await ids("lopez")).not.toContain(second.id);
    expect(await ids("maria lopez")).toContain(first.id);
    expect(await ids("whitf")).toEqual([second.id]);
    expect(await ids("OTHER@example")).toContain(first.id);
    expect(await ids("OTHER@example")).not.toContain(second.id);
    expect(await ids(`#${first.number.slice(2, 7)}`)).toContain(first.id);
    expect(await ids(first.number.toLowerCase())).toEqual([first.id]);
    // LIKE's own characters are text: "%" finds nobody's name.
    expect(await ids("%")).toEqual([]);
    expect(await ids("Nobody Here")).toEqual([]);
  });

  it("keeps the keyset pages with a search: no order twice, none missed, counts that agree", async () => {
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push(await placeOrder(test, test.otherId, product));
    await db().update(users).set({ firstName: "Quill", lastName: "Zedmore" }).where(eq(users.id, test.otherId));
    const all = await list("zedmore", { kind: "newest" }, 100);
    expect(all.total).toBe(all.items.length);
    expect(all.items.map((o) => o.id)).toEqual(expect.arrayContaining(placed.map((o) => o.id)));
    const seen: string[] = [];
    let page = await list("zedmore", { kind: "newest" }, 2);
    for (;;) {
      expect(page.total).toBe(all.total);
      expect(page.position).toBe(seen.length);
      seen.push(...page.items.map((o) => o.id));
      if (!page.olderThan) break;
      page = await list("zedmore", { kind: "after", id: page.olderThan }, 2);
    }
    expect(seen).toEqual(all.items.map((o) => o.id));
    // And back: the page before the last one starts where it should.
    const back = await list("zedmore", { kind: "before", id: seen[4] }, 2);
    expect(back.items.map((o) => o.id)).toEqual(seen.slice(2, 4));
  });

  it("through the page: the table row of a name the order itself does not carry", async () => {
    const order = await placeOrder(test, test.otherId, product);
    await db().update(users).set({ firstName: "Rosa", lastName: "Quintanilla" }).where(eq(users.id, test.otherId));
    const res = await test.admin.request("/admin?tab=orders&status=placed&q=Quintanilla");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`data-order-row="${order.number}"`);
    expect(html).toContain(`order=${order.id}`);
  });
});

describe("the detail view", () => {
  it("opens one order with its card, and keeps the list's address for the way back", async () => {
    const order = await placeOrder(test, test.shopperId, product);
    const res = await test.admin.request(`/admin?tab=orders&status=placed&q=shopper&order=${order.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Order #${order.number}`);
    expect(html).toContain("Back to orders");
    expect(html).toContain('href="/admin?tab=orders&amp;status=placed&amp;q=shopper"');
    expect(html).toContain("Update status");
  });

  it("answers 404 for an id that names no order, and refuses shoppers and visitors", async () => {
    expect((await test.admin.request("/admin?tab=orders&order=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const order = await placeOrder(test, test.shopperId, product);
    const shopper = await test.shopper.request(`/admin?tab=orders&order=${order.id}`);
    expect([302, 303, 403]).toContain(shopper.status);
    expect(await shopper.text()).not.toContain(order.paymentId);
    const visitor = await test.visitor.request(`/admin?tab=orders&order=${order.id}`);
    expect([302, 303, 401, 403]).toContain(visitor.status);
  });
});

describe("tracking with Shipped", () => {
  const ship = (orderId: string, carrier: string, trackingNumber: string, browser = test.admin) =>
    browser.postForm("/admin?tab=orders", {
      intent: "update-status",
      orderId,
      from: "processing",
      to: "shipped",
      note: "",
      carrier,
      trackingNumber,
    });

  it("stores the carrier and number, e-mails them with their link and shows them on My Orders", async () => {
    const order = await placeOrder(test, test.shopperId, product);
    await walk(order.id, ["placed", "processing"]);
    const res = await ship(order.id, "ups", " 1z 999  aa1 ");
    expect(res.status).toBe(200);
    const row = await orderRow(order.id);
    expect(row.status).toBe("shipped");
    expect([row.trackingCarrier, row.trackingNumber]).toEqual(["ups", "1Z 999 AA1"]);

    const mail = await mailTo("shopper@example.com", `${order.number} is shipped`);
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("Tracking: UPS 1Z 999 AA1 (https://www.ups.com/track?tracknum=1Z999AA1)");
    expect(mail[0].html).toMatch(/<a href="https:\/\/www\.ups\.com\/track\?tracknum=1Z999AA1"[^>]*>1Z 999 AA1<\/a>/);

    const page = await (await test.shopper.request("/orders")).text();
    expect(page).toContain('href="https://www.ups.com/track?tracknum=1Z999AA1"');
    // Another shopper's My Orders never shows it.
    expect(await (await test.other.request("/orders")).text()).not.toContain("1Z 999 AA1");
  });

  it("ships without tracking when both fields are empty; the e-mail has no tracking line", async () => {
    const order = await placeOrder(test, test.shopperId, product);
    await walk(order.id, ["placed", "processing"]);
    expect((await ship(order.id, "", "")).status).toBe(200);
    const row = await orderRow(order.id);
    expect([row.status, row.trackingCarrier, row.trackingNumber]).toEqual(["shipped", null, null]);
    const [mail] = await mailTo("shopper@example.com", `${order.number} is shipped`);
    expect(mail.text).not.toContain("Tracking");
  });

  it.each([
    ["pigeon", "ABCD1234", trackingMessages.carrier],
    ["", "ABCD1234", trackingMessages.carrierMissing],
    ["dhl", "", trackingMessages.numberMissing],
    ["dhl", "AB", trackingMessages.number],
    ["dhl", "<script>alert(1)</script>", trackingMessages.number],
    ["fedex", "A".repeat(41), trackingMessages.number],
  ])(
    "refuses carrier %j with number %j: its message, and the order stays as it was",
    async (carrier, number, message) => {
      const order = await placeOrder(test, test.shopperId, product);
      await walk(order.id, ["placed", "processing"]);
      const before = await orderRow(order.id);
      const res = await ship(order.id, carrier, number);
      expect(res.status).toBe(400);
      expect((await res.text()).replaceAll("&quot;", '"')).toContain(message.split(",")[0]);
      expect(await orderRow(order.id)).toEqual(before);
      expect(await mailTo("shopper@example.com", `${order.number} is shipped`)).toHaveLength(0);
    },
  );

  it("is refused with any other status than Shipped, and from anyone but the administrator", async () => {
    const order = await placeOrder(test, test.shopperId, product);
    await expect(
      test.t.services.adminOrders.changeStatus({
        orderId: order.id,
        from: "placed",
        to: "confirmed",
        note: "",
        tracking: { carrier: "ups", number: "ABCD1234" },
      }),
    ).rejects.toMatchObject({ kind: "invalid_input", message: trackingMessages.onlyWhenShipped });
    await walk(order.id, ["placed", "processing"]);
    const before = await orderRow(order.id);
    for (const browser of [test.shopper, test.visitor]) {
      const res = await ship(order.id, "ups", "ABCD1234", browser);
      expect([401, 403]).toContain(res.status);
    }
    expect(await orderRow(order.id)).toEqual(before);
  });
});

describe("the owner's e-mails", () => {
  it("one for each new order, to ADMIN_EMAIL, however often the payment is replayed", async () => {
    const order = await placeOrder(test, test.shopperId, product, 2);
    const subject = `New order ${order.number}`;
    const mails = await mailTo(ADMIN, subject);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("shopper@example.com");
    expect(mails[0].text).toContain(`2 pieces, ${formatMoney(order.totalCents)}`);
    expect(mails[0].text).toContain(`/admin?tab=orders&order=${order.id}`);
    // The webhook and the return page both confirm; a replay finds the order and queues nothing.
    const row = await orderRow(order.id);
    const [checkout] = await db().select().from(checkouts).where(eq(checkouts.id, row.checkoutId));
    const again = await Promise.all(
      [1, 2, 3].map(() =>
        test.t.services.orders.fulfilCheckout(checkout.id, {
          paymentId: row.paymentId,
          paymentRef: null,
          sandbox: false,
        }),
      ),
    );
    expect(again.map((r) => r.created)).toEqual([false, false, false]);
    expect(await mailTo(ADMIN, subject)).toHaveLength(1);
  });

  it("one for each return request, in the request's transaction: a second request at once is refused and sends nothing", async () => {
    const order = await placeOrder(test, test.shopperId, product, 2);
    await walk(order.id, ["placed", "processing", "shipped", "delivered"]);
    const ask = () =>
      test.shopper.postForm("/orders", {
        intent: "request-return",
        orderId: order.id,
        reason: "wrong_size",
        "quantity-0": "1",
        details: "Too small",
      });
    const answers = await Promise.all([ask(), ask()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const mails = await mailTo(ADMIN, `Return requested for order ${orderNumber(order.id)}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("Reason: Wrong size — Too small");
    expect(mails[0].text).toContain(`/admin?tab=orders&order=${order.id}`);
  });
});
