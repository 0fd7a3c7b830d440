import { describe, expect, it } from "vitest";
import {
  allowedNextStatuses,
  canTransition,
  defaultStatusNote,
  hasShipped,
  INITIAL_ORDER_NOTE,
  INITIAL_ORDER_STATUS,
  isFinal,
  isOrderStatus,
  isPending,
  ORDER_STATUSES,
  type OrderStatus,
  PENDING_STATUSES,
} from "./order-status";

// The table of docs/product.md §4, written out again by hand so the test does not read the code's own table.
const ALLOWED: Record<OrderStatus, OrderStatus[]> = {
  placed: ["confirmed", "processing", "cancelled"],
  confirmed: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["out_for_delivery", "delivered"],
  out_for_delivery: ["delivered"],
  delivered: [],
  cancelled: [],
};

const pairs = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.map((to) => ({ from, to, allowed: ALLOWED[from].includes(to) })),
);

describe("order status transitions (all 7×7 pairs)", () => {
  it("covers 49 pairs", () => expect(pairs).toHaveLength(49));

  it.each(pairs)("$from -> $to is allowed: $allowed", ({ from, to, allowed }) => {
    expect(canTransition(from, to)).toBe(allowed);
    expect(allowedNextStatuses(from).includes(to)).toBe(allowed);
  });

  it("never allows staying in the same status", () => {
    for (const s of ORDER_STATUSES) expect(canTransition(s, s)).toBe(false);
  });
});

describe("final and pending statuses", () => {
  it.each([
    ["placed", false, true],
    ["confirmed", false, true],
    ["processing", false, true],
    ["shipped", false, false],
    ["out_for_delivery", false, false],
    ["delivered", true, false],
    ["cancelled", true, false],
  ] as const)("%s: final %s, pending %s", (status, final, pending) => {
    expect(isFinal(status)).toBe(final);
    expect(isPending(status)).toBe(pending);
    expect(PENDING_STATUSES.includes(status)).toBe(pending);
  });
});

describe("shipped statuses (decision 039)", () => {
  it.each([
    ["placed", false],
    ["confirmed", false],
    ["processing", false],
    ["shipped", true],
    ["out_for_delivery", true],
    ["delivered", true],
    ["cancelled", false],
  ] as const)("%s: shipped %s", (status, shipped) => {
    expect(hasShipped(status)).toBe(shipped);
  });

  it("never goes back: every status after a shipped one is shipped too", () => {
    for (const from of ORDER_STATUSES.filter(hasShipped))
      for (const to of ORDER_STATUSES)
        if (canTransition(from, to)) expect([from, to, hasShipped(to)]).toEqual([from, to, true]);
  });
});

describe("other rules", () => {
  it("starts orders as placed with its documented note", () => {
    expect(INITIAL_ORDER_STATUS).toBe("placed");
    expect(INITIAL_ORDER_NOTE).toBe("Order placed successfully");
  });

  it("writes the default note 'Order {status}'", () => {
    expect(defaultStatusNote("shipped")).toBe("Order shipped");
  });

  it.each([
    ["placed", true],
    ["out_for_delivery", true],
    ["Placed", false],
    ["refunded", false],
    ["", false],
    [undefined, false],
    [3, false],
  ])("isOrderStatus(%j) is %s", (value, expected) => {
    expect(isOrderStatus(value)).toBe(expected);
  });
});
