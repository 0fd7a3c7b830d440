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
    ["cancelled", "all"],
    ["out_for_delivery", "all"],
    [null, "all"],
  ])("filter %s -> %s", (value, filter) => {
    expect(parseOrderFilter(value)).toBe(filter);
  });

  it("labels the filter buttons as the spec names them", () => {
    expect(ORDER_FILTERS.map(filterLabel)).toEqual(["All", "Placed", "Processing", "Shipped", "Delivered"]);
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
      processing: 0,
      shipped: 3,
      delivered: 0,
    });
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
