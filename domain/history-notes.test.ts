import { describe, expect, it } from "vitest";
import { restockNote, shopperHistory, shopperNote } from "./history-notes";

describe("restockNote", () => {
  it.each([
    [0, ""],
    [1, "; 1 piece back in stock"],
    [6, "; 6 pieces back in stock"],
  ])("%i pieces → %j", (pieces, note) => {
    expect(restockNote(pieces)).toBe(note);
  });
});

describe("shopperNote: the stock part is the administrator's", () => {
  it.each([
    [
      "Wrong size — Refunded $21.99 for 1 × Return Tee; 1 piece back in stock.",
      "Wrong size — Refunded $21.99 for 1 × Return Tee.",
    ],
    [
      "Refunded $110.28 in full (order cancelled): 2 × Shirt; 6 pieces back in stock.",
      "Refunded $110.28 in full (order cancelled): 2 × Shirt.",
    ],
    [`Refunded $5.00 for 1 × Socks${restockNote(3)}.`, "Refunded $5.00 for 1 × Socks."],
    ["Refunded $5.00 for 1 × Socks.", "Refunded $5.00 for 1 × Socks."],
    ["Order shipped", "Order shipped"],
    // Only the refund's own ending: the same words typed elsewhere by the administrator stay.
    [
      "Customer asked: 2 pieces back in stock? — Order delivered",
      "Customer asked: 2 pieces back in stock? — Order delivered",
    ],
    ["", ""],
  ])("%j → %j", (note, shown) => {
    expect(shopperNote(note)).toBe(shown);
  });

  it("maps a whole history, keeping every other field", () => {
    const entries = [
      { status: "placed", timestamp: "2026-01-01T00:00:00.000Z", note: "Order placed successfully" },
      {
        status: "shipped",
        timestamp: "2026-01-02T00:00:00.000Z",
        note: "Refunded $1.00 for 1 × A; 1 piece back in stock.",
      },
    ];
    expect(shopperHistory(entries)).toEqual([entries[0], { ...entries[1], note: "Refunded $1.00 for 1 × A." }]);
  });
});
