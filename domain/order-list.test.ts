import { describe, expect, it } from "vitest";
import {
  containsPattern,
  normaliseOrderSearch,
  ORDER_SEARCH_MAX,
  orderDetailHref,
  orderListHref,
  orderSearchTerms,
  pageRangeLabel,
  parseOpenOrder,
  parseOrderListQuery,
  paymentState,
  pieceCount,
} from "./order-list";

const ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";

describe("parseOrderListQuery", () => {
  it.each([
    ["", { filter: "all", view: null, search: "", cursor: { kind: "newest" } }],
    ["status=cancelled", { filter: "cancelled", view: null, search: "", cursor: { kind: "newest" } }],
    [
      "status=out_for_delivery&q=%20ada%20%20lovelace%20",
      { filter: "out_for_delivery", view: null, search: "ada lovelace", cursor: { kind: "newest" } },
    ],
    [`after=${ID}`, { filter: "all", view: null, search: "", cursor: { kind: "after", id: ID } }],
    [`before=${ID.toUpperCase()}`, { filter: "all", view: null, search: "", cursor: { kind: "before", id: ID } }],
    ["page=oldest&status=placed", { filter: "placed", view: null, search: "", cursor: { kind: "oldest" } }],
    // after wins over before; a cursor that is not an id is no cursor.
    [`after=${ID}&before=${ID}`, { filter: "all", view: null, search: "", cursor: { kind: "after", id: ID } }],
    ["after=1%20or%201=1", { filter: "all", view: null, search: "", cursor: { kind: "newest" } }],
    ["show=to-ship&status=confirmed", { filter: "confirmed", view: "to-ship", search: "", cursor: { kind: "newest" } }],
    ["show=returns", { filter: "all", view: "returns", search: "", cursor: { kind: "newest" } }],
    ["show=refunds&q=ada", { filter: "all", view: "refunds", search: "ada", cursor: { kind: "newest" } }],
    // An unknown list is every order.
    ["show=everything%27--", { filter: "all", view: null, search: "", cursor: { kind: "newest" } }],
    ["show=To-ship", { filter: "all", view: null, search: "", cursor: { kind: "newest" } }],
    ["status=teleported&page=3", { filter: "all", view: null, search: "", cursor: { kind: "newest" } }],
  ])("%s", (search, expected) => {
    expect(parseOrderListQuery(new URLSearchParams(search))).toEqual(expected);
  });
});

describe("orderListHref", () => {
  it.each([
    [{}, "/admin?tab=orders"],
    [{ filter: "all" as const, search: "  " }, "/admin?tab=orders"],
    [{ filter: "shipped" as const }, "/admin?tab=orders&status=shipped"],
    [{ filter: "placed" as const, search: "ada@example.com" }, "/admin?tab=orders&status=placed&q=ada%40example.com"],
    [{ search: "#3FA8", cursor: { kind: "after" as const, id: ID } }, `/admin?tab=orders&q=%233FA8&after=${ID}`],
    [{ cursor: { kind: "before" as const, id: ID } }, `/admin?tab=orders&before=${ID}`],
    [{ view: "to-ship" as const }, "/admin?tab=orders&show=to-ship"],
    [{ view: null, filter: "placed" as const }, "/admin?tab=orders&status=placed"],
    [
      { view: "refunds" as const, filter: "shipped" as const, cursor: { kind: "after" as const, id: ID } },
      `/admin?tab=orders&show=refunds&status=shipped&after=${ID}`,
    ],
    [
      { filter: "cancelled" as const, cursor: { kind: "oldest" as const } },
      "/admin?tab=orders&status=cancelled&page=oldest",
    ],
  ])("%j -> %s", (query, href) => {
    expect(orderListHref(query)).toBe(href);
  });

  it("round-trips through parseOrderListQuery", () => {
    const query = {
      filter: "delivered" as const,
      view: "returns" as const,
      search: "Bea Buyer",
      cursor: { kind: "before" as const, id: ID },
    };
    expect(parseOrderListQuery(new URL(orderListHref(query), "http://x").searchParams)).toEqual(query);
  });
});

describe("normaliseOrderSearch", () => {
  it.each([
    [null, ""],
    ["   ", ""],
    ["  Ada\tLovelace\n", "Ada Lovelace"],
    ["a\u0000b", "a b"],
    // Names are kept as typed, accents and case too (the database compares any case).
    ["  María \u00a0 López ", "María López"],
    ["LOPEZ\u007f", "LOPEZ"],
  ])("%j -> %j", (raw, tidy) => {
    expect(normaliseOrderSearch(raw)).toBe(tidy);
  });

  it("cuts a long search", () => {
    expect(normaliseOrderSearch("x".repeat(500))).toHaveLength(ORDER_SEARCH_MAX);
  });
});

describe("orderSearchTerms", () => {
  it.each([
    ["#3FA85F64", "3fa85f64"],
    ["3fa85f64", "3fa85f64"],
    ["AFA6", "afa6"],
    ["ada", "ada"],
    ["ada@example.com", null],
    ["3fa85f641", null],
    ["Bea Buyer", null],
    ["#", null],
  ])("%s looks for the number part %j", (search, numberPart) => {
    expect(orderSearchTerms(search).numberPart).toBe(numberPart);
  });

  it("keeps the text for names and e-mails", () => {
    expect(orderSearchTerms("  Bea  Buyer ").text).toBe("Bea Buyer");
  });
});

describe("containsPattern", () => {
  it.each([
    ["ada", "%ada%"],
    ["100%", "%100\\%%"],
    ["a_b", "%a\\_b%"],
    ["back\\slash", "%back\\\\slash%"],
  ])("%s -> %s", (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});

describe("pageRangeLabel", () => {
  it.each([
    [0, 20, 10_000, "Orders 1–20 of 10,000"],
    [9_980, 20, 10_000, "Orders 9,981–10,000 of 10,000"],
    [0, 3, 3, "Orders 1–3 of 3"],
    [0, 0, 0, ""],
  ])("%i, %i, %i -> %s", (position, shown, total, label) => {
    expect(pageRangeLabel(position, shown, total)).toBe(label);
  });
});

describe("the detail view's address", () => {
  it.each([
    ["", null],
    [`order=${ID}`, ID],
    [`order=${ID.toUpperCase()}`, ID],
    ["order=1%20or%201=1", null],
    ["order=", null],
  ])("%s -> %s", (search, expected) => {
    expect(parseOpenOrder(new URLSearchParams(search))).toBe(expected);
  });

  it.each<[Parameters<typeof orderDetailHref>[1], string]>([
    [{}, `/admin?tab=orders&order=${ID}`],
    [{ filter: "placed", search: "Lopez" }, `/admin?tab=orders&status=placed&q=Lopez&order=${ID}`],
    [{ cursor: { kind: "after", id: ID } }, `/admin?tab=orders&after=${ID}&order=${ID}`],
    // An Overview "To do" list's order keeps the list it was opened from.
    [{ view: "to-ship" }, `/admin?tab=orders&show=to-ship&order=${ID}`],
  ])("%j", (query, href) => {
    expect(orderDetailHref(ID, query)).toBe(href);
    const params = new URLSearchParams(href.split("?")[1]);
    expect(parseOpenOrder(params)).toBe(ID);
    expect(parseOrderListQuery(params)).toMatchObject({ filter: query?.filter ?? "all" });
  });
});

describe("paymentState", () => {
  it.each([
    [{ totalCents: 5000, refundedCents: 0, refundPending: false }, "paid"],
    [{ totalCents: 5000, refundedCents: 1000, refundPending: false }, "partly_refunded"],
    [{ totalCents: 5000, refundedCents: 5000, refundPending: false }, "refunded"],
    [{ totalCents: 5000, refundedCents: 1000, refundPending: true }, "refund_pending"],
    [{ totalCents: 0, refundedCents: 0, refundPending: false }, "paid"],
  ])("%j -> %s", (order, state) => {
    expect(paymentState(order)).toBe(state);
  });
});

describe("pieceCount", () => {
  it.each([
    [[], 0],
    [[{ quantity: 2 }, { quantity: 3 }], 5],
  ])("%j -> %d", (items, n) => {
    expect(pieceCount(items)).toBe(n);
  });
});
