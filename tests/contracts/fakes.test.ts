import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paypalOrderBody } from "../../server/payments/providers/paypal/paypal";
import { createStripeProvider, stripeSessionParams } from "../../server/payments/providers/stripe/stripe";
import { type FakePaypal, startFakePaypal } from "../fakes/paypal";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe";
import { paymentRequest } from "../helpers/payment-request";
import { orderAmountProblems, paypalRequestProblems } from "./paypal";
import {
  decodeStripeForm,
  sessionParamProblems,
  signStripePayload,
  stripeContract,
  stripeEventProblems,
  verifyStripeSignature,
} from "./stripe";
import { assertNoContractViolations } from "./violations";

/**
 * The check against the providers' documents can fail: broken answers, requests and events are
 * caught, by the validator alone and through the fakes (which then fail the test that made them).
 */

const PUBLIC_URL = "https://shop.example";
const now = () => Math.floor(Date.now() / 1000);

/** A form body as the stripe package writes one (bracket notation). */
function form(params: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(params).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value !== null && typeof value === "object") return form(value as Record<string, unknown>, name);
    return [`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`];
  });
}

describe("the store's own requests, as built", () => {
  it("PayPal's create-order body passes the schema and the amount rules, with and without a discount", () => {
    for (const request of [
      paymentRequest(),
      paymentRequest({ discountCents: 610, discountCode: "TEN", totalCents: 6109 }),
    ]) {
      const body = JSON.stringify(paypalOrderBody(request, PUBLIC_URL, "Threadline"));
      const problems = paypalRequestProblems({
        method: "POST",
        path: "/v2/checkout/orders",
        query: new URLSearchParams(),
        headers: { "content-type": "application/json", "paypal-request-id": `create-${request.checkoutId}` },
        body,
      });
      expect(problems).toEqual([]);
    }
  });

  it("Stripe's session parameters pass the schema (decoded from the form) and the rules in words", () => {
    const params = stripeSessionParams(paymentRequest(), PUBLIC_URL);
    const decoded = decodeStripeForm(form(params as Record<string, unknown>).join("&"));
    expect(
      stripeContract.checkRequest("POST /v1/checkout/sessions", {
        params: {},
        headers: {},
        body: decoded,
      }),
    ).toEqual([]);
    expect(sessionParamProblems(decoded, now())).toEqual([]);
  });
});

describe("the rules PayPal states in words", () => {
  const unit = (amount: unknown, items?: unknown) => ({ purchase_units: [{ amount, ...(items ? { items } : {}) }] });
  const money = (value: string, currency_code = "USD") => ({ currency_code, value });
  const items = [{ name: "Dress", quantity: "2", unit_amount: money("25.50") }];

  it.each([
    [
      "a breakdown that adds up",
      unit(
        {
          ...money("56.20"),
          breakdown: { item_total: money("51.00"), tax_total: money("5.10"), shipping: money("0.10") },
        },
        items,
      ),
      [],
    ],
    [
      "a discount taken off",
      unit(
        {
          ...money("46.20"),
          breakdown: {
            item_total: money("51.00"),
            tax_total: money("5.10"),
            shipping: money("0.10"),
            discount: money("10.00"),
          },
        },
        items,
      ),
      [],
    ],
    [
      "a total that is not the sum",
      unit(
        {
          ...money("56.21"),
          breakdown: { item_total: money("51.00"), tax_total: money("5.10"), shipping: money("0.10") },
        },
        items,
      ),
      ["AMOUNT_MISMATCH"],
    ],
    [
      "an item total that is not Σ unit × quantity",
      unit({ ...money("25.50"), breakdown: { item_total: money("25.50") } }, items),
      ["ITEM_TOTAL_MISMATCH"],
    ],
    ["items without an item total", unit({ ...money("51.00") }, items), ["ITEM_TOTAL_REQUIRED"]],
    ["three decimals", unit(money("1.005")), ["DECIMAL_PRECISION"]],
    [
      "two currencies",
      unit({ ...money("51.00"), breakdown: { item_total: money("51.00", "EUR") } }),
      ["MULTI_CURRENCY_ORDER"],
    ],
    ["nothing to pay", unit(money("0.00")), [undefined]],
  ])("%s", (_name, body, issues) => {
    expect(orderAmountProblems(body).map((problem) => problem.issue)).toEqual(issues);
  });
});

describe("the rules Stripe states in words", () => {
  it.each([
    ["in an hour", 3600, []],
    ["in 30 minutes", 1800, []],
    ["in 24 hours", 86_400, []],
    ["in 29 minutes", 29 * 60, ["expires_at is 1740 s after creation; Stripe takes 30 minutes to 24 hours"]],
    ["in 25 hours", 25 * 3600, ["expires_at is 90000 s after creation; Stripe takes 30 minutes to 24 hours"]],
  ])("expires_at %s", (_name, after, problems) => {
    const at = now();
    expect(sessionParamProblems({ mode: "payment", expires_at: String(at + after) }, at)).toEqual(problems);
  });

  it("names a relative picture address, an upper-case currency and overlong metadata", () => {
    const params = decodeStripeForm(
      "mode=payment&line_items[0][price_data][currency]=USD&line_items[0][price_data][product_data][images][0]=/media/x&metadata[checkoutId]=" +
        "x".repeat(501),
    );
    expect(sessionParamProblems(params, now())).toEqual([
      "line_items[0].price_data.currency USD is not a lowercase ISO code",
      "line_items[0] image /media/x is not an absolute URL",
      "metadata.checkoutId is longer than 500 characters",
    ]);
  });
});

describe("Stripe's form encoding", () => {
  it("decodes bracket notation into the nested parameters Stripe reads", () => {
    expect(
      decodeStripeForm(
        "mode=payment&line_items[0][quantity]=2&line_items[0][price_data][product_data][images][0]=https%3A%2F%2Fa%2Fb.jpg&line_items[1][quantity]=1&metadata[checkoutId]=c1",
      ),
    ).toEqual({
      mode: "payment",
      line_items: [{ quantity: "2", price_data: { product_data: { images: ["https://a/b.jpg"] } } }, { quantity: "1" }],
      metadata: { checkoutId: "c1" },
    });
  });

  it("finds a parameter the document does not name", () => {
    const problems = stripeContract.checkRequest("POST /v1/refunds", {
      params: {},
      headers: {},
      body: decodeStripeForm("payment_intent=pi_1&amount=100&reason=requested_by_customer&refund_everything=true"),
    });
    expect(problems).toEqual([
      "POST /v1/refunds: request (body) must NOT have additional properties: refund_everything",
    ]);
    // Where the document leaves an object open, the walk over the fields names it.
    expect(stripeContract.unknownFields({ type: "object", properties: { a: {} } }, { a: 1, b: 2 }, "")).toEqual([
      "/b is not a field the document names",
    ]);
  });
});

describe("Stripe-Signature, from Stripe's description of it", () => {
  const secret = "whsec_contract_test";
  const body = JSON.stringify({ id: "evt_1", object: "event" });

  it("agrees with the header the stripe package makes", () => {
    const t = now();
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t });
    expect(header).toBe(signStripePayload(body, secret, t));
    expect(verifyStripeSignature(header, body, secret, t)).toBe("valid");
  });

  it.each([
    ["another secret", (t: number) => signStripePayload(body, "whsec_other", t), body, "mismatch"],
    ["a changed body", (t: number) => signStripePayload(body, secret, t), `${body} `, "mismatch"],
    ["an old timestamp", (t: number) => signStripePayload(body, secret, t - 301), body, "too old"],
    ["no v1", (t: number) => `t=${t}`, body, "malformed"],
  ])("refuses %s", (_name, sign, received, verdict) => {
    const t = now();
    expect(verifyStripeSignature(sign(t), received, secret, t)).toBe(verdict);
  });
});

describe("through the fakes", () => {
  let paypal: FakePaypal;
  let stripe: FakeStripe;

  beforeAll(async () => {
    [paypal, stripe] = await Promise.all([startFakePaypal(), startFakeStripe()]);
  });
  afterAll(async () => {
    await Promise.all([paypal.stop(), stripe.stop()]);
  });

  const store = () => createStripeProvider({ secretKey: stripe.secretKey, apiBase: stripe.url, publicUrl: PUBLIC_URL });

  async function paypalToken(): Promise<string> {
    const basic = Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString("base64");
    const res = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it("a broken answer from the fake Stripe fails the test that got it", async () => {
    const session = await store().createSession(paymentRequest());
    assertNoContractViolations();
    // Deliberately broken: "paid" is not a status of a Checkout Session.
    (stripe.sessions.get(session.id) as { status: string }).status = "paid";
    await store().retrieveSession(session.id);
    expect(() => assertNoContractViolations()).toThrow(
      /Stripe: GET \/v1\/checkout\/sessions\/\{session\}: answer 200 \/status must be equal to one of the allowed values/,
    );
  });

  it("a broken answer from the fake PayPal fails the test that got it", async () => {
    const id = paypal.createInBrowser({ value: "10.00" });
    paypal.orders.get(id)!.status = "PAID";
    const res = await fetch(`${paypal.url}/v2/checkout/orders/${id}`, {
      headers: { authorization: `Bearer ${await paypalToken()}` },
    });
    expect(res.status).toBe(200);
    expect(() => assertNoContractViolations()).toThrow(
      /PayPal: GET \/v2\/checkout\/orders\/\{id\}: answer 200 \/status/,
    );
  });

  it("an order whose amounts do not add up is refused as PayPal does, and fails the test", async () => {
    const res = await fetch(`${paypal.url}/v2/checkout/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${await paypalToken()}`, "content-type": "application/json" },
      body: JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [
          {
            amount: {
              currency_code: "USD",
              value: "10.00",
              breakdown: { item_total: { currency_code: "USD", value: "9.00" } },
            },
          },
        ],
      }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      name: "UNPROCESSABLE_ENTITY",
      details: [{ issue: "AMOUNT_MISMATCH", description: expect.stringContaining("item_total + tax_total") }],
    });
    expect(() => assertNoContractViolations()).toThrow(/AMOUNT_MISMATCH|is not item_total \+ tax_total/);
  });

  it("a session that would expire too soon is refused as Stripe does, and fails the test", async () => {
    const old = paymentRequest({ createdAt: new Date(Date.now() - 40 * 60_000) });
    await expect(store().createSession(old)).rejects.toThrow(/expires_at is \d+ s after creation/);
    expect(() => assertNoContractViolations()).toThrow(/Stripe takes 30 minutes to 24 hours/);
  });

  it("every POST the store sends to Stripe carries its own Idempotency-Key", async () => {
    const provider = store();
    const before = stripe.requests.length;
    const session = await provider.createSession(paymentRequest());
    await provider.expireSession(session.id);
    const paid = await provider.createSession(paymentRequest());
    const { payment_intent } = stripe.markPaid(paid.id);
    await provider.refund(payment_intent!, `refund-${randomUUID()}`, 100);
    const posts = stripe.requests.slice(before).filter((r) => r.method === "POST");
    expect(posts.map((r) => r.path.replace(/cs_test_\w+/, "{session}"))).toEqual([
      "/v1/checkout/sessions",
      "/v1/checkout/sessions/{session}/expire",
      "/v1/checkout/sessions",
      "/v1/refunds",
    ]);
    for (const post of posts) expect(post.headers["idempotency-key"]).toMatch(/^(session|expire|refund)-/);
  });

  it("a webhook event the fake sends is an Event per the document; a broken one is not", async () => {
    const session = await store().createSession(paymentRequest());
    const { body, signature } = stripe.webhook("checkout.session.completed", session.id);
    expect(stripeEventProblems(body)).toEqual([]);
    expect(verifyStripeSignature(signature, body, stripe.webhookSecret, now())).toBe("valid");
    const broken = JSON.parse(body) as { data: { object: Record<string, unknown> }; livemode?: unknown };
    delete broken.data.object.expires_at;
    broken.livemode = "no";
    expect(stripeEventProblems(JSON.stringify(broken))).toEqual([
      "event: /livemode must be boolean",
      "data.object: checkout.session: (body) must have required property 'expires_at'",
    ]);
  });
});
