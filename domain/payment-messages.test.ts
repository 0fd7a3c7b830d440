import { describe, expect, it } from "vitest";
import { sandboxOrderMessages } from "./payment-messages";

describe("sandbox order texts", () => {
  it.each([
    ["$44.10", 1, "Sandbox orders are not counted: $44.10 over 1 order, no real money."],
    ["$1,234.00", 12, "Sandbox orders are not counted: $1,234.00 over 12 orders, no real money."],
  ])("revenue apart: %s over %i", (amount, orders, expected) => {
    expect(sandboxOrderMessages.revenueApart(amount, orders)).toBe(expected);
  });

  it.each([
    [1, "Including 1 sandbox order."],
    [3, "Including 3 sandbox orders."],
  ])("orders including %i", (orders, expected) => {
    expect(sandboxOrderMessages.ordersIncluding(orders)).toBe(expected);
  });
});
