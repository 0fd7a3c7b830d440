import { describe, expect, it } from "vitest";
import type { OrderStatus } from "./order-status";
import type { RefundLine } from "./refunds";
import {
  canMoveReturnRequest,
  checkDeclineNote,
  checkReturnRequest,
  deliveredAt,
  RETURN_REQUEST_STATUSES,
  RETURN_TEXT_MAX,
  RETURN_WINDOW_DAYS,
  type ReturnableOrder,
  type ReturnRequestStatus,
  readReturnForm,
  returnableQuantities,
  returnMessages,
  returnPieces,
  returnRefusal,
  returnWindowEnd,
} from "./returns";

const DELIVERED = "2026-03-01T12:00:00.000Z";
const at = (days: number, ms = 0) => new Date(Date.parse(DELIVERED) + days * 86_400_000 + ms);

const order = (status: OrderStatus = "delivered"): ReturnableOrder => ({
  status,
  statusHistory: [
    { status: "placed", timestamp: "2026-02-25T10:00:00.000Z" },
    { status: "shipped", timestamp: "2026-02-27T10:00:00.000Z" },
    ...(status === "delivered" ? [{ status: "delivered" as const, timestamp: DELIVERED }] : []),
  ],
  items: [
    { title: "Linen Shirt", quantity: 2 },
    { title: "Cotton Tee", quantity: 1 },
    { title: "Wool Socks", quantity: 3 },
  ],
});

const request = (status: ReturnRequestStatus, lines: RefundLine[] = [{ index: 0, quantity: 1 }]) => ({ status, lines });

describe("the return window", () => {
  it("is the one constant the footer shows", () => {
    expect(RETURN_WINDOW_DAYS).toBe(30);
  });
  it("starts at the last Delivered entry and lasts RETURN_WINDOW_DAYS", () => {
    expect(deliveredAt(order().statusHistory)?.toISOString()).toBe(DELIVERED);
    expect(deliveredAt(order("shipped").statusHistory)).toBeNull();
    expect(deliveredAt([{ status: "delivered", timestamp: "not a date" }])).toBeNull();
    expect(returnWindowEnd(new Date(DELIVERED)).toISOString()).toBe("2026-03-31T12:00:00.000Z");
  });
});

describe("returnRefusal", () => {
  it.each<[string, OrderStatus, Date, ReturnRequestStatus[], string | null]>([
    ["delivered, the same day", "delivered", at(0), [], null],
    ["delivered, the last moment of the window", "delivered", at(30), [], null],
    ["delivered, a millisecond past the window", "delivered", at(30, 1), [], returnMessages.windowClosed],
    ["shipped", "shipped", at(1), [], returnMessages.notDelivered],
    ["out for delivery", "out_for_delivery", at(1), [], returnMessages.notDelivered],
    ["placed", "placed", at(1), [], returnMessages.notDelivered],
    ["cancelled", "cancelled", at(1), [], returnMessages.notDelivered],
    ["one requested already", "delivered", at(1), ["requested"], returnMessages.alreadyOpen],
    ["one approved, refund not recorded", "delivered", at(1), ["approved"], returnMessages.alreadyOpen],
    ["earlier ones declined and refunded", "delivered", at(1), ["declined", "refunded"], null],
  ])("%s", (_name, status, now, requests, message) => {
    const refusal = returnRefusal(
      order(status),
      requests.map((s) => request(s)),
      now,
    );
    expect(refusal?.message ?? null).toBe(message);
  });
});

describe("returnableQuantities: delivered less refunded less asked for in an open request", () => {
  it.each<[string, RefundLine[][], [ReturnRequestStatus, RefundLine[]][], number[]]>([
    ["nothing yet", [], [], [2, 1, 3]],
    [
      "a refund of 1 shirt and 3 socks",
      [
        [
          { index: 0, quantity: 1 },
          { index: 2, quantity: 3 },
        ],
      ],
      [],
      [1, 1, 0],
    ],
    ["an open request for 2 shirts", [], [["requested", [{ index: 0, quantity: 2 }]]], [0, 1, 3]],
    ["an approved one counts until refunded", [], [["approved", [{ index: 1, quantity: 1 }]]], [2, 0, 3]],
    ["a declined one frees its pieces", [], [["declined", [{ index: 0, quantity: 2 }]]], [2, 1, 3]],
    [
      "a refunded one counts through its refund, once",
      [[{ index: 0, quantity: 1 }]],
      [["refunded", [{ index: 0, quantity: 1 }]]],
      [1, 1, 3],
    ],
  ])("%s", (_name, refunds, requests, left) => {
    expect(
      returnableQuantities(
        order().items,
        refunds.map((lines) => ({ lines })),
        requests.map(([status, lines]) => request(status, lines)),
      ),
    ).toEqual(left);
  });
});

describe("checkReturnRequest", () => {
  const input = (lines: RefundLine[], reason: unknown = "wrong_size", details: unknown = "") => ({
    lines,
    reason,
    details,
  });

  it("accepts pieces within what is left, sorted, zero lines dropped, the words tidied", () => {
    expect(
      checkReturnRequest(
        order(),
        [],
        [],
        input(
          [
            { index: 2, quantity: 3 },
            { index: 1, quantity: 0 },
            { index: 0, quantity: 1 },
          ],
          "damaged",
          "  torn\n seam ",
        ),
        at(3),
      ),
    ).toEqual({
      ok: true,
      lines: [
        { index: 0, quantity: 1 },
        { index: 2, quantity: 3 },
      ],
      reason: "damaged",
      details: "torn seam",
    });
  });

  it.each<[string, RefundLine[], unknown, unknown, string]>([
    ["nothing chosen", [], "wrong_size", "", returnMessages.nothingChosen],
    ["only zeros", [{ index: 0, quantity: 0 }], "wrong_size", "", returnMessages.nothingChosen],
    [
      "more pieces than delivered",
      [{ index: 0, quantity: 3 }],
      "wrong_size",
      "",
      returnMessages.tooMany("Linen Shirt", 2),
    ],
    ["a negative quantity", [{ index: 0, quantity: -1 }], "wrong_size", "", returnMessages.wholeNumbers],
    ["a fraction", [{ index: 0, quantity: 0.5 }], "wrong_size", "", returnMessages.wholeNumbers],
    ["a line not in the order", [{ index: 3, quantity: 1 }], "wrong_size", "", returnMessages.unknownLine],
    [
      "a line twice",
      [
        { index: 0, quantity: 1 },
        { index: 0, quantity: 1 },
      ],
      "wrong_size",
      "",
      returnMessages.listedTwice(0),
    ],
    ["no reason", [{ index: 0, quantity: 1 }], null, "", returnMessages.reason],
    ["a reason not on the list", [{ index: 0, quantity: 1 }], "free money", "", returnMessages.reason],
    ["words too long", [{ index: 0, quantity: 1 }], "other", "x".repeat(RETURN_TEXT_MAX + 1), returnMessages.tooLong],
  ])("refuses %s", (_name, lines, reason, details, message) => {
    const check = checkReturnRequest(order(), [], [], input(lines, reason, details), at(1));
    expect(check).toMatchObject({ ok: false, kind: "invalid_input", message });
  });

  it("refuses what was refunded already", () => {
    const check = checkReturnRequest(
      order(),
      [{ lines: [{ index: 1, quantity: 1 }] }],
      [],
      input([{ index: 1, quantity: 1 }]),
      at(1),
    );
    expect(check).toMatchObject({ ok: false, message: returnMessages.tooMany("Cotton Tee", 0) });
  });

  it("refuses an order not delivered, past the window, or with a request open, before reading the lines", () => {
    expect(checkReturnRequest(order("shipped"), [], [], input([]), at(1))).toMatchObject({
      ok: false,
      kind: "conflict",
      message: returnMessages.notDelivered,
    });
    expect(checkReturnRequest(order(), [], [], input([{ index: 0, quantity: 1 }]), at(31))).toMatchObject({
      kind: "conflict",
      message: returnMessages.windowClosed,
    });
    expect(
      checkReturnRequest(order(), [], [request("requested")], input([{ index: 1, quantity: 1 }]), at(1)),
    ).toMatchObject({ kind: "conflict", message: returnMessages.alreadyOpen });
  });
});

describe("the states of a request", () => {
  const moves: [ReturnRequestStatus, ReturnRequestStatus[]][] = [
    ["requested", ["approved", "declined"]],
    ["approved", ["refunded"]],
    ["declined", []],
    ["refunded", []],
  ];
  it.each(moves)("from %s only to %j", (from, allowed) => {
    for (const to of RETURN_REQUEST_STATUSES) expect(canMoveReturnRequest(from, to)).toBe(allowed.includes(to));
  });
});

describe("readReturnForm", () => {
  it.each<[string, [string, string][], unknown]>([
    [
      "quantities, reason and words",
      [
        ["quantity-0", "1"],
        ["quantity-2", ""],
        ["reason", "other"],
        ["details", "too big"],
        ["intent", "request-return"],
      ],
      { lines: [{ index: 0, quantity: 1 }], reason: "other", details: "too big" },
    ],
    ["no words", [["reason", "damaged"]], { lines: [], reason: "damaged", details: "" }],
    ["a quantity in words", [["quantity-0", "one"]], { message: returnMessages.wholeNumbers }],
  ])("%s", (_name, fields, read) => {
    expect(readReturnForm(fields)).toEqual(read);
  });
});

describe("checkDeclineNote and returnPieces", () => {
  it.each<[unknown, unknown]>([
    ["  Worn,\n tags removed ", { ok: true, note: "Worn, tags removed" }],
    ["", { ok: false, message: returnMessages.declineNote }],
    ["   ", { ok: false, message: returnMessages.declineNote }],
    [undefined, { ok: false, message: returnMessages.declineNote }],
    ["x".repeat(RETURN_TEXT_MAX + 1), { ok: false, message: returnMessages.tooLong }],
  ])("decline note %j", (raw, result) => {
    expect(checkDeclineNote(raw)).toEqual(result);
  });
  it("names the pieces", () => {
    expect(
      returnPieces(order().items, [
        { index: 0, quantity: 2 },
        { index: 2, quantity: 1 },
      ]),
    ).toBe("2 × Linen Shirt, 1 × Wool Socks");
  });
});
