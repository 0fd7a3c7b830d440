import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paysCheckout } from "../../domain/payment-decision";
import { observePaypalOrder } from "../../server/payments/providers/paypal";
import { createPaypalProvider } from "../../server/payments/providers/paypal/paypal";
import { observeSession } from "../../server/payments/providers/stripe";
import { createStripeProvider } from "../../server/payments/providers/stripe/stripe";
import type { CardSession } from "../../server/payments/providers/stripe/types";
import { isWalletRefusal, type PaymentRequest, type WalletOrder } from "../../server/payments/providers/paypal/types";

/** Paid at the provider, for exactly this amount and currency (the order names its checkout: `custom_id`). */
function isCompletedWalletPayment(order: WalletOrder, expected: { totalCents: number; currency: string }): boolean {
  const seen = observePaypalOrder(order, true);
  return seen.state === "paid" && paysCheckout(seen, { ...expected, id: order.customId ?? "", status: "pending" });
}

/** The same for a Checkout Session, naming `checkoutId`. */
function isPaidCardSession(
  session: CardSession,
  expected: { checkoutId: string; totalCents: number; currency: string },
): boolean {
  const seen = observeSession(session);
  return seen.state === "paid" && paysCheckout(seen, { ...expected, id: expected.checkoutId, status: "pending" });
}
import { type FakePaypal, startFakePaypal } from "../fakes/paypal";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe";
import { ProviderUnavailableError } from "../../domain/errors";

const PUBLIC_URL = "http://store.test";

function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    checkoutId: randomUUID(),
    lines: [
      {
        productId: randomUUID(),
        title: "Linen dress",
        imageUrls: ["/media/a.webp"],
        selectedSize: "M",
        color: "Sand",
        quantity: 2,
        unitPriceCents: 2550,
        lineTotalCents: 5100,
      },
      {
        productId: randomUUID(),
        title: "Scarf",
        imageUrls: [],
        selectedSize: null,
        color: null,
        quantity: 1,
        unitPriceCents: 999,
        lineTotalCents: 999,
      },
    ],
    subtotalCents: 6099,
    taxCents: 610,
    shippingCents: 10,
    totalCents: 6719,
    currency: "USD",
    shippingAddress: {
      name: "Ada",
      street: "1 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      country: "United States",
      phone: "555-0100",
    },
    customerEmail: "ada@example.com",
    createdAt: new Date(),
    ...overrides,
  };
}

describe("PayPal provider against the fake Orders v2 API", () => {
  let fake: FakePaypal;
  let clock = Date.now();
  const provider = () =>
    createPaypalProvider({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBase: fake.url,
      publicUrl: PUBLIC_URL,
      now: () => clock,
    });
  let paypal: ReturnType<typeof provider>;

  beforeAll(async () => {
    fake = await startFakePaypal();
    paypal = provider();
  });
  afterAll(() => fake.stop());

  it("creates an order with intent CAPTURE, a breakdown that adds up, items and a PayPal-Request-Id", async () => {
    const request = paymentRequest();
    const created = await paypal.createOrder(request);
    expect(created.id).toMatch(/^[A-Z0-9]+$/);
    expect(created.approveUrl).toContain(created.id);
    const sent = fake.requests.findLast((r) => r.path === "/v2/checkout/orders")!;
    expect(sent.headers["paypal-request-id"]).toBe(`create-${request.checkoutId}`);
    const body = JSON.parse(sent.body);
    expect(body.intent).toBe("CAPTURE");
    expect(body.purchase_units[0].amount).toEqual({
      currency_code: "USD",
      value: "67.19",
      breakdown: {
        item_total: { currency_code: "USD", value: "60.99" },
        shipping: { currency_code: "USD", value: "0.10" },
        tax_total: { currency_code: "USD", value: "6.10" },
      },
    });
    expect(body.purchase_units[0].items[0]).toMatchObject({
      name: "Linen dress",
      quantity: "2",
      unit_amount: { value: "25.50" },
      description: "Size: M, Color: Sand",
    });
    expect(body.purchase_units[0].custom_id).toBe(request.checkoutId);
  });

  it("asking twice for the same checkout replays the first order", async () => {
    const request = paymentRequest();
    const a = await paypal.createOrder(request);
    const b = await paypal.createOrder(request);
    expect(b.id).toBe(a.id);
  });

  it("caches the OAuth2 token until shortly before it expires, and renews a revoked one", async () => {
    const fresh = provider();
    const before = fake.tokensIssued();
    await fresh.createOrder(paymentRequest());
    await fresh.createOrder(paymentRequest());
    expect(fake.tokensIssued()).toBe(before + 1);
    clock += 32_400_000; // past expires_in
    await fresh.createOrder(paymentRequest());
    expect(fake.tokensIssued()).toBe(before + 2);
    fake.revokeTokens();
    await fresh.createOrder(paymentRequest());
    expect(fake.tokensIssued()).toBe(before + 3);
  });

  it("refuses to capture an order the buyer has not approved", async () => {
    const created = await paypal.createOrder(paymentRequest());
    const result = await paypal.captureOrder(created.id, "capture-1");
    expect(result).toEqual({ refused: true, issue: "ORDER_NOT_APPROVED" });
  });

  it("captures an approved order once, even when the capture is repeated with the same request id", async () => {
    const request = paymentRequest();
    const created = await paypal.createOrder(request);
    fake.approve(created.id);
    const first = (await paypal.captureOrder(created.id, `capture-${request.checkoutId}`)) as WalletOrder;
    const again = (await paypal.captureOrder(created.id, `capture-${request.checkoutId}`)) as WalletOrder;
    expect(first.status).toBe("COMPLETED");
    expect(first.capture).toMatchObject({ status: "COMPLETED", amountCents: 6719, currency: "USD" });
    expect(again.capture?.id).toBe(first.capture?.id);
    expect(isCompletedWalletPayment(first, { totalCents: 6719, currency: "USD" })).toBe(true);
    expect(isCompletedWalletPayment(first, { totalCents: 6718, currency: "USD" })).toBe(false);
    expect(isCompletedWalletPayment(first, { totalCents: 6719, currency: "EUR" })).toBe(false);
    const other = await paypal.captureOrder(created.id, "another-request-id");
    expect(other).toEqual({ refused: true, issue: "ORDER_ALREADY_CAPTURED" });
  });

  it.each([
    ["DECLINED", "DECLINED"],
    ["PENDING", "PENDING"],
  ] as const)("a %s capture is not a completed payment", async (outcome, captureStatus) => {
    const created = await paypal.createOrder(paymentRequest());
    fake.approve(created.id);
    fake.scriptCapture(created.id, outcome);
    const result = (await paypal.captureOrder(created.id, "c")) as WalletOrder;
    expect(result.status).toBe("COMPLETED");
    expect(result.capture?.status).toBe(captureStatus);
    expect(isCompletedWalletPayment(result, { totalCents: 6719, currency: "USD" })).toBe(false);
  });

  it("reports a declined instrument as a refusal", async () => {
    const created = await paypal.createOrder(paymentRequest());
    fake.approve(created.id);
    fake.scriptCapture(created.id, "INSTRUMENT_DECLINED");
    const result = await paypal.captureOrder(created.id, "c");
    expect(isWalletRefusal(result) && result.issue).toBe("INSTRUMENT_DECLINED");
  });

  it("throws a ProviderUnavailableError when the answer is lost, and the order can be looked up afterwards", async () => {
    const created = await paypal.createOrder(paymentRequest());
    fake.approve(created.id);
    fake.scriptCapture(created.id, "LOST_RESPONSE");
    await expect(paypal.captureOrder(created.id, "c")).rejects.toBeInstanceOf(ProviderUnavailableError);
    const looked = await paypal.getOrder(created.id);
    expect(isCompletedWalletPayment(looked!, { totalCents: 6719, currency: "USD" })).toBe(true);
  });

  it("returns null for an unknown order and throws on an outage", async () => {
    expect(await paypal.getOrder("NOSUCHORDER123")).toBeNull();
    fake.failNext(1);
    await expect(paypal.getOrder("NOSUCHORDER123")).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it("refunds a whole capture (no amount: never a part of it), once per request id", async () => {
    const created = await paypal.createOrder(paymentRequest());
    fake.approve(created.id);
    const captured = (await paypal.captureOrder(created.id, "c")) as WalletOrder;
    const before = fake.refunds.length;
    const refund = await paypal.refundCapture(captured.capture!.id, "refund-x");
    await paypal.refundCapture(captured.capture!.id, "refund-x");
    expect(refund.status).toBe("COMPLETED");
    expect(fake.refunds.length).toBe(before + 1);
    expect(fake.refunds.at(-1)).toMatchObject({
      requestedAmount: null,
      amount: { currency_code: "USD", value: "67.19" },
    });
    expect((await paypal.getOrder(created.id))?.capture?.status).toBe("REFUNDED");
  });

  it("reads the checkout reference back from the order and its capture (custom_id)", async () => {
    const request = paymentRequest();
    const created = await paypal.createOrder(request);
    expect((await paypal.getOrder(created.id))?.customId).toBe(request.checkoutId);
    fake.approve(created.id);
    const captured = (await paypal.captureOrder(created.id, "c2")) as WalletOrder;
    expect(captured.customId).toBe(request.checkoutId);
    const capture = (fake.orders.get(created.id)!.capture as { custom_id?: string } | undefined)?.custom_id;
    expect(capture).toBe(request.checkoutId);
  });
});

describe("Stripe provider through the official package against the fake", () => {
  let fake: FakeStripe;
  let stripe: ReturnType<typeof createStripeProvider>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = createStripeProvider({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.url,
      publicUrl: PUBLIC_URL,
    });
  });
  afterAll(() => fake.stop());

  it("creates a payment session whose total is the store's total, with the store's return URLs", async () => {
    const request = paymentRequest();
    const session = await stripe.createSession(request);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toContain(session.id);
    const stored = fake.sessions.get(session.id)!;
    expect(stored.amount_total).toBe(6719);
    expect(stored.client_reference_id).toBe(request.checkoutId);
    expect(stored.success_url).toBe(`${PUBLIC_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(stored.cancel_url).toBe(`${PUBLIC_URL}/payment-cancelled`);
    const sent = fake.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(sent.headers["idempotency-key"]).toBe(`session-${request.checkoutId}`);
    expect(sent.body).toContain("line_items[0][price_data][unit_amount]=2550");
  });

  it("replays the same session for the same checkout", async () => {
    const request = paymentRequest();
    const a = await stripe.createSession(request);
    const b = await stripe.createSession(request);
    expect(b.id).toBe(a.id);
  });

  it("retrieves sessions: unknown is null, paid carries the payment intent", async () => {
    expect(await stripe.retrieveSession("cs_test_madeup")).toBeNull();
    const request = paymentRequest();
    const { id } = await stripe.createSession(request);
    const open = (await stripe.retrieveSession(id))!;
    expect(isPaidCardSession(open, { checkoutId: request.checkoutId, totalCents: 6719, currency: "USD" })).toBe(false);
    fake.markPaid(id);
    const paid = (await stripe.retrieveSession(id))!;
    expect(paid.paymentRef).toMatch(/^pi_/);
    expect(isPaidCardSession(paid, { checkoutId: request.checkoutId, totalCents: 6719, currency: "USD" })).toBe(true);
    expect(isPaidCardSession(paid, { checkoutId: randomUUID(), totalCents: 6719, currency: "USD" })).toBe(false);

    const refund = await stripe.refund(paid.paymentRef!, `refund-${request.checkoutId}`);
    await stripe.refund(paid.paymentRef!, `refund-${request.checkoutId}`);
    expect(refund.status).toBe("succeeded");
    // No amount asked for: the whole payment goes back.
    expect(fake.refunds.filter((r) => r.payment_intent === paid.paymentRef)).toEqual([
      expect.objectContaining({ amount: 6719 }),
    ]);
  });

  it("expires an open session, and says so only for an open one", async () => {
    const open = await stripe.createSession(paymentRequest());
    expect(await stripe.expireSession(open.id)).toBe(true);
    expect((await stripe.retrieveSession(open.id))?.status).toBe("expired");
    expect(await stripe.expireSession(open.id)).toBe(false);
    const paid = await stripe.createSession(paymentRequest());
    fake.markPaid(paid.id);
    expect(await stripe.expireSession(paid.id)).toBe(false);
    expect((await stripe.retrieveSession(paid.id))?.paid).toBe(true);
  });

  it("verifies webhook signatures on the raw bytes", async () => {
    const { id } = await stripe.createSession(paymentRequest());
    fake.markPaid(id);
    const good = fake.webhook("checkout.session.completed", id);
    expect(stripe.verifyWebhook(Buffer.from(good.body), good.signature).type).toBe("checkout.session.completed");
    const changed = Buffer.from(good.body.replace('"livemode":false', '"livemode":true '));
    expect(() => stripe.verifyWebhook(changed, good.signature)).toThrow();
    const wrong = fake.webhook("checkout.session.completed", id, { secret: "whsec_wrong" });
    expect(() => stripe.verifyWebhook(Buffer.from(wrong.body), wrong.signature)).toThrow();
    const old = fake.webhook("checkout.session.completed", id, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => stripe.verifyWebhook(Buffer.from(old.body), old.signature)).toThrow();
    expect(() => stripe.verifyWebhook(Buffer.from(good.body), undefined)).toThrow();
  });

  it("throws a ProviderUnavailableError with a bad key", async () => {
    const bad = createStripeProvider({ secretKey: "sk_test_wrong", apiBase: fake.url, publicUrl: PUBLIC_URL });
    await expect(bad.createSession(paymentRequest())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
