import { describe, expect, it } from "vitest";
import { paypalOrderBody, readPaypalOrder } from "./paypal/paypal";
import { stripeSessionParams } from "./stripe/stripe";
import type { PaymentRequest, WalletOrder } from "./paypal/types";
import { observePaypalOrder } from "./paypal";
import { observeSession } from "./stripe";
import type { CardSession } from "./stripe/types";
import { ProviderUnavailableError } from "../../../domain/errors";
import { paysCheckout } from "../../../domain/payment-decision";

const request: PaymentRequest = {
  checkoutId: "7d1f3b8e-2c4a-4f6e-9b1d-3e5f7a9c1b2d",
  lines: [
    {
      productId: "p1",
      title: "T".repeat(200),
      imageUrls: ["/media/x.webp"],
      selectedSize: "S",
      color: null,
      quantity: 3,
      unitPriceCents: 1999,
      lineTotalCents: 5997,
    },
  ],
  subtotalCents: 5997,
  taxCents: 600,
  shippingCents: 10,
  totalCents: 6607,
  currency: "USD",
  shippingAddress: {
    name: "A",
    street: "S",
    city: "C",
    state: "ST",
    zipCode: "Z",
    country: "United States",
    phone: "1",
  },
  customerEmail: "a@example.com",
  createdAt: new Date("2026-01-01T00:00:00Z"),
};

describe("paypalOrderBody", () => {
  const body = paypalOrderBody(request, "https://shop.example", "Threadline");
  const unit = body.purchase_units[0];

  it("breaks the total down into item total, shipping and tax that add up", () => {
    expect(unit.amount.value).toBe("66.07");
    const parts = Object.values(unit.amount.breakdown).map((m) => Math.round(Number(m.value) * 100));
    expect(parts.reduce((a, b) => a + b, 0)).toBe(6607);
    expect(unit.items[0].quantity).toBe("3");
    expect(unit.items[0].unit_amount.value).toBe("19.99");
  });

  it("clips names to PayPal's 127 characters and references the checkout", () => {
    expect(unit.items[0].name.length).toBe(127);
    expect(unit.custom_id).toBe(request.checkoutId);
    expect(unit.invoice_id).toBe(request.checkoutId);
    expect(body.intent).toBe("CAPTURE");
  });
});

describe("readPaypalOrder", () => {
  it("reads the first capture and its amount in cents", () => {
    const order = readPaypalOrder({
      id: "ABC",
      status: "COMPLETED",
      purchase_units: [
        {
          payments: {
            captures: [{ id: "CAP", status: "COMPLETED", amount: { value: "66.07", currency_code: "USD" } }],
          },
        },
      ],
    });
    expect(order).toEqual({
      id: "ABC",
      status: "COMPLETED",
      customId: null,
      payee: null,
      capture: { id: "CAP", status: "COMPLETED", amountCents: 6607, currency: "USD" },
    });
  });

  it.each([
    [
      "on the purchase unit",
      [
        {
          custom_id: "checkout-1",
          payments: { captures: [{ id: "C", status: "COMPLETED", custom_id: "checkout-2" }] },
        },
      ],
      "checkout-1",
    ],
    [
      "on the capture only",
      [{ payments: { captures: [{ id: "C", status: "COMPLETED", custom_id: "checkout-2" }] } }],
      "checkout-2",
    ],
    ["nowhere", [{}], null],
    ["not a string", [{ custom_id: 42 }], null],
  ])("reads the checkout reference (custom_id) %s", (_where, units, expected) => {
    expect(readPaypalOrder({ id: "A", status: "COMPLETED", purchase_units: units }).customId).toBe(expected);
  });

  it.each([{}, null, { id: 1, status: "COMPLETED" }, { id: "A" }])(
    "refuses a reply without id or status: %j",
    (reply) => {
      expect(() => readPaypalOrder(reply)).toThrow(ProviderUnavailableError);
    },
  );

  it("treats an unreadable amount as no amount", () => {
    const order = readPaypalOrder({
      id: "A",
      status: "COMPLETED",
      purchase_units: [{ payments: { captures: [{ id: "C", status: "COMPLETED", amount: { value: "1e3" } }] } }],
    });
    expect(order.capture?.amountCents).toBeNull();
  });
});

describe("a PayPal order as an observation: paid for exactly the checkout, or not", () => {
  const checkout = { id: "checkout-1", status: "pending" as const, totalCents: 6607, currency: "USD" };
  const completed: WalletOrder = {
    id: "A",
    status: "COMPLETED",
    customId: "checkout-1",
    payee: null,
    capture: { id: "C", status: "COMPLETED", amountCents: 6607, currency: "USD" },
  };
  it.each([
    ["completed order and capture, right amount", completed, true],
    ["naming another checkout", { ...completed, customId: "checkout-2" }, false],
    ["order APPROVED", { ...completed, status: "APPROVED" }, false],
    ["capture DECLINED", { ...completed, capture: { ...completed.capture!, status: "DECLINED" } }, false],
    ["capture PENDING", { ...completed, capture: { ...completed.capture!, status: "PENDING" } }, false],
    ["no capture", { ...completed, capture: null }, false],
    ["one cent short", { ...completed, capture: { ...completed.capture!, amountCents: 6606 } }, false],
    ["unreadable amount", { ...completed, capture: { ...completed.capture!, amountCents: null } }, false],
    ["other currency", { ...completed, capture: { ...completed.capture!, currency: "EUR" } }, false],
  ])("%s: %s", (_name, order, ok) => {
    const seen = observePaypalOrder(order as WalletOrder, true);
    expect(seen.state === "paid" && paysCheckout(seen, checkout)).toBe(ok);
  });

  it.each([
    ["APPROVED", null, "open"],
    ["CREATED", null, "open"],
    ["VOIDED", null, "expired"],
    ["COMPLETED", "COMPLETED", "paid"],
    ["COMPLETED", "PENDING", "pending"],
    ["COMPLETED", "DECLINED", "failed"],
    ["COMPLETED", "REFUNDED", "failed"],
  ])("order %s, capture %s: %s", (status, captureStatus, state) => {
    const capture = captureStatus ? { ...completed.capture!, status: captureStatus } : null;
    expect(observePaypalOrder({ ...completed, status, capture }, true).state).toBe(state);
  });

  it("the payee check is reported, not decided here", () => {
    expect(observePaypalOrder(completed, false)).toMatchObject({ state: "paid", toStore: false, paymentRef: "C" });
  });
});

describe("a Checkout Session as an observation", () => {
  const session: CardSession = {
    id: "cs_1",
    url: null,
    status: "complete",
    paid: true,
    amountTotalCents: 6607,
    currency: "USD",
    checkoutId: "checkout-1",
    paymentRef: "pi_1",
  };
  it.each([
    ["paid", session, "paid"],
    ["complete, payment processing", { ...session, paid: false }, "pending"],
    ["open", { ...session, status: "open", paid: false }, "open"],
    ["expired", { ...session, status: "expired", paid: false }, "expired"],
  ])("%s: %s", (_name, value, state) => {
    expect(observeSession(value as CardSession)).toMatchObject({ state, toStore: true, checkoutId: "checkout-1" });
  });
});

describe("stripeSessionParams", () => {
  const params = stripeSessionParams(request, "https://shop.example");

  it("charges exactly the store's total: items, a tax line and the flat shipping", () => {
    const items = params.line_items!.reduce((sum, item) => sum + item.price_data!.unit_amount! * item.quantity!, 0);
    const shipping = params.shipping_options![0].shipping_rate_data!.fixed_amount!.amount;
    expect(items + shipping).toBe(6607);
    expect(params.mode).toBe("payment");
    expect(params.client_reference_id).toBe(request.checkoutId);
  });

  it("returns to the store's payment result pages and makes images absolute", () => {
    expect(params.success_url).toBe("https://shop.example/payment-success?session_id={CHECKOUT_SESSION_ID}");
    expect(params.cancel_url).toBe("https://shop.example/payment-cancelled");
    expect(params.line_items![0].price_data!.product_data!.images).toEqual(["https://shop.example/media/x.webp"]);
  });

  it("is the same request every time for the same checkout (so the idempotency key replays it)", () => {
    expect(stripeSessionParams(request, "https://shop.example")).toEqual(params);
  });
});

describe("a request with a discount code (docs/decisions/034-discount-codes.md)", () => {
  // 15 % of $59.97 is $9.00 (899.55 rounded half up); tax 10 % of $50.97 is $5.10; total $56.17.
  const discounted: PaymentRequest = {
    ...request,
    discountCents: 900,
    discountCode: "SAVE15",
    taxCents: 510,
    totalCents: 5617,
  };

  it("tells PayPal the discount in the breakdown: items − discount + tax + shipping is the total", () => {
    const unit = paypalOrderBody(discounted, "https://shop.example", "Threadline").purchase_units[0];
    const cents = (m: { value: string } | undefined) => Math.round(Number(m?.value ?? 0) * 100);
    const b = unit.amount.breakdown as Record<string, { value: string }>;
    expect(cents(b.discount)).toBe(900);
    expect(cents(b.item_total) - cents(b.discount) + cents(b.tax_total) + cents(b.shipping)).toBe(5617);
    expect(unit.amount.value).toBe("56.17");
  });

  it("charges Stripe the discounted items as one line naming the code, then tax and shipping: exactly the total", () => {
    const params = stripeSessionParams(discounted, "https://shop.example");
    const items = params.line_items!.reduce((sum, item) => sum + item.price_data!.unit_amount! * item.quantity!, 0);
    expect(items + params.shipping_options![0].shipping_rate_data!.fixed_amount!.amount!).toBe(5617);
    expect(params.line_items).toHaveLength(2);
    expect(params.line_items![0].price_data!.product_data!.name).toBe("Your items, discount SAVE15 −$9.00");
    expect(params.line_items![0].price_data!.product_data!.description).toBe(`3 × ${"T".repeat(200)}`.slice(0, 250));
    expect(params.line_items![0].price_data!.unit_amount).toBe(5097);
  });

  it("leaves a request without a discount as it was", () => {
    expect(
      paypalOrderBody(request, "https://shop.example", "Threadline").purchase_units[0].amount.breakdown,
    ).not.toHaveProperty("discount");
  });
});
