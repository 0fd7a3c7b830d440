import { describe, expect, it } from "vitest";
import {
  filterCounts,
  filterLabel,
  historyNote,
  ORDER_FILTERS,
  parseAdminTab,
  parseOrderFilter,
  STATUS_NOTE_MAX,
  statusLabel,
  statusTone,
  statusWord,
} from "./admin-dashboard";
import { ORDER_STATUSES } from "./order-status";

describe("tabs and filters from the URL", () => {
  it.each([
    ["overview", "overview"],
    ["products", "products"],
    ["orders", "orders"],
    ["mail", "mail"],
    ["Mail", "overview"],
    [null, "overview"],
    ["", "overview"],
    ["Orders", "overview"],
    ["__proto__", "overview"],
  ])("tab %s -> %s", (value, tab) => {
    expect(parseAdminTab(value)).toBe(tab);
  });

  it.each([
    ["placed", "placed"],
    ["delivered", "delivered"],
    ["confirmed", "confirmed"],
    ["out_for_delivery", "out_for_delivery"],
    ["cancelled", "cancelled"],
    ["Cancelled", "all"],
    ["out for delivery", "all"],
    ["all", "all"],
    ["__proto__", "all"],
    [null, "all"],
  ])("filter %s -> %s", (value, filter) => {
    expect(parseOrderFilter(value)).toBe(filter);
  });

  it("keeps the original five buttons and adds one for every other status, in the order orders go through them", () => {
    expect(ORDER_FILTERS.map(filterLabel)).toEqual([
      "All",
      "Placed",
      "Confirmed",
      "Processing",
      "Shipped",
      "Out for delivery",
      "Delivered",
      "Cancelled",
    ]);
    for (const label of ["All", "Placed", "Processing", "Shipped", "Delivered"])
      expect(ORDER_FILTERS.map(filterLabel)).toContain(label);
  });

  it("puts every status under a filter of its own", () => {
    for (const status of ORDER_STATUSES) expect(ORDER_FILTERS).toContain(status);
  });
});

describe("status presentation", () => {
  it("gives every status a label and a word", () => {
    expect(ORDER_STATUSES.map(statusLabel)).toEqual([
      "Placed",
      "Confirmed",
      "Processing",
      "Shipped",
      "Out for delivery",
      "Delivered",
      "Cancelled",
    ]);
    expect(statusWord("out_for_delivery")).toBe("out for delivery");
  });

  it("uses distinct colours for delivered, shipped, processing and cancelled", () => {
    const tones = (["delivered", "shipped", "processing", "cancelled"] as const).map(statusTone);
    expect(new Set(tones).size).toBe(4);
    expect(new Set(ORDER_STATUSES.map(statusTone)).size).toBe(ORDER_STATUSES.length);
  });
});

describe("filterCounts", () => {
  it("counts all statuses under All and each filter's own status", () => {
    expect(filterCounts({ placed: 2, confirmed: 1, shipped: 3, cancelled: 4 })).toEqual({
      all: 10,
      placed: 2,
      confirmed: 1,
      processing: 0,
      shipped: 3,
      out_for_delivery: 0,
      delivered: 0,
      cancelled: 4,
    });
  });

  it("counts nothing as nothing", () => {
    expect(Object.values(filterCounts({})).every((n) => n === 0)).toBe(true);
  });
});

describe("historyNote", () => {
  it.each([
    ["shipped", undefined, "Order shipped"],
    ["shipped", "   ", "Order shipped"],
    ["out_for_delivery", "", "Order out for delivery"],
    ["cancelled", "  Customer asked\nto cancel ", "Customer asked to cancel"],
  ] as const)("%s with %j -> %s", (status, typed, note) => {
    expect(historyNote(status, typed)).toBe(note);
  });

  it("cuts a very long note", () => {
    expect(historyNote("delivered", "a".repeat(5000))).toHaveLength(STATUS_NOTE_MAX);
  });
});
