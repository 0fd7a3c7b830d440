import { describe, expect, it } from "vitest";
import { PAYMENT_OUTCOMES, type PaymentResult } from "../../../domain/payment-contract";
import { outcomeTitle, placedOrderPath, reactionTo } from "./payment-outcome";

/** The page's one reaction to the one outcome vocabulary, for both buttons and the card's confirmation page. */

const ORDER = "33333333-3333-4333-8333-333333333333";
const result = (fields: Partial<PaymentResult>): PaymentResult => ({
  outcome: "paid",
  id: "SANDBOX1",
  status: "COMPLETED",
  ...fields,
});

describe("reactionTo", () => {
  it.each<[string, PaymentResult, ReturnType<typeof reactionTo>]>([
    ["paid: the order", result({ orderId: ORDER }), { kind: "paid", orderId: ORDER }],
    ["paid without the order's id: still paid", result({}), { kind: "paid", orderId: null }],
    [
      "pending: the server's sentence, told as news",
      result({ outcome: "pending", status: "PENDING", message: "PayPal payment not completed" }),
      { kind: "notice", outcome: "pending", tone: "info", text: "PayPal payment not completed" },
    ],
    [
      "refused without a sentence: the caller's",
      result({ outcome: "refused", status: "DECLINED" }),
      { kind: "notice", outcome: "refused", tone: "error", text: "PayPal payment not completed" },
    ],
    [
      "refunded: the server's reason",
      result({ outcome: "refunded", code: "out_of_stock", message: "Sorry, it sold out. Refunded." }),
      { kind: "notice", outcome: "refunded", tone: "error", text: "Sorry, it sold out. Refunded." },
    ],
    [
      "expired",
      result({ outcome: "expired", status: "EXPIRED" }),
      { kind: "notice", outcome: "expired", tone: "error", text: "PayPal payment not completed" },
    ],
  ])("%s", (_name, answer, expected) => {
    expect(reactionTo(answer, "PayPal payment not completed")).toEqual(expected);
  });

  it("has its own sentence for every outcome that is not an order", () => {
    for (const outcome of PAYMENT_OUTCOMES.filter((o) => o !== "paid")) {
      const reaction = reactionTo(result({ outcome }));
      expect(reaction.kind === "notice" && reaction.text.length > 10, outcome).toBe(true);
    }
  });
});

describe("the confirmation's title", () => {
  it("is the brief's for a paid order and one plain title otherwise", () => {
    expect(outcomeTitle("paid")).toBe("Payment Successful!");
    for (const outcome of ["pending", "refused", "expired", "refunded"] as const)
      expect(outcomeTitle(outcome)).toBe("Payment not completed");
  });
});

describe("placedOrderPath", () => {
  it("is My Orders with the placed order on top, or just My Orders", () => {
    expect(placedOrderPath(ORDER)).toBe(`/orders?placed=${ORDER}`);
    expect(placedOrderPath(null)).toBe("/orders");
  });
});
