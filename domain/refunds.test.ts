import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus } from "./order-status";
import {
  customerMayCancel,
  type EarlierRefund,
  paidCents,
  piecesRefundRefusal,
  piecesRefundWay,
  quoteCancellation,
  quoteItemCancellation,
  quoteReturn,
  type RefundableOrder,
  type RefundLine,
  readRefundForm,
  refundMessages,
  refundSummary,
  remainingQuantities,
} from "./refunds";

/** Three lines: 2 × $25.00, 1 × $19.99, 3 × $7.33 = $91.98; tax 10 % = $9.20; shipping $5.99. */
const order: RefundableOrder = {
  status: "delivered",
  items: [
    { title: "Linen Shirt", priceCents: 2500, quantity: 2 },
    { title: "Cotton Tee", priceCents: 1999, quantity: 1 },
    { title: "Wool Socks", priceCents: 733, quantity: 3 },
  ],
  subtotalCents: 9198,
  taxCents: 920,
  shippingCents: 599,
};

const ret = (lines: RefundLine[], amountCents: number): EarlierRefund => ({ kind: "return", lines, amountCents });

function amountOf(check: ReturnType<typeof quoteReturn>): number {
  if (!check.ok) throw new Error(check.message);
  return check.quote.amountCents;
}

describe("quoteReturn: a line's share of the goods and of the tax", () => {
  it.each([
    ["one shirt", [{ index: 0, quantity: 1 }], 2500, 250],
    ["both shirts", [{ index: 0, quantity: 2 }], 5000, 500],
    ["the tee", [{ index: 1, quantity: 1 }], 1999, 200],
    ["one pair of socks", [{ index: 2, quantity: 1 }], 733, 73],
    [
      "a shirt and a tee",
      [
        { index: 0, quantity: 1 },
        { index: 1, quantity: 1 },
      ],
      4499,
      450,
    ],
    [
      "everything",
      [
        { index: 0, quantity: 2 },
        { index: 1, quantity: 1 },
        { index: 2, quantity: 3 },
      ],
      9198,
      920,
    ],
  ])("%s", (_name, lines, goods, tax) => {
    const check = quoteReturn(order, [], lines);
    expect(check).toEqual({
      ok: true,
      quote: { amountCents: goods + tax, goodsCents: goods, taxCents: tax, shippingCents: 0, lines },
    });
  });

  it("takes a discount off the goods before their share, and the tax stays as charged (contract 3)", () => {
    // $10.00 off: goods 9198 − 1000 = 8198; tax was charged on that: 820.
    const discounted = { ...order, discountCents: 1000, taxCents: 820 };
    const check = quoteReturn(discounted, [], [{ index: 0, quantity: 1 }]);
    expect(check).toMatchObject({ ok: true, quote: { goodsCents: 2228, taxCents: 223, amountCents: 2451 } });
    expect(paidCents(discounted)).toBe(8198 + 820 + 599);
  });

  it.each([
    [
      "line by line",
      [
        [0, 1],
        [0, 1],
        [1, 1],
        [2, 1],
        [2, 1],
        [2, 1],
      ],
    ],
    [
      "socks first",
      [
        [2, 1],
        [2, 1],
        [2, 1],
        [1, 1],
        [0, 1],
        [0, 1],
      ],
    ],
    [
      "odd groups",
      [
        [2, 2],
        [0, 1],
        [2, 1],
        [1, 1],
        [0, 1],
      ],
    ],
  ])("refunding every piece one by one (%s) adds up to exactly the total minus shipping", (_name, steps) => {
    for (const discountCents of [0, 1000, 333]) {
      const o = { ...order, discountCents, taxCents: Math.round((order.subtotalCents - discountCents) / 10) };
      const earlier: EarlierRefund[] = [];
      for (const [index, quantity] of steps as [number, number][]) {
        const amount = amountOf(quoteReturn(o, earlier, [{ index, quantity }]));
        earlier.push(ret([{ index, quantity }], amount));
      }
      const total = earlier.reduce((sum, r) => sum + r.amountCents, 0);
      expect(total).toBe(paidCents(o) - o.shippingCents);
      // A cancellation afterwards gives back the shipping only.
      expect(quoteCancellation(o, earlier)).toMatchObject({
        ok: true,
        quote: { amountCents: o.shippingCents, shippingCents: o.shippingCents, lines: [] },
      });
    }
  });

  it("never refunds more than what remains unrefunded", () => {
    // Earlier refunds (recorded under another rule, or by hand) took almost everything.
    const earlier = [ret([{ index: 0, quantity: 1 }], paidCents(order) - 100)];
    expect(amountOf(quoteReturn(order, earlier, [{ index: 1, quantity: 1 }]))).toBe(100);
    const all = [ret([{ index: 0, quantity: 1 }], paidCents(order))];
    expect(amountOf(quoteReturn(order, all, [{ index: 1, quantity: 1 }]))).toBe(0);
  });

  const refused: [string, RefundableOrder, EarlierRefund[], RefundLine[], string][] = [
    ["a cancelled order", { ...order, status: "cancelled" }, [], [{ index: 0, quantity: 1 }], refundMessages.cancelled],
    ["nothing chosen", order, [], [], refundMessages.nothingChosen],
    [
      "only zeros",
      order,
      [],
      [
        { index: 0, quantity: 0 },
        { index: 2, quantity: 0 },
      ],
      refundMessages.nothingChosen,
    ],
    ["a negative quantity", order, [], [{ index: 0, quantity: -1 }], refundMessages.wholeNumbers],
    ["a fractional quantity", order, [], [{ index: 2, quantity: 1.5 }], refundMessages.wholeNumbers],
    ["NaN", order, [], [{ index: 2, quantity: Number.NaN }], refundMessages.wholeNumbers],
    ["a line past the end", order, [], [{ index: 3, quantity: 1 }], refundMessages.unknownLine],
    ["a negative line", order, [], [{ index: -1, quantity: 1 }], refundMessages.unknownLine],
    ["a fractional line", order, [], [{ index: 0.5, quantity: 1 }], refundMessages.unknownLine],
    [
      "the same line twice",
      order,
      [],
      [
        { index: 0, quantity: 1 },
        { index: 0, quantity: 1 },
      ],
      refundMessages.listedTwice(0),
    ],
    ["more than the line has", order, [], [{ index: 0, quantity: 3 }], refundMessages.tooMany("Linen Shirt", 2)],
    [
      "a line refunded already",
      order,
      [ret([{ index: 1, quantity: 1 }], 2199)],
      [{ index: 1, quantity: 1 }],
      refundMessages.tooMany("Cotton Tee", 0),
    ],
    [
      "beyond what is left of a line",
      order,
      [ret([{ index: 2, quantity: 2 }], 1613)],
      [{ index: 2, quantity: 2 }],
      refundMessages.tooMany("Wool Socks", 1),
    ],
  ];
  it.each(refused)("refuses %s with a clear message", (_name, o, earlier, lines, message) => {
    expect(quoteReturn(o, earlier, lines)).toEqual({ ok: false, message });
  });
});

describe("returns only after shipping, cancelled pieces before (decision 039)", () => {
  it.each([
    ["placed", "cancel"],
    ["confirmed", "cancel"],
    ["processing", "cancel"],
    ["shipped", "return"],
    ["out_for_delivery", "return"],
    ["delivered", "return"],
    ["cancelled", null],
  ] as const)("pieces of a %s order: %s", (status, way) => {
    expect(piecesRefundWay(status)).toBe(way);
  });

  const refusals: [OrderStatus, "cancel" | "return", string | null][] = [
    ["placed", "return", refundMessages.returnBeforeShipping],
    ["confirmed", "return", refundMessages.returnBeforeShipping],
    ["processing", "return", refundMessages.returnBeforeShipping],
    ["shipped", "return", null],
    ["out_for_delivery", "return", null],
    ["delivered", "return", null],
    ["cancelled", "return", refundMessages.cancelled],
    ["placed", "cancel", null],
    ["confirmed", "cancel", null],
    ["processing", "cancel", null],
    ["shipped", "cancel", refundMessages.cancelAfterShipping],
    ["out_for_delivery", "cancel", refundMessages.cancelAfterShipping],
    ["delivered", "cancel", refundMessages.cancelAfterShipping],
    ["cancelled", "cancel", refundMessages.cancelled],
  ];
  it("covers every status both ways", () => {
    expect(new Set(refusals.map(([status, way]) => `${status} ${way}`)).size).toBe(ORDER_STATUSES.length * 2);
  });
  it.each(refusals)("%s, %s: %s", (status, way, message) => {
    expect(piecesRefundRefusal(status, way)).toBe(message);
    const lines = [{ index: 0, quantity: 1 }];
    const check =
      way === "return"
        ? quoteReturn({ ...order, status }, [], lines)
        : quoteItemCancellation({ ...order, status }, [], lines);
    if (message === null) expect(check.ok).toBe(true);
    else expect(check).toEqual({ ok: false, message });
  });
});

describe("quoteItemCancellation: pieces of an order not shipped yet", () => {
  const placed: RefundableOrder = { ...order, status: "placed" };
  const part = (lines: RefundLine[], amountCents: number): EarlierRefund => ({
    kind: "partial_cancellation",
    lines,
    amountCents,
  });

  it.each([
    ["one shirt", [{ index: 0, quantity: 1 }]],
    ["the tee", [{ index: 1, quantity: 1 }]],
    [
      "a shirt and two pairs of socks",
      [
        { index: 0, quantity: 1 },
        { index: 2, quantity: 2 },
      ],
    ],
  ])("%s: the same money as a return of them after shipping, and the order goes on", (_name, lines) => {
    const returned = quoteReturn({ ...order, status: "delivered" }, [], lines);
    if (!returned.ok) throw new Error(returned.message);
    expect(quoteItemCancellation(placed, [], lines)).toEqual({
      ok: true,
      kind: "partial_cancellation",
      quote: returned.quote,
    });
  });

  it("every piece at once is the order's cancellation: everything, shipping included", () => {
    const all = [
      { index: 0, quantity: 2 },
      { index: 1, quantity: 1 },
      { index: 2, quantity: 3 },
    ];
    const whole = quoteCancellation(placed, []);
    if (!whole.ok) throw new Error(whole.message);
    expect(quoteItemCancellation(placed, [], all)).toEqual({ ok: true, kind: "cancellation", quote: whole.quote });
    expect(whole.quote.amountCents).toBe(paidCents(order));
  });

  it.each([0, 1000, 333])(
    "cancelling every piece one by one (discount %i) adds up to exactly what was paid; the last one cancels the order",
    (discountCents) => {
      const o = { ...placed, discountCents, taxCents: Math.round((order.subtotalCents - discountCents) / 10) };
      const steps: [number, number][] = [
        [2, 2],
        [0, 1],
        [1, 1],
        [2, 1],
        [0, 1],
      ];
      const earlier: EarlierRefund[] = [];
      const kinds: string[] = [];
      for (const [index, quantity] of steps) {
        const check = quoteItemCancellation(o, earlier, [{ index, quantity }]);
        if (!check.ok) throw new Error(check.message);
        kinds.push(check.kind);
        earlier.push({ kind: check.kind, lines: check.quote.lines, amountCents: check.quote.amountCents });
      }
      expect(kinds).toEqual([
        "partial_cancellation",
        "partial_cancellation",
        "partial_cancellation",
        "partial_cancellation",
        "cancellation",
      ]);
      expect(earlier.at(-1)?.amountCents).toBeGreaterThan(o.shippingCents);
      expect(earlier.reduce((sum, r) => sum + r.amountCents, 0)).toBe(paidCents(o));
    },
  );

  it("counts earlier cancelled pieces: what is left is the rest, and choosing all of it cancels the order", () => {
    const earlier = [part([{ index: 1, quantity: 1 }], 2199)];
    expect(quoteItemCancellation(placed, earlier, [{ index: 1, quantity: 1 }])).toEqual({
      ok: false,
      message: refundMessages.tooMany("Cotton Tee", 0),
    });
    const rest = [
      { index: 0, quantity: 2 },
      { index: 2, quantity: 3 },
    ];
    expect(quoteItemCancellation(placed, earlier, rest)).toMatchObject({
      ok: true,
      kind: "cancellation",
      quote: { amountCents: paidCents(order) - 2199, shippingCents: 599, lines: rest },
    });
  });

  it.each([
    ["nothing chosen", [], refundMessages.nothingChosen],
    ["a negative quantity", [{ index: 0, quantity: -1 }], refundMessages.wholeNumbers],
    ["a line past the end", [{ index: 3, quantity: 1 }], refundMessages.unknownLine],
    ["more than the line has", [{ index: 0, quantity: 3 }], refundMessages.tooMany("Linen Shirt", 2)],
  ])("refuses %s with a clear message", (_name, lines, message) => {
    expect(quoteItemCancellation(placed, [], lines)).toEqual({ ok: false, message });
  });
});

describe("quoteCancellation", () => {
  it("refunds the whole amount and every piece of an order with no refund yet", () => {
    expect(quoteCancellation({ ...order, status: "placed" }, [])).toEqual({
      ok: true,
      quote: {
        amountCents: 9198 + 920 + 599,
        goodsCents: 9198,
        taxCents: 920,
        shippingCents: 599,
        lines: [
          { index: 0, quantity: 2 },
          { index: 1, quantity: 1 },
          { index: 2, quantity: 3 },
        ],
      },
    });
  });

  it("refunds what is left after a return: the other pieces, their goods and tax, and the shipping", () => {
    const earlier = [ret([{ index: 1, quantity: 1 }], 2199)];
    const check = quoteCancellation({ ...order, status: "confirmed" }, earlier);
    expect(check).toMatchObject({
      ok: true,
      quote: {
        amountCents: paidCents(order) - 2199,
        shippingCents: 599,
        lines: [
          { index: 0, quantity: 2 },
          { index: 2, quantity: 3 },
        ],
      },
    });
  });

  it("refuses a cancelled order", () => {
    expect(quoteCancellation({ ...order, status: "cancelled" }, [])).toEqual({
      ok: false,
      message: refundMessages.cancelled,
    });
  });
});

describe("remainingQuantities", () => {
  it.each([
    [[], [2, 1, 3]],
    [[ret([{ index: 0, quantity: 1 }], 0)], [1, 1, 3]],
    [
      [
        ret(
          [
            { index: 0, quantity: 2 },
            { index: 2, quantity: 1 },
          ],
          0,
        ),
        ret([{ index: 2, quantity: 2 }], 0),
      ],
      [0, 1, 0],
    ],
    // A line index the order does not have is ignored, never a crash.
    [[ret([{ index: 7, quantity: 1 }], 0)], [2, 1, 3]],
  ])("%j leaves %j", (earlier, remaining) => {
    expect(remainingQuantities(order.items, earlier)).toEqual(remaining);
  });
});

describe("customerMayCancel", () => {
  it.each([
    ["placed", true],
    ["confirmed", true],
    ["processing", false],
    ["shipped", false],
    ["out_for_delivery", false],
    ["delivered", false],
    ["cancelled", false],
  ] as const)("%s: %s", (status, allowed) => {
    expect(customerMayCancel(status)).toBe(allowed);
  });
});

describe("readRefundForm", () => {
  it.each([
    [
      [
        ["quantity-0", "1"],
        ["quantity-2", " 2 "],
        ["intent", "refund"],
      ],
      [
        { index: 0, quantity: 1 },
        { index: 2, quantity: 2 },
      ],
    ],
    [
      [
        ["quantity-1", ""],
        ["quantity-0", "0"],
      ],
      [{ index: 0, quantity: 0 }],
    ],
    [[["quantity-0", "-1"]], { message: refundMessages.wholeNumbers }],
    [[["quantity-0", "1.5"]], { message: refundMessages.wholeNumbers }],
    [[["quantity-0", "1e3"]], { message: refundMessages.wholeNumbers }],
    [[["quantity-0", "two"]], { message: refundMessages.wholeNumbers }],
  ] as [string, string][][] | unknown[][])("%j", (fields, expected) => {
    expect(readRefundForm(fields as [string, string][])).toEqual(expected);
  });
});

describe("refundSummary", () => {
  it.each([
    ["return", 2750, [{ index: 0, quantity: 1 }], "Refunded $27.50 for 1 × Linen Shirt"],
    [
      "return",
      1613,
      [
        { index: 2, quantity: 2 },
        { index: 1, quantity: 1 },
      ],
      "Refunded $16.13 for 2 × Wool Socks, 1 × Cotton Tee",
    ],
    ["cancellation", 10717, [{ index: 1, quantity: 1 }], "Refunded $107.17 in full (order cancelled): 1 × Cotton Tee"],
    ["partial_cancellation", 2750, [{ index: 0, quantity: 1 }], "Cancelled 1 × Linen Shirt, refunded $27.50"],
  ] as const)("%s %s", (kind, amount, lines, text) => {
    expect(refundSummary(kind, amount, order.items, lines)).toBe(text);
  });
});
