import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressSchema } from "../../domain/address-schema";
import { sandboxOrderMessages } from "../../domain/payment-messages";
import { orders, outbox } from "../../server/db/schema";
import { type AdminTest, placeOrder, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";

/**
 * Finding 4: an order paid through the built-in sandbox moved no money. It is marked as such
 * on the order itself when it is made, and everywhere the administrator sees orders, in the
 * e-mails and on the shopper's My Orders; the Overview's revenue leaves it out.
 */

let test: AdminTest;
let product: { id: string; title: string; imageUrls: string[]; priceCents: number };

beforeAll(async () => {
  test = await startAdminTest();
  const [row] = await insertProducts(test.database.db, [
    { title: "Sandbox Mark Dress", priceCents: 4000, stockCount: 50, sizes: [] },
  ]);
  product = { ...row, imageUrls: [], priceCents: 4000 };
});
afterAll(() => test?.stop());

/** The HTML of one order's card on a page. */
function card(html: string, number: string): string {
  const at = html.indexOf(`Order #${number}`);
  expect(at).toBeGreaterThan(-1);
  const start = html.lastIndexOf("<article", at);
  return html.slice(start, html.indexOf("</article>", at));
}

/** Buys one dress through the sandbox card checkout, as the shopper's browser does. */
async function sandboxPurchase() {
  const address = await test.t.services.accounts.addAddress(
    test.shopperId,
    addressSchema.parse({
      name: "Sam Shopper",
      phone: "555-0100",
      street: "1 Main Street",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      country: "United States",
    }),
  );
  const res = await test.shopper.postJson("/api/create-stripe-session", {
    lines: [{ productId: product.id, selectedSize: null, color: null, quantity: 1 }],
    shippingAddressId: address.id,
    sameAsShipping: true,
  });
  expect(res.status).toBe(200);
  const session = (await res.json()) as { id: string; mode: string };
  expect(session.mode).toBe("sandbox");
  const paid = await test.shopper.postJson(`/api/sandbox/checkout/${session.id}/pay`, {});
  expect(paid.status).toBe(200);
  const { orderId } = (await paid.json()) as { orderId: string };
  return test.t.services.adminOrders.getOrder(orderId);
}

describe("an order paid in the sandbox", () => {
  let sandboxOrder: Awaited<ReturnType<typeof sandboxPurchase>>;
  let realOrder: Awaited<ReturnType<typeof placeOrder>>;

  beforeAll(async () => {
    sandboxOrder = await sandboxPurchase();
    realOrder = await placeOrder(test, test.otherId, product, 1, { sandbox: false, selectedSize: null });
  });

  it("carries the mark in its row from the moment it is made", async () => {
    expect(sandboxOrder.sandbox).toBe(true);
    const [row] = await test.database.db
      .select({ sandbox: orders.sandbox })
      .from(orders)
      .where(eq(orders.id, sandboxOrder.id));
    expect(row.sandbox).toBe(true);
    expect(realOrder.sandbox).toBe(false);
  });

  it("is marked on the administrator's Orders tab; a real order is not", async () => {
    // In the list's row (decision 054) and on the order's card in its detail view.
    const list = await (await test.admin.request("/admin?tab=orders")).text();
    const row = (number: string) => {
      const at = list.indexOf(`data-order-row="${number}"`);
      expect(at).toBeGreaterThan(-1);
      // The phone's card comes first in the page (the table is shown from md up, the cards below it).
      return list.slice(at, list.indexOf("</li>", at));
    };
    expect(row(sandboxOrder.number)).toContain('data-sandbox="true"');
    expect(row(realOrder.number)).not.toContain("data-sandbox");
    const detail = async (id: string) => (await test.admin.request(`/admin?tab=orders&order=${id}`)).text();
    const html = (await detail(sandboxOrder.id)) + (await detail(realOrder.id));
    const marked = card(html, sandboxOrder.number);
    expect(marked).toContain('data-sandbox="true"');
    expect(marked).toContain(sandboxOrderMessages.payment);
    const real = card(html, realOrder.number);
    expect(real).not.toContain("data-sandbox");
    expect(real).not.toContain(sandboxOrderMessages.payment);
  });

  it("is left out of the Overview's revenue and shown apart", async () => {
    const overview = await test.t.services.adminOrders.overview();
    // 4000 + 400 tax + 10 shipping, once real and once sandbox.
    expect(overview.revenueCents).toBe(4410);
    expect(overview.sandboxRevenueCents).toBe(4410);
    expect(overview.sandboxOrders).toBe(1);
    expect(overview.totalOrders).toBe(2);
    const html = await (await test.admin.request("/admin")).text();
    expect(html).toContain("$44.10");
    expect(html).toContain(sandboxOrderMessages.revenueApart("$44.10", 1));
    expect(html).toContain(sandboxOrderMessages.ordersIncluding(1));
  });

  it("says so in the confirmation e-mail and in every status e-mail; a real order's do not", async () => {
    const mails = async (to: string) => test.database.db.select().from(outbox).where(eq(outbox.to, to));
    const confirmation = (await mails("shopper@example.com")).find((m) =>
      m.subject.startsWith(`Your Threadline order ${sandboxOrder.number}`),
    );
    expect(confirmation?.subject).toBe(
      `Your Threadline order ${sandboxOrder.number}${sandboxOrderMessages.subjectSuffix}`,
    );
    expect(confirmation?.text).toContain(sandboxOrderMessages.emailLine);
    expect(confirmation?.html).toContain(sandboxOrderMessages.emailLine);

    await test.t.services.adminOrders.changeStatus({
      orderId: sandboxOrder.id,
      from: "placed",
      to: "processing",
      note: "Order processing",
    });
    await test.t.services.adminOrders.changeStatus({
      orderId: realOrder.id,
      from: "placed",
      to: "processing",
      note: "Order processing",
    });
    const status = (await mails("shopper@example.com")).find((m) => m.subject.includes("is processing"));
    expect(status?.subject).toBe(
      `Your Threadline order ${sandboxOrder.number} is processing${sandboxOrderMessages.subjectSuffix}`,
    );
    expect(status?.text).toContain(sandboxOrderMessages.emailLine);
    for (const mail of await mails("other@example.com")) {
      if (!mail.subject.startsWith("Your Threadline order")) continue;
      expect(mail.subject).not.toContain("sandbox");
      expect(mail.text).not.toContain(sandboxOrderMessages.emailLine);
    }
  });

  it("is marked on the shopper's own My Orders", async () => {
    const html = await (await test.shopper.request("/orders")).text();
    expect(card(html, sandboxOrder.number)).toContain('data-sandbox="true"');
  });
});
