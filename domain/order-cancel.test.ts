import { describe, expect, it } from "vitest";
import { cancellationNotice, piecesIn } from "./order-cancel";

const order = {
  number: "3F66AFA6",
  totalCents: 4410,
  paymentMethod: "stripe" as const,
  paymentId: "pi_123",
  items: [{ quantity: 2 }],
};

describe("cancellationNotice", () => {
  it("names the order, its amount and how it was paid", () => {
    const notice = cancellationNotice(order);
    expect(notice.title).toBe("Cancel order #3F66AFA6?");
    expect(notice.amount).toBe("$44.10, paid with card (Stripe)");
  });

  it.each([
    ["stripe", "in your Stripe account (payment pi_123)"],
    ["paypal", "in your PayPal account (payment pi_123)"],
  ] as const)("says plainly that no refund is made (%s)", (paymentMethod, where) => {
    const { payment } = cancellationNotice({ ...order, paymentMethod });
    expect(payment).toMatch(/^No refund is made/);
    expect(payment).toContain("$44.10 stays paid");
    expect(payment).toContain(where);
  });

  it.each([
    [[{ quantity: 1 }], "The 1 piece goes back into stock."],
    [[{ quantity: 2 }], "The 2 pieces go back into stock."],
    [[{ quantity: 2 }, { quantity: 3 }], "The 5 pieces go back into stock."],
  ])("says the stock goes back: %j", (items, stock) => {
    expect(cancellationNotice({ ...order, items }).stock).toBe(stock);
  });

  it("warns that the customer hears of it and that it is final", () => {
    expect(cancellationNotice(order).customer).toBe("The customer is emailed that the order is cancelled. This cannot be undone.");
  });
});

describe("piecesIn", () => {
  it.each([
    [[], 0],
    [[{ quantity: 4 }], 4],
    [[{ quantity: 1 }, { quantity: 9 }], 10],
  ])("%j -> %i", (items, n) => {
    expect(piecesIn(items)).toBe(n);
  });
});
