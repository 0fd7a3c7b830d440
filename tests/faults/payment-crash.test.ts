import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Checkout } from "../../server/checkouts/checkouts";
import { checkouts, orders } from "../../server/db/schema";
import {
  body,
  checkoutByRef,
  mailTo,
  type PaymentsTest,
  type Shopper,
  shopper,
  startPaymentsTest,
  stockOf,
  worldSnapshot,
} from "../helpers/payments";
import { killRunning } from "../helpers/process";
import { insertProducts } from "../helpers/products";
import { AUTH_SECRET, asBrowser, eventually, startStoreProcess } from "./store";

/**
 * Issue 13, point 7 (docs/faults.md): the store is killed (SIGKILL, FAULT_POINT=after-capture)
 * after the provider took the money and before the order was written. Started again without the
 * fault point, its reconciliation pass writes exactly one order for that payment, the stock moves
 * once, and a further pass changes nothing. The store runs as `npm start` does (a child process
 * on the built server) against the PayPal and Stripe fakes, driven over HTTP.
 */

let test: PaymentsTest;
let ada: Shopper;

beforeAll(async () => {
  test = await startPaymentsTest({ paypal: true, stripe: true, env: { AUTH_SECRET } });
  ada = await shopper(test, "ada-crash@example.com");
});
afterAll(() => test.stop());
afterEach(killRunning);

/** The store process as configured for this test: the fakes, and `extra`. */
function storeEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    SMTP_URL: test.smtp.url,
    PAYPAL_CLIENT_ID: test.paypal!.clientId,
    PAYPAL_CLIENT_SECRET: test.paypal!.clientSecret,
    PAYPAL_API_BASE: test.paypal!.url,
    STRIPE_SECRET_KEY: test.stripe!.secretKey,
    STRIPE_WEBHOOK_SECRET: test.stripe!.webhookSecret,
    STRIPE_API_BASE: test.stripe!.url,
    ...extra,
  };
}

/**
 * The first process: killed at the fault point, with the default reconciliation (nothing younger
 * than 5 minutes). A pass of checkouts a second old would act on the checkout of the very request
 * the test is making: on a busy machine, a create that takes over a second has its checkout failed
 * as "never reached the provider" before its PayPal order is bound to it (409 checkout_replaced),
 * and a capture that takes over a second has its stock hold given back under it. config.ts refuses
 * ages under 60 s outside tests for that reason.
 */
const crashingStore = () => storeEnv({ FAULT_POINT: "after-capture" });
/** The restarted process: reconciliation every second for checkouts a second old, with no request of the test in flight. */
const restartedStore = () => storeEnv({ RECONCILE_INTERVAL_SECONDS: "1", RECONCILE_MIN_AGE_SECONDS: "1" });

async function product(stockCount: number) {
  const [{ id }] = await insertProducts(test.database.db, [
    { title: "Crash Test Dress", priceCents: 4000, sizes: ["M"], colors: [], stockCount },
  ]);
  return id;
}

const ordersForPayment = (paymentId: string) =>
  test.database.db.select().from(orders).where(eq(orders.paymentId, paymentId));

/** After the restart: the order the reconciliation pass wrote for this payment. */
async function reconciledOrder(paymentId: string) {
  return eventually(async () => (await ordersForPayment(paymentId))[0], `the reconciled order of ${paymentId}`);
}

/**
 * A checkout replaced before its provider was asked, like `like`: each pass of the running store
 * looks at it, leaves it as it is and marks it looked at (updatedAt), so it shows when a pass ran.
 */
async function replacedCheckout(like: Checkout): Promise<Checkout> {
  const [row] = await test.database.db
    .insert(checkouts)
    .values({
      userId: like.userId,
      provider: like.provider,
      lines: like.lines,
      subtotalCents: like.subtotalCents,
      taxCents: like.taxCents,
      shippingCents: like.shippingCents,
      totalCents: like.totalCents,
      shippingAddress: like.shippingAddress,
      billingAddress: like.billingAddress,
      status: "superseded",
      failureReason: "replaced by a newer checkout of the same cart",
    })
    .returning();
  return row;
}

/** Returns once a whole pass of the running store has begun and ended after this is called. */
async function aWholePassOfTheStore(watched: Checkout) {
  const lookedAt = async () =>
    (
      await test.database.db.select({ at: checkouts.updatedAt }).from(checkouts).where(eq(checkouts.id, watched.id))
    )[0].at.getTime();
  // A pass that marks it after the first reading may have begun before; the pass that marks it next began after that one ended.
  let last = await lookedAt();
  for (const pass of ["a pass", "the pass after it"]) {
    const before = last;
    last = await eventually(async () => {
      const at = await lookedAt();
      return at !== before ? at : undefined;
    }, `${pass} of the running store`);
  }
}

/** A further pass (of this process, dated past every age limit) touches nothing of a settled payment. */
async function secondPassChangesNothing(checkoutId: string) {
  const before = await worldSnapshot(test.database);
  const results = await test.t.services.payments.reconciler.runOnce(new Date(Date.now() + 3_600_000));
  expect(results.map((r) => r.checkoutId)).not.toContain(checkoutId);
  expect(await worldSnapshot(test.database)).toEqual(before);
}

describe("a store killed between the provider's money and the order", () => {
  it("PayPal: the capture went through, the process died; after the restart reconciliation writes the one order, stock taken once", async () => {
    const dress = await product(3);
    const first = await startStoreProcess(test.database, crashingStore());
    const browser = asBrowser(ada.browser.cookies);
    const createRes = await browser.postJson(
      `${first.url}/api/create-paypal-order`,
      body(ada, [{ productId: dress, selectedSize: "M", quantity: 2 }]),
    );
    expect(createRes.status, `${await createRes.clone().text()}\n${first.output()}`).toBe(200);
    const created = (await createRes.json()) as { id: string };
    test.paypal!.approve(created.id);

    // The capture succeeds at PayPal, then the store dies before answering.
    await expect(browser.postJson(`${first.url}/api/capture-paypal-order`, { orderId: created.id })).rejects.toThrow();
    expect(await first.exited).toBeNull();
    expect(first.child.signalCode).toBe("SIGKILL");
    expect(first.output()).toContain("fault point reached");
    expect(test.paypal!.orders.get(created.id)?.capture?.status).toBe("COMPLETED");
    // Money taken, no order: the checkout is still pending and holds the two pieces.
    expect(await ordersForPayment(created.id)).toHaveLength(0);
    const pending = await checkoutByRef(test.database, created.id);
    expect(pending).toMatchObject({ status: "pending" });
    expect(pending.stockReservedAt).toBeInstanceOf(Date);
    expect(await stockOf(test.database, dress)).toBe(1);

    const second = await startStoreProcess(test.database, restartedStore());
    const order = await reconciledOrder(created.id);
    expect(order).toMatchObject({
      paymentMethod: "paypal",
      userEmail: ada.email,
      status: "placed",
      subtotalCents: 8000,
    });
    expect(order.items).toMatchObject([{ productId: dress, quantity: 2 }]);
    expect(await ordersForPayment(created.id)).toHaveLength(1);
    expect(await stockOf(test.database, dress)).toBe(1);
    expect((await checkoutByRef(test.database, created.id))?.status).toBe("completed");
    expect(await mailTo(test.database, ada.email, "Your Threadline order")).toHaveLength(1);
    expect(test.paypal!.refunds).toEqual([]);
    // Captured once: the restart asked PayPal, it did not capture again.
    expect(test.paypal!.requests.filter((r) => r.path === `/v2/checkout/orders/${created.id}/capture`)).toHaveLength(1);

    await secondPassChangesNothing(pending.id);
    // The running store's own passes (every second) change nothing either.
    const watched = await replacedCheckout(pending);
    const settled = await worldSnapshot(test.database);
    await aWholePassOfTheStore(watched);
    expect(await worldSnapshot(test.database)).toEqual(settled);
    expect(second.output()).toMatch(new RegExp(`"checkoutId":"${pending.id}"[^\n]*"msg":"pending checkout settled"`));
    await test.database.db.delete(checkouts).where(eq(checkouts.id, watched.id));
  });

  it("Stripe: the session was paid, the process died while confirming; after the restart reconciliation writes the one order, stock taken once", async () => {
    const coat = await product(4);
    const first = await startStoreProcess(test.database, crashingStore());
    const browser = asBrowser(ada.browser.cookies);
    const createRes = await browser.postJson(
      `${first.url}/api/create-stripe-session`,
      body(ada, [{ productId: coat, selectedSize: "M", quantity: 3 }]),
    );
    expect(createRes.status, `${await createRes.clone().text()}\n${first.output()}`).toBe(200);
    const session = (await createRes.json()) as { id: string };
    test.stripe!.markPaid(session.id);

    // The shopper comes back from Stripe; the store sees the paid session and dies before the order.
    await expect(
      browser.get(`${first.url}/api/checkout/stripe-session/${encodeURIComponent(session.id)}`),
    ).rejects.toThrow();
    expect(await first.exited).toBeNull();
    expect(first.child.signalCode).toBe("SIGKILL");
    expect(await ordersForPayment(session.id)).toHaveLength(0);
    const pending = await checkoutByRef(test.database, session.id);
    expect(pending).toMatchObject({ status: "pending" });
    expect(await stockOf(test.database, coat)).toBe(4);

    // Nobody comes back and no webhook arrives: the reconciliation pass alone records it.
    await startStoreProcess(test.database, restartedStore());
    const order = await reconciledOrder(session.id);
    expect(order).toMatchObject({
      paymentMethod: "stripe",
      userEmail: ada.email,
      status: "placed",
      subtotalCents: 12000,
    });
    expect(await ordersForPayment(session.id)).toHaveLength(1);
    expect(await stockOf(test.database, coat)).toBe(1);
    const [checkout] = await test.database.db.select().from(checkouts).where(eq(checkouts.id, pending.id));
    expect(checkout.status).toBe("completed");
    expect(test.stripe!.refunds).toEqual([]);

    await secondPassChangesNothing(pending.id);
  });
});
