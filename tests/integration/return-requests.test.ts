import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "../../domain/ids";
import { RETURN_WINDOW_DAYS, returnMessages } from "../../domain/returns";
import { orderRefunds, orders, outbox, products, returnRequests, sandboxPayments } from "../../server/db/schema";
import { type AdminTest, placeOrderOf, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";

/**
 * Return requests through the store's pages (docs/decisions/052-return-requests.md): the shopper
 * asks on My Orders, the administrator approves (the refund and restock of decisions 033 and 039)
 * or declines with a note on the order desk; and every attack on them, each of which must get its
 * message and change nothing. PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */

let test: AdminTest;

beforeAll(async () => {
  test = await startAdminTest();
});
afterAll(async () => {
  await test?.stop();
});

/** Two lines, delivered: 2 × $25.00 and 3 × $7.33. */
async function deliveredOrder(userId = test.shopperId) {
  const rows = await insertProducts(test.database.db, [
    { title: "Return Dress", priceCents: 2500, stockCount: 10 },
    { title: "Return Scarf", priceCents: 733, stockCount: 10 },
  ]);
  const order = await placeOrderOf(
    test,
    userId,
    rows.map((row, i) => ({ product: { ...row, imageUrls: [], priceCents: [2500, 733][i] }, quantity: [2, 3][i] })),
  );
  await walk(order.id, ["placed", "processing", "shipped", "delivered"]);
  return { order, ids: rows.map((row) => row.id) };
}

/** The administrator's status walk, as the order desk's buttons do it. */
async function walk(orderId: string, statuses: string[]) {
  for (let i = 1; i < statuses.length; i++) {
    await test.t.services.adminOrders.changeStatus({
      orderId,
      from: statuses[i - 1] as never,
      to: statuses[i] as never,
      note: "",
    });
  }
}

/** An answer's text with the page's escaped quotes read back. */
const textOf = async (res: Response) => (await res.text()).replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

const ask = (orderId: string, fields: Record<string, string>, browser = test.shopper) =>
  browser.postForm("/orders", { intent: "request-return", orderId, reason: "wrong_size", ...fields });
const answer = (intent: string, requestId: string, fields: Record<string, string> = {}, browser = test.admin) =>
  browser.postForm("/admin?tab=orders", { intent, requestId, ...fields });

async function requestsOf(orderId: string) {
  return test.database.db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId));
}

const stockOf = async (ids: string[]) =>
  Promise.all(
    ids.map(
      async (id) =>
        (await test.database.db.select({ n: products.stockCount }).from(products).where(eq(products.id, id)))[0]?.n,
    ),
  );

/** Everything a request or its answer could change. */
async function world(orderId: string, ids: string[]) {
  const [order] = await test.database.db.select().from(orders).where(eq(orders.id, orderId));
  const [payment] = await test.database.db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.checkoutId, order.checkoutId));
  return {
    status: order.status,
    history: order.statusHistory.length,
    requests: (await requestsOf(orderId)).map((r) => ({ status: r.status, lines: r.lines, note: r.decisionNote })),
    refunds: (await test.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).length,
    book: payment.refunds,
    stock: await stockOf(ids),
    mail: await mailCount(),
  };
}

const mailCount = async () =>
  Number((await test.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0].n);

async function mailTo(email: string, subject: string) {
  return (await test.database.db.select().from(outbox).where(eq(outbox.to, email))).filter((m) =>
    m.subject.startsWith(subject),
  );
}

describe("a shopper's return, approved", () => {
  it("is requested on My Orders, approved on the order desk, refunded and restocked, with an email at each step", async () => {
    const { order, ids } = await deliveredOrder();
    const number = orderNumber(order.id);
    const res = await ask(order.id, { "quantity-0": "1", "quantity-1": "2", reason: "damaged", details: "torn" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(returnMessages.requested);
    const [request] = await requestsOf(order.id);
    expect(request).toMatchObject({
      status: "requested",
      userId: test.shopperId,
      reason: "damaged",
      details: "torn",
      lines: [
        { index: 0, quantity: 1 },
        { index: 1, quantity: 2 },
      ],
    });
    const [asked] = await mailTo("shopper@example.com", `Return requested for your Threadline order ${number}`);
    expect(asked.text).toContain("1 × Return Dress, 2 × Return Scarf");
    expect(asked.text).toContain("Arrived damaged");

    // The shopper sees it; the administrator sees it on the order desk.
    expect(await (await test.shopper.request("/orders")).text()).toContain("Return requested");
    const desk = await (await test.admin.request(`/admin?tab=orders&order=${order.id}`)).text();
    expect(desk).toContain("Approve and refund");
    expect(desk).toContain(`Order #<!-- -->${number}</a>`);
    expect(await test.t.services.returns.waiting()).toMatchObject({ orderNumbers: expect.arrayContaining([number]) });

    const approved = await answer("approve-return", request.id, { restock: "on" });
    expect(approved.status).toBe(200);
    // 1 × 2500 + 2 × 733 = 3966 of 6466 goods; tax 647 × 3966 / 6466 = 397.
    expect(await approved.text()).toContain("Return approved and refunded: $43.63");
    const [after] = await requestsOf(order.id);
    expect(after.status).toBe("refunded");
    expect(after.refundId).toBeTruthy();
    expect(await stockOf(ids)).toEqual([9, 9]);
    expect(await mailTo("shopper@example.com", `Return approved for your Threadline order ${number}`)).toHaveLength(1);
    expect(await mailTo("shopper@example.com", `Refund for your Threadline order ${number}`)).toHaveLength(1);

    // My Orders: Refunded, the amount, and no word of the stock in the history or the refunds.
    const page = await (await test.shopper.request("/orders")).text();
    expect(page).toContain("Refunded for returned items");
    expect(page).toContain("$43.63");
    expect(page).not.toContain("back in stock");
    // The administrator still reads it.
    const card = await (await test.admin.request(`/admin?tab=orders&order=${order.id}`)).text();
    expect(card).toContain("3 pieces back in stock");
  });

  it("lets the rest be asked for after a refund, never more than is left", async () => {
    const { order } = await deliveredOrder();
    await ask(order.id, { "quantity-0": "2" });
    const [first] = await requestsOf(order.id);
    expect((await answer("approve-return", first.id, { restock: "on" })).status).toBe(200);
    const tooMany = await ask(order.id, { "quantity-0": "1" });
    expect(tooMany.status).toBe(400);
    expect(await textOf(tooMany)).toContain(returnMessages.tooMany("Return Dress", 0));
    expect((await ask(order.id, { "quantity-1": "3" })).status).toBe(200);
  });

  it("approves without restocking when the administrator says so", async () => {
    const { order, ids } = await deliveredOrder();
    await ask(order.id, { "quantity-1": "1" });
    const [request] = await requestsOf(order.id);
    expect((await answer("approve-return", request.id, {})).status).toBe(200);
    expect(await stockOf(ids)).toEqual([8, 7]);
    expect((await requestsOf(order.id))[0].status).toBe("refunded");
  });
});

describe("a shopper's return, declined", () => {
  it("needs a note, which the shopper reads on My Orders and in the email; nothing is refunded", async () => {
    const { order, ids } = await deliveredOrder();
    await ask(order.id, { "quantity-0": "1" });
    const [request] = await requestsOf(order.id);
    const before = await world(order.id, ids);
    const noNote = await answer("decline-return", request.id, { note: "  " });
    expect(noNote.status).toBe(400);
    expect(await noNote.text()).toContain(returnMessages.declineNote);
    expect(await world(order.id, ids)).toEqual(before);

    const res = await answer("decline-return", request.id, { note: "Worn, tags removed" });
    expect(res.status).toBe(200);
    expect((await requestsOf(order.id))[0]).toMatchObject({ status: "declined", decisionNote: "Worn, tags removed" });
    const [mail] = await mailTo(
      "shopper@example.com",
      `Return declined for your Threadline order ${orderNumber(order.id)}`,
    );
    expect(mail.text).toContain("Why: Worn, tags removed");
    const page = await (await test.shopper.request("/orders")).text();
    expect(page).toContain("Return declined");
    expect(page).toContain("Worn, tags removed");
    expect((await world(order.id, ids)).refunds).toBe(0);
    // Declined pieces may be asked for again.
    expect((await ask(order.id, { "quantity-0": "1" })).status).toBe(200);
  });
});

describe("every bad request gets its message and changes nothing", () => {
  it.each([
    ["more pieces than delivered", { "quantity-0": "3" }, 400, returnMessages.tooMany("Return Dress", 2)],
    ["a negative quantity", { "quantity-0": "-1" }, 400, returnMessages.wholeNumbers],
    ["a quantity in words", { "quantity-0": "two" }, 400, returnMessages.wholeNumbers],
    ["a line not in the order", { "quantity-5": "1" }, 400, returnMessages.unknownLine],
    ["nothing chosen", { "quantity-0": "0" }, 400, returnMessages.nothingChosen],
    ["a reason not on the list", { "quantity-0": "1", reason: "bored" }, 400, returnMessages.reason],
    ["words too long", { "quantity-0": "1", details: "x".repeat(501) }, 400, returnMessages.tooLong],
  ])("%s", async (_name, fields, status, message) => {
    const { order, ids } = await deliveredOrder();
    const before = await world(order.id, ids);
    const res = await ask(order.id, fields);
    expect(res.status).toBe(status);
    expect(await textOf(res)).toContain(message);
    expect(await world(order.id, ids)).toEqual(before);
  });

  it("another shopper's order is not found; a visitor is sent to log in", async () => {
    const { order, ids } = await deliveredOrder();
    const before = await world(order.id, ids);
    const res = await ask(order.id, { "quantity-0": "1" }, test.other);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Order not found");
    const visitor = await ask(order.id, { "quantity-0": "1" }, test.visitor);
    expect([302, 303, 401]).toContain(visitor.status);
    expect((await ask("not-a-uuid", { "quantity-0": "1" })).status).toBe(404);
    expect(await world(order.id, ids)).toEqual(before);
  });

  it.each([
    ["shipped", ["placed", "processing", "shipped"]],
    ["out for delivery", ["placed", "processing", "shipped", "out_for_delivery"]],
    ["placed", ["placed"]],
  ])("an order %s is not delivered yet", async (_name, statuses) => {
    const rows = await insertProducts(test.database.db, [{ title: "Early Coat", priceCents: 5000, stockCount: 5 }]);
    const order = await placeOrderOf(test, test.shopperId, [
      { product: { ...rows[0], imageUrls: [], priceCents: 5000 }, quantity: 1 },
    ]);
    await walk(order.id, statuses);
    const before = await world(order.id, [rows[0].id]);
    const res = await ask(order.id, { "quantity-0": "1" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(returnMessages.notDelivered);
    expect(await world(order.id, [rows[0].id])).toEqual(before);
  });

  it("past the window", async () => {
    const { order, ids } = await deliveredOrder();
    // Delivered RETURN_WINDOW_DAYS days and a minute ago.
    const [row] = await test.database.db.select().from(orders).where(eq(orders.id, order.id));
    const long = new Date(Date.now() - RETURN_WINDOW_DAYS * 86_400_000 - 60_000).toISOString();
    const history = row.statusHistory.map((entry) =>
      entry.status === "delivered" ? { ...entry, timestamp: long } : entry,
    );
    await test.database.db.update(orders).set({ statusHistory: history }).where(eq(orders.id, order.id));
    const before = await world(order.id, ids);
    const res = await ask(order.id, { "quantity-0": "1" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(returnMessages.windowClosed);
    expect(await world(order.id, ids)).toEqual(before);
  });

  it("a replayed request finds the first one open", async () => {
    const { order, ids } = await deliveredOrder();
    expect((await ask(order.id, { "quantity-0": "1" })).status).toBe(200);
    const before = await world(order.id, ids);
    const again = await ask(order.id, { "quantity-0": "1" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(returnMessages.alreadyOpen);
    expect(await world(order.id, ids)).toEqual(before);
  });

  it("two requests at once make one", async () => {
    const { order } = await deliveredOrder();
    const answers = await Promise.all([
      ask(order.id, { "quantity-0": "1" }),
      ask(order.id, { "quantity-1": "1" }),
      test.t.services.returns
        .request({
          orderId: order.id,
          userId: test.shopperId,
          lines: [{ index: 0, quantity: 2 }],
          reason: "other",
          details: "",
        })
        .then(
          () => ({ status: 200 }),
          (error: Error) => ({ status: error.message === returnMessages.alreadyOpen ? 409 : 500 }),
        ),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await requestsOf(order.id)).toHaveLength(1);
  });
});

describe("answering a request", () => {
  it("a shopper (or a visitor) cannot approve or decline: refused before anything runs", async () => {
    const { order, ids } = await deliveredOrder();
    await ask(order.id, { "quantity-0": "1" });
    const [request] = await requestsOf(order.id);
    const before = await world(order.id, ids);
    for (const intent of ["approve-return", "decline-return", "refund-return"]) {
      expect((await answer(intent, request.id, { note: "no", restock: "on" }, test.shopper)).status).toBe(403);
      expect((await answer(intent, request.id, { note: "no" }, test.visitor)).status).toBe(401);
    }
    expect(await world(order.id, ids)).toEqual(before);
  });

  it("a replayed approval or decline is refused; an unknown request is not found", async () => {
    const { order, ids } = await deliveredOrder();
    await ask(order.id, { "quantity-0": "1" });
    const [request] = await requestsOf(order.id);
    expect((await answer("approve-return", request.id, { restock: "on" })).status).toBe(200);
    const before = await world(order.id, ids);
    const again = await answer("approve-return", request.id, { restock: "on" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(returnMessages.alreadyDecided("refunded"));
    const decline = await answer("decline-return", request.id, { note: "late" });
    expect(decline.status).toBe(409);
    const retry = await answer("refund-return", request.id);
    expect(retry.status).toBe(409);
    expect(await retry.text()).toContain(returnMessages.notApproved);
    expect((await answer("approve-return", "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await answer("decline-return", "nope", { note: "x" })).status).toBe(404);
    expect(await world(order.id, ids)).toEqual(before);
  });

  it("two approvals at once make one refund", async () => {
    const { order, ids } = await deliveredOrder();
    await ask(order.id, { "quantity-0": "2" });
    const [request] = await requestsOf(order.id);
    const answers = await Promise.all([
      answer("approve-return", request.id, { restock: "on" }),
      answer("approve-return", request.id, { restock: "on" }),
      test.t.services.returns.approve({ requestId: request.id, restock: true }).then(
        () => 200,
        () => 409,
      ),
    ]);
    const statuses = answers.map((a) => (typeof a === "number" ? a : a.status)).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const after = await world(order.id, ids);
    expect(after.refunds).toBe(1);
    expect(after.book).toHaveLength(1);
    expect(after.stock).toEqual([10, 7]);
    expect(after.requests).toMatchObject([{ status: "refunded" }]);
    expect(
      await mailTo("shopper@example.com", `Return approved for your Threadline order ${orderNumber(order.id)}`),
    ).toHaveLength(1);
  });

  it("an approval and a decline at once: one wins, the other changes nothing", async () => {
    const { order } = await deliveredOrder();
    await ask(order.id, { "quantity-0": "1" });
    const [request] = await requestsOf(order.id);
    const [a, b] = await Promise.all([
      answer("approve-return", request.id, { restock: "on" }),
      answer("decline-return", request.id, { note: "no" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [after] = await requestsOf(order.id);
    const refunds = await test.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toHaveLength(after.status === "refunded" ? 1 : 0);
  });

  it("pieces refunded meanwhile with Refund items cannot be approved: the request is declined instead", async () => {
    const { order, ids } = await deliveredOrder();
    await ask(order.id, { "quantity-0": "2" });
    const [request] = await requestsOf(order.id);
    await test.t.services.refunds.refundItems({ orderId: order.id, lines: [{ index: 0, quantity: 1 }], restock: true });
    const before = await world(order.id, ids);
    const res = await answer("approve-return", request.id, { restock: "on" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Decline the request instead");
    expect(await world(order.id, ids)).toEqual(before);
  });
});
