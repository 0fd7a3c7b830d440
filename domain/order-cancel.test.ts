import { describe, expect, it } from "vitest";
import { cancellationNotice, customerCancellationNotice, piecesIn } from "./order-cancel";

const order = {
  number: "3F66AFA6",
  totalCents: 4410,
  paymentMethod: "stripe" as const,
  paymentId: "pi_123",
  items: [{ title: "Shirt", priceCents: 2000, quantity: 2 }],
};

describe("cancellationNotice", () => {
  it("names the order, its amount and how it was paid", () => {
    const notice = cancellationNotice(order);
    expect(notice.title).toBe("Cancel order #3F66AFA6?");
    expect(notice.amount).toBe("$44.10, paid with card (Stripe)");
  });

  it.each([
    [{}, "$44.10 is refunded to their card through Stripe, payment pi_123."],
    [
      { paymentMethod: "paypal" as const },
      "$44.10 is refunded to their PayPal account through PayPal, payment pi_123.",
    ],
    [{ sandbox: true }, "$44.10 is refunded to their card through the sandbox (no real money), payment pi_123."],
    [
      { refunds: [{ amountCents: 2205, lines: [{ index: 0, quantity: 1 }] }] },
      "$22.05 is refunded to their card through Stripe, payment pi_123; $22.05 was refunded earlier.",
    ],
  ])("says the money not refunded yet goes back through the provider: %j", (change, payment) => {
    expect(cancellationNotice({ ...order, ...change }).payment).toBe(payment);
  });

  it.each([
    [[{ title: "A", priceCents: 1, quantity: 1 }], [], "The 1 piece goes back into stock."],
    [[{ title: "A", priceCents: 1, quantity: 2 }], [], "The 2 pieces go back into stock."],
    [
      [
        { title: "A", priceCents: 1, quantity: 2 },
        { title: "B", priceCents: 1, quantity: 3 },
      ],
      [],
      "The 5 pieces go back into stock.",
    ],
    [
      [
        { title: "A", priceCents: 1, quantity: 2 },
        { title: "B", priceCents: 1, quantity: 3 },
      ],
      [{ amountCents: 1, lines: [{ index: 1, quantity: 3 }] }],
      "The 2 pieces go back into stock.",
    ],
    [
      [{ title: "A", priceCents: 1, quantity: 2 }],
      [{ amountCents: 1, lines: [{ index: 0, quantity: 2 }] }],
      "No pieces go back into stock: they were all returned already.",
    ],
  ])("says the pieces not returned yet go back: %j %j", (items, refunds, stock) => {
    expect(cancellationNotice({ ...order, items, refunds }).stock).toBe(stock);
  });

  it("warns that the customer hears of it and that it is final", () => {
    expect(cancellationNotice(order).customer).toBe(
      "The customer is emailed that the order is cancelled and refunded. This cannot be undone.",
    );
  });

  it("counts pieces", () => {
    expect(piecesIn([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
  });
});

describe("customerCancellationNotice", () => {
  it.each([
    [{}, "We will refund $44.10 to your card."],
    [{ paymentMethod: "paypal" as const }, "We will refund $44.10 to your PayPal account."],
  ])("tells the customer what comes back: %j", (change, start) => {
    const notice = customerCancellationNotice({ ...order, ...change });
    expect(notice.body.startsWith(start)).toBe(true);
    expect(notice.body).toContain("This cannot be undone.");
  });
});
