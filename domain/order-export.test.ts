import { describe, expect, it } from "vitest";
import { exportedItem, ORDER_EXPORT_COLUMNS, orderExportRecord } from "./order-export";

const line = { productId: "p1", title: "Linen Dress", selectedSize: "M", color: "Sand", quantity: 2, priceCents: 8950 };

describe("exportedItem", () => {
  it.each([
    ["size and colour", line, "2 × Linen Dress (M, Sand) @ 89.50"],
    ["size only", { ...line, color: null }, "2 × Linen Dress (M) @ 89.50"],
    ["no choices", { ...line, selectedSize: null, color: null, quantity: 1 }, "1 × Linen Dress @ 89.50"],
    ["a title with a comma and quotes", { ...line, title: 'Dress, "Summer"' }, '2 × Dress, "Summer" (M, Sand) @ 89.50'],
  ])("%s", (_, item, expected) => {
    expect(exportedItem(item)).toBe(expected);
  });
});

describe("orderExportRecord", () => {
  it("gives one cell per column, the total being subtotal + tax + shipping", () => {
    const record = orderExportRecord({
      id: "o1",
      createdAt: new Date("2026-03-01T10:20:30.000Z"),
      userEmail: "ada@example.com",
      userName: "Ada Lovelace",
      status: "shipped",
      items: [line, { ...line, title: "Belt", selectedSize: null, color: null, quantity: 1, priceCents: 1500 }],
      subtotalCents: 19400,
      taxCents: 1940,
      shippingCents: 0,
      paymentMethod: "stripe",
      paymentId: "cs_1",
      sandbox: true,
    });
    expect(record).toHaveLength(ORDER_EXPORT_COLUMNS.length);
    expect(record).toEqual([
      "o1",
      "2026-03-01T10:20:30.000Z",
      "ada@example.com",
      "Ada Lovelace",
      "shipped",
      "2 × Linen Dress (M, Sand) @ 89.50; 1 × Belt @ 15.00",
      "194.00",
      "19.40",
      "0.00",
      "213.40",
      "stripe",
      "cs_1",
      "yes",
      "",
      "0.00",
      "0.00",
    ]);
  });

  it("names the discount code and takes the discount off the total", () => {
    const record = orderExportRecord({
      id: "o2",
      createdAt: new Date("2026-03-01T10:20:30.000Z"),
      userEmail: "ada@example.com",
      userName: "Ada Lovelace",
      status: "placed",
      items: [{ ...line, quantity: 1, priceCents: 10000 }],
      subtotalCents: 10000,
      discountCents: 1500,
      discountCode: "SAVE15",
      taxCents: 850,
      shippingCents: 10,
      paymentMethod: "paypal",
      paymentId: "PP1",
      sandbox: false,
    });
    expect(record.slice(6, 10)).toEqual(["100.00", "8.50", "0.10", "93.60"]);
    expect(record.slice(-3)).toEqual(["SAVE15", "15.00", "0.00"]);
  });

  it("says what was refunded, beside the total", () => {
    const record = orderExportRecord({
      id: "o3",
      createdAt: new Date("2026-03-02T08:00:00.000Z"),
      userEmail: "ada@example.com",
      userName: "Ada Lovelace",
      status: "cancelled",
      items: [{ ...line, quantity: 1, priceCents: 4000 }],
      subtotalCents: 4000,
      taxCents: 400,
      shippingCents: 10,
      refundedCents: 4410,
      paymentMethod: "stripe",
      paymentId: "cs_3",
      sandbox: false,
    });
    expect(record.length).toBe(ORDER_EXPORT_COLUMNS.length);
    expect(record[ORDER_EXPORT_COLUMNS.indexOf("total")]).toBe("44.10");
    expect(record[ORDER_EXPORT_COLUMNS.indexOf("refunded")]).toBe("44.10");
  });
});
