import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "../../domain/ids";
import { storeProductImage } from "../../server/catalog/images";
import { eq, sql } from "drizzle-orm";
import { checkouts, productVariants, sandboxPayments } from "../../server/db/schema";
import { createLocalStorage } from "../../server/storage/local";
import { startFakeSmtp } from "../fakes/smtp";
import { createAccountsTestApp, TestBrowser } from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";
import { insertCode } from "../helpers/discounts";
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";
import { body, ordersOf, type PaymentsTest, type Shopper, shopper, stockOf, worldSnapshot } from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * The checkout's pages through the whole HTTP app (needs `npm run build`): /checkout's loader,
 * the sandbox's approval and hosted-checkout pages (their owner only, sandbox mode only), and
 * the payment result pages.
 */

/** A store with pages over a fresh database; `env` configures providers. */
async function startPagesTest(env: Record<string, string> = {}): Promise<PaymentsTest> {
  const database = await createTestDatabase();
  const smtp = await startFakeSmtp();
  const t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url, ...env }, withPages: true });
  return {
    database,
    smtp,
    t,
    async stop() {
      await smtp.stop();
      await database.close();
    },
  };
}

/** The page's text with React's text-node separators removed. */
async function page(res: Response): Promise<string> {
  return (await res.text()).replaceAll("<!-- -->", "");
}

let test: PaymentsTest;
let ada: Shopper;
let bob: Shopper;
let set: string;
const visitor = () => new TestBrowser(test.t.app, "203.0.113.9");

beforeAll(async () => {
  test = await startPagesTest();
  ada = await shopper(test, "ada-pages@example.com");
  bob = await shopper(test, "bob-pages@example.com");
  [{ id: set }] = await insertProducts(test.database.db, [
    {
      title: "Pages Lounge Set",
      priceCents: 8900,
      sizes: ["M"],
      colors: [{ name: "Blush", hex: "#e3b7ae" }],
      stockCount: 20,
    },
  ]);
});
afterAll(() => test.stop());

const line = (quantity = 1) => ({ productId: set, selectedSize: "M", color: "Blush", quantity });

async function start(endpoint: "/api/create-paypal-order" | "/api/create-stripe-session", who: Shopper = ada) {
  const res = await who.browser.postJson(endpoint, body(who, [line()]));
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; url?: string; totalCents: number };
}

describe("/checkout", () => {
  it("shows a visitor the login panel and nothing of anyone's", async () => {
    const res = await visitor().request("/checkout");
    expect(res.status).toBe(200);
    const html = await page(res);
    expect(html).toContain("Please log in to checkout");
    expect(html).toMatch(/href="\/login\?redirectTo=%2Fcheckout"[^>]*>Login</);
    expect(html).not.toContain("Main Street");
  });

  it("hands a shopper their own addresses and the sandbox modes, and is not cached", async () => {
    const res = await ada.browser.request("/checkout");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await page(res);
    // The cart is in the browser: the server renders the waiting state and the loader data.
    expect(html).toContain("Loading checkout...");
    expect(html).toContain(ada.addressId);
    expect(html).not.toContain(bob.addressId);
    expect(html).toMatch(/\\"wallet\\",\\"sandbox\\"/);
  });
});

describe("/sandbox/paypal/:id", () => {
  it("sends a visitor to log in and back", async () => {
    const { id } = await start("/api/create-paypal-order");
    const res = await visitor().request(`/sandbox/paypal/${id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/sandbox/paypal/${id}`)}`);
  });

  it("is not found for an id that does not exist", async () => {
    expect((await ada.browser.request("/sandbox/paypal/SANDBOXNOSUCHORDER12")).status).toBe(404);
    expect((await ada.browser.request("/sandbox/paypal/not%20an%20id")).status).toBe(404);
  });

  it("shows the owner the amount and items, and its Approve lets the capture complete", async () => {
    const { id, totalCents } = await start("/api/create-paypal-order");
    expect(totalCents).toBe(9800);
    const shown = await ada.browser.request(`/sandbox/paypal/${id}`);
    expect(shown.status).toBe(200);
    const html = await page(shown);
    expect(html).toContain("Sandbox — no real money");
    expect(html).toContain("$98.00");
    expect(html).toContain("Pages Lounge Set");
    expect(html).toContain("Approve payment");

    // Not approved yet: nothing can be captured.
    const early = await ada.browser.postJson("/api/capture-paypal-order", { orderId: id });
    expect((await early.json()).status).not.toBe("COMPLETED");

    expect((await ada.browser.postForm(`/sandbox/paypal/${id}`, { intent: "approve" })).status).toBe(200);
    const stock = await stockOf(test.database, set);
    const captured = await ada.browser.postJson("/api/capture-paypal-order", { orderId: id });
    expect(await captured.json()).toMatchObject({ status: "COMPLETED", id });
    expect(await stockOf(test.database, set)).toBe(stock! - 1);

    const after = await page(await ada.browser.request(`/sandbox/paypal/${id}`));
    expect(after).toContain("This sandbox payment is no longer waiting for approval.");
    expect(after).not.toContain("Approve payment");
  });
});

describe("/sandbox/checkout/:id", () => {
  it("is the url the card session sends the shopper to", async () => {
    const { id, url } = await start("/api/create-stripe-session");
    expect(id).toMatch(/^cs_sandbox_/);
    expect(url).toBe(`http://store.test/sandbox/checkout/${id}`);
  });

  it("Pay records one order and leads to the confirmation; paying again finds the same order", async () => {
    const { id } = await start("/api/create-stripe-session");
    const shown = await page(await ada.browser.request(`/sandbox/checkout/${id}`));
    expect(shown).toContain("Sandbox — no real money");
    expect(shown).toContain("Pay $98.00");
    expect(shown).toContain("Pages Lounge Set");

    const ordersBefore = (await ordersOf(test.database, ada.userId)).length;
    const paid = await ada.browser.postForm(`/sandbox/checkout/${id}`, { intent: "pay" });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe(`/payment-success?session_id=${id}`);
    const again = await ada.browser.postForm(`/sandbox/checkout/${id}`, { intent: "pay" });
    expect(again.headers.get("location")).toBe(`/payment-success?session_id=${id}`);
    expect((await ordersOf(test.database, ada.userId)).length).toBe(ordersBefore + 1);

    const success = await ada.browser.request(`/payment-success?session_id=${id}`);
    expect(success.status).toBe(200);
    const html = await page(success);
    expect(html).toContain("Payment Successful!");
    expect(html).toContain("Thank you for your purchase. Your order has been received.");
    expect(html).toMatch(/href="\/"[^>]*>Back to Home</);
    expect(html).toContain("$98.00");
    // A reload confirms again and finds the same order.
    await ada.browser.request(`/payment-success?session_id=${id}`);
    expect((await ordersOf(test.database, ada.userId)).length).toBe(ordersBefore + 1);

    // Anyone may open the link, but only the buyer sees the order's number and amount.
    const other = await page(await bob.browser.request(`/payment-success?session_id=${id}`));
    expect(other).toContain("Payment Successful!");
    expect(other).not.toContain("$98.00");

    const closed = await page(await ada.browser.request(`/sandbox/checkout/${id}`));
    expect(closed).toContain("This checkout session is already paid.");
  });

  it("Cancel leads to the cancelled notice and closes the session", async () => {
    const { id } = await start("/api/create-stripe-session");
    const cancelled = await ada.browser.postForm(`/sandbox/checkout/${id}`, { intent: "cancel" });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toBe("/payment-cancelled");
    const before = await worldSnapshot(test.database);
    const late = await ada.browser.postForm(`/sandbox/checkout/${id}`, { intent: "pay" });
    expect(late.status).toBe(409);
    expect(await page(late)).toContain("This payment session has expired. Please start again from your cart.");
    expect(await worldSnapshot(test.database)).toEqual(before);
    expect(await page(await ada.browser.request(`/sandbox/checkout/${id}`))).toContain(
      "This checkout session is no longer open.",
    );
  });

  it("refuses a form without Pay or Cancel", async () => {
    const { id } = await start("/api/create-stripe-session");
    const res = await ada.browser.postForm(`/sandbox/checkout/${id}`, { intent: "refund-me" });
    expect(res.status).toBe(400);
    expect(await page(res)).toContain("Choose Pay or Cancel.");
  });
});

describe("/payment-success", () => {
  it.each([
    ["a made-up session id", "/payment-success?session_id=cs_test_a1b2c3d4e5f6"],
    ["a made-up sandbox id", "/payment-success?session_id=cs_sandbox_AAAAAAAAAAAAAAAAAAAAAAAA"],
    ["no session id", "/payment-success"],
    ["an id that is not one", "/payment-success?session_id=%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
  ])("answers %s calmly, with no order", async (_name, path) => {
    const before = await worldSnapshot(test.database);
    const res = await visitor().request(path);
    expect(res.status).toBe(200);
    const html = await page(res);
    expect(html).toContain("No payment to confirm");
    expect(html).not.toContain("Payment Successful!");
    expect(html).not.toContain("<script>alert(1)");
    expect(await worldSnapshot(test.database)).toEqual(before);
  });

  it("says an unpaid session is not completed and records nothing", async () => {
    const { id } = await start("/api/create-stripe-session");
    const before = await worldSnapshot(test.database);
    const html = await page(await ada.browser.request(`/payment-success?session_id=${id}`));
    expect(html).toContain("Payment not completed");
    expect(html).toContain("This payment has not been completed.");
    expect(await worldSnapshot(test.database)).toEqual(before);
  });
});

describe("/payment-cancelled", () => {
  it("shows the documented texts and the way back", async () => {
    const res = await visitor().request("/payment-cancelled");
    expect(res.status).toBe(200);
    const html = await page(res);
    expect(html).toContain("Payment Cancelled");
    expect(html).toContain("Your payment was cancelled. You can try again or modify your order.");
    expect(html).toMatch(/href="\/checkout"[^>]*>Return to Checkout</);
  });
});

/**
 * A pending checkout with a sandbox payment of each kind, written straight to the database, so
 * the same ids can be asked for in a store with and without provider keys.
 */
async function plantSandboxPayments(store: PaymentsTest, who: Shopper, suffix: string) {
  const ids = { wallet: `SANDBOXPLANT${suffix}`, card: `cs_sandbox_PLANTED${suffix}PLANTED${suffix}` };
  const address = {
    name: "Planted",
    street: "1 Seed Row",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
    country: "United States",
    phone: "555-0100",
  };
  for (const [kind, id] of Object.entries(ids) as ["wallet" | "card", string][]) {
    const [checkout] = await store.database.db
      .insert(checkouts)
      .values({
        userId: who.userId,
        provider: kind === "wallet" ? "paypal" : "stripe",
        providerRef: id,
        lines: [],
        subtotalCents: 100,
        taxCents: 10,
        shippingCents: 10,
        totalCents: 120,
        shippingAddress: address,
        billingAddress: address,
      })
      .returning();
    await store.database.db.insert(sandboxPayments).values({
      id,
      kind,
      checkoutId: checkout.id,
      amountCents: 120,
      currency: "USD",
      status: kind === "wallet" ? "CREATED" : "open",
    });
  }
  return ids;
}

describe("with real provider keys", () => {
  let keyed: PaymentsTest;
  let cy: Shopper;
  beforeAll(async () => {
    keyed = await startPagesTest({
      PAYPAL_CLIENT_ID: "paypal-public-client-id",
      PAYPAL_CLIENT_SECRET: "paypal-very-secret",
      PAYPAL_API_BASE: "http://127.0.0.1:9",
      STRIPE_SECRET_KEY: "sk_test_very_secret",
      STRIPE_API_BASE: "http://127.0.0.1:9",
    });
    cy = await shopper(keyed, "cy-keyed@example.com");
  });
  afterAll(() => keyed.stop());

  it("gives the checkout PayPal's public client id and no secret", async () => {
    const html = await page(await cy.browser.request("/checkout"));
    expect(html).toContain("paypal-public-client-id");
    expect(html).not.toContain("paypal-very-secret");
    expect(html).not.toContain("sk_test_very_secret");
    expect(html).not.toMatch(/\\"wallet\\",\\"sandbox\\"/);
  });

  it("has no sandbox pages, even for sandbox payments that exist", async () => {
    // The same rows in the sandbox store are pages their owner can open and pay.
    const control = await plantSandboxPayments(test, ada, "A1");
    expect((await ada.browser.request(`/sandbox/paypal/${control.wallet}`)).status).toBe(200);
    expect((await ada.browser.request(`/sandbox/checkout/${control.card}`)).status).toBe(200);

    const planted = await plantSandboxPayments(keyed, cy, "B2");
    const before = await worldSnapshot(keyed.database);
    expect((await cy.browser.request(`/sandbox/paypal/${planted.wallet}`)).status).toBe(404);
    expect((await cy.browser.postForm(`/sandbox/paypal/${planted.wallet}`, { intent: "approve" })).status).toBe(404);
    expect((await cy.browser.request(`/sandbox/checkout/${planted.card}`)).status).toBe(404);
    expect((await cy.browser.postForm(`/sandbox/checkout/${planted.card}`, { intent: "pay" })).status).toBe(404);
    expect(await worldSnapshot(keyed.database)).toEqual(before);
    const rows = await keyed.database.db.select().from(sandboxPayments);
    expect(rows.map((r) => r.status).sort()).toEqual(["CREATED", "open"]);
  });
});

describe("prices and payments the server decides (tests/e2e/checkout.e2e.ts keeps what the page itself does)", () => {
  let dee: Shopper;
  beforeAll(async () => {
    dee = await shopper(test, "dee-pages@example.com");
  });

  it("a price the browser kept is not what is charged: the approval shows the server's total", async () => {
    const forged = { ...line(), title: "Pages Lounge Set", priceCents: 1, imageUrls: [] };
    const res = await dee.browser.postJson("/api/create-paypal-order", body(dee, [forged]));
    expect(res.status).toBe(200);
    const { id, totalCents } = (await res.json()) as { id: string; totalCents: number };
    expect(totalCents).toBe(9800);
    const approval = withoutTextSeparators(await (await dee.browser.request(`/sandbox/paypal/${id}`)).text());
    expect(textOf(element(approval, /<p [^>]*data-testid="sandbox-amount"/))).toBe("$98.00");
  });

  it("paying again after the capture never arrived continues with the same, already approved PayPal order", async () => {
    const first = await start("/api/create-paypal-order", dee);
    expect((await dee.browser.postForm(`/sandbox/paypal/${first.id}`, { intent: "approve" })).status).toBe(200);
    // The capture is lost on the way; the shopper presses PayPal again.
    const again = await start("/api/create-paypal-order", dee);
    expect(again.id).toBe(first.id);
    const approval = withoutTextSeparators(await (await dee.browser.request(`/sandbox/paypal/${again.id}`)).text());
    expect(elements(approval, /<p role="status"/).map(textOf)).toContain("This payment is already approved.");
    expect(elements(approval, /<button /).map(textOf)).toContain("Continue to the store");
    expect(approval).not.toContain("Approve payment");
    const captured = await dee.browser.postJson("/api/capture-paypal-order", { orderId: again.id });
    const outcome = (await captured.json()) as { status: string; orderId: string };
    expect(outcome.status).toBe("COMPLETED");
    const orders = withoutTextSeparators(await (await dee.browser.request(`/orders?placed=${outcome.orderId}`)).text());
    expect(textOf(element(orders, new RegExp(`<article aria-labelledby="order-${outcome.orderId}"`)))).toContain(
      "Pages Lounge Set",
    );
  });
});

describe("a size and colour sold out (tests/e2e/variants.e2e.ts keeps the product page's choices)", () => {
  it("is refused at the payment's start whatever the page shows, while another size and colour stays buyable", async () => {
    const fay = await shopper(test, "fay-variants@example.com");
    const [{ id: jacket }] = await insertProducts(test.database.db, [
      {
        title: "Pages Biker Jacket",
        priceCents: 24900,
        sizes: ["M", "L"],
        colors: [
          { name: "Black", hex: "#26221f" },
          { name: "Cognac", hex: "#8a4f2a" },
        ],
        stockCount: 17,
      },
    ]);
    // 2 pieces of Cognac M, 5 of every other.
    await test.database.db
      .update(productVariants)
      .set({
        stock: sql`case when ${productVariants.size} = 'M' and ${productVariants.color} = 'Cognac' then 2 else 5 end`,
      })
      .where(eq(productVariants.productId, jacket));
    const cognacM = { productId: jacket, selectedSize: "M", color: "Cognac", quantity: 1 };
    const buy = async (line: typeof cognacM) => {
      const res = await fay.browser.postJson("/api/create-stripe-session", body(fay, [line]));
      expect(res.status).toBe(200);
      const { id } = (await res.json()) as { id: string };
      expect((await fay.browser.postForm(`/sandbox/checkout/${id}`, { intent: "pay" })).status).toBe(302);
    };
    await buy(cognacM);
    await buy(cognacM);
    const before = await worldSnapshot(test.database);
    const refused = await fay.browser.postJson("/api/create-stripe-session", body(fay, [cognacM]));
    expect(refused.status).toBe(409);
    expect(await worldSnapshot(test.database)).toEqual(before);
    await buy({ ...cognacM, selectedSize: "L", color: "Black" });
    expect(await ordersOf(test.database, fay.userId)).toHaveLength(3);
  });
});

/**
 * Where each payment ends, the order just paid is shown in full (tests/e2e/placed-order.ts): its
 * number, its one line with size, colour, quantity, line price and a picture that loads, the
 * shipping address, the totals, and that its e-mail is on its way.
 */
describe("the order just paid, in full, where the payment ends", () => {
  let eve: Shopper;
  let pictured: string;

  beforeAll(async () => {
    eve = await shopper(test, "eve-placed@example.com");
    const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#e3b7ae" } })
      .png()
      .toBuffer();
    const picture = await storeProductImage(
      createLocalStorage(path.join(test.t.dataDir, "media")),
      photo,
      "placed-set.png",
    );
    [{ id: pictured }] = await insertProducts(test.database.db, [
      {
        title: "Placed Lounge Set",
        priceCents: 8900,
        sizes: ["M"],
        colors: [{ name: "Blush", hex: "#e3b7ae" }],
        stockCount: 20,
        imageUrls: [picture],
      },
    ]);
  });

  const cart = () => [{ productId: pictured, selectedSize: "M", color: "Blush", quantity: 1 }];

  /** The placed order's block on a page, checked as tests/e2e/placed-order.ts checks it; answers its number. */
  async function expectPlacedOrder(html: string, who: Shopper): Promise<string> {
    const placed = element(html, /<section [^>]*data-testid="placed-order"/);
    const heading = textOf(element(placed, /<h[23] id="placed-order-/));
    expect(heading).toMatch(/^Order #[0-9A-F]{8}$/);
    const items = elements(element(placed, /<ul class="divide-y/), /<li /);
    expect(items).toHaveLength(1);
    expect(textOf(items[0])).toContain("Placed Lounge Set");
    const parts = elements(items[0], /<span class="whitespace-nowrap"/).map(textOf);
    expect(parts).toEqual(["Size: M", "Color: Blush", "Qty: 1"]);
    expect(textOf(items[0])).toContain("$89.00");
    // The line's picture answers with an image (a browser shows a broken one with no width).
    const src = attribute(element(items[0], /<img /), "src") as string;
    const picture = await who.browser.request(src);
    expect(picture.status).toBe(200);
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
    const address = textOf(element(placed, /<address /));
    const [saved] = await test.t.services.accounts.listAddresses(who.userId);
    for (const part of [saved.name, saved.street, `${saved.city}, ${saved.state} ${saved.zipCode}`, saved.phone])
      expect(address).toContain(part);
    const totals = Object.fromEntries(
      elements(element(placed, /<dl /), /<div /).map((row) => [
        textOf(element(row, /<dt/)),
        textOf(element(row, /<dd/)),
      ]),
    );
    expect(totals).toMatchObject({ Subtotal: "$89.00", Shipping: "$0.10", "Tax (10%)": "$8.90", Total: "$98.00" });
    expect(textOf(element(placed, /<p [^>]*data-testid="confirmation-email"/))).toMatch(
      /^A confirmation email is on its way to [^@\s]+@example\.com\.$/,
    );
    return heading.replace("Order #", "");
  }

  it("the card ends on the confirmation with the order; a reload shows the same; the link alone shows nobody else", async () => {
    const res = await eve.browser.postJson("/api/create-stripe-session", body(eve, cart()));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect((await eve.browser.postForm(`/sandbox/checkout/${id}`, { intent: "pay" })).status).toBe(302);
    const confirmation = `/payment-success?session_id=${id}`;
    const html = withoutTextSeparators(await (await eve.browser.request(confirmation)).text());
    const number = await expectPlacedOrder(html, eve);
    const [order] = (await ordersOf(test.database, eve.userId)).filter((o) => orderNumber(o.id) === number);
    expect(order).toBeDefined();

    const reloaded = withoutTextSeparators(await (await eve.browser.request(confirmation)).text());
    expect(textOf(element(reloaded, /<h2 id="placed-order-/))).toBe(`Order #${number}`);

    const stranger = withoutTextSeparators(await (await visitor().request(confirmation)).text());
    expect(textOf(element(stranger, /<h1/))).toBe("Payment Successful!");
    expect(textOf(stranger)).toContain("Thank you for your purchase. Your order has been received.");
    expect(stranger).not.toContain('data-testid="placed-order"');
    expect(stranger).not.toContain(number);

    const myOrders = elements(html, /<a /).filter((a) => textOf(a) === "View My Orders");
    expect(myOrders).toHaveLength(1);
    const orders = withoutTextSeparators(
      await (await eve.browser.request(attribute(myOrders[0], "href") as string)).text(),
    );
    expect(textOf(element(orders, new RegExp(`<article aria-labelledby="order-${order.id}"`)))).toContain(
      "Placed Lounge Set",
    );
  });

  it("a 15 % code typed loosely: the approval asks the discounted total, and the order shows the discount", async () => {
    // $89.00 less 15 % ($13.35) is $75.65; tax $7.57 (7.565 rounded half up); with $0.10 shipping, $83.32.
    await insertCode(test.database, { code: "PAGES15", percent: 15 });
    const res = await eve.browser.postJson(
      "/api/create-paypal-order",
      body(eve, cart(), { discountCode: " pages15 " }),
    );
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const approval = withoutTextSeparators(await (await eve.browser.request(`/sandbox/paypal/${id}`)).text());
    expect(textOf(element(approval, /<p [^>]*data-testid="sandbox-amount"/))).toBe("$83.32");
    expect((await eve.browser.postForm(`/sandbox/paypal/${id}`, { intent: "approve" })).status).toBe(200);
    const outcome = await (await eve.browser.postJson("/api/capture-paypal-order", { orderId: id })).json();
    expect(outcome).toMatchObject({ outcome: "paid", status: "COMPLETED" });
    const html = withoutTextSeparators(await (await eve.browser.request(`/orders?placed=${outcome.orderId}`)).text());
    const order = textOf(element(html, new RegExp(`<article aria-labelledby="order-${outcome.orderId}"`)));
    expect(order).toContain("Discount (PAGES15)");
    expect(order).toContain("−$13.35");
    expect(order).toContain("$83.32");
  });

  it("the wallet ends on My Orders with the order just paid in full on top", async () => {
    const res = await eve.browser.postJson("/api/create-paypal-order", body(eve, cart()));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect((await eve.browser.postForm(`/sandbox/paypal/${id}`, { intent: "approve" })).status).toBe(200);
    const outcome = await (await eve.browser.postJson("/api/capture-paypal-order", { orderId: id })).json();
    expect(outcome).toMatchObject({
      outcome: "paid",
      status: "COMPLETED",
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const html = withoutTextSeparators(await (await eve.browser.request(`/orders?placed=${outcome.orderId}`)).text());
    const justPlaced = element(html, /<section aria-labelledby="just-placed"/);
    expect(textOf(element(justPlaced, /<h2 id="just-placed"/))).toBe("Payment successful! Order placed.");
    expect(textOf(justPlaced)).toContain("Thank you for your purchase. Your order has been received.");
    expect(await expectPlacedOrder(justPlaced, eve)).toBe(orderNumber(outcome.orderId));
    const order = textOf(element(html, new RegExp(`<article aria-labelledby="order-${outcome.orderId}"`)));
    expect(order).toContain("Placed Lounge Set");
    expect(order).toContain("$98.00");
    expect(order).toContain("Tax (10%)");
  });
});
