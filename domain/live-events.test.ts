import { describe, expect, it } from "vitest";
import { canReceive, type LiveNotice, readLiveEvent, readLiveNotice } from "./live-events";

const P = "11111111-1111-4111-8111-111111111111";
const O = "22222222-2222-4222-8222-222222222222";
const alice = { id: "alice-id", isAdmin: false };
const bob = { id: "bob-id", isAdmin: false };
const admin = { id: "admin-id", isAdmin: true };

describe("canReceive", () => {
  const aliceOrder: LiveNotice = { type: "order.status", orderId: O, userId: alice.id };
  it.each<[string, LiveNotice, typeof alice | null, boolean]>([
    ["a visitor hears a new product", { type: "product.added", productId: P }, null, true],
    ["a visitor hears a deleted product", { type: "product.deleted", productId: P }, null, true],
    ["a visitor hears a new review", { type: "review.added", productId: P }, null, true],
    ["a shopper hears an edited product", { type: "product.updated", productId: P }, bob, true],
    ["a visitor hears resync", { type: "resync" }, null, true],
    ["the customer hears their order's status", aliceOrder, alice, true],
    ["the customer hears their new order", { type: "order.created", orderId: O, userId: alice.id }, alice, true],
    ["another shopper does not", aliceOrder, bob, false],
    ["another shopper does not hear a new order", { type: "order.created", orderId: O, userId: alice.id }, bob, false],
    ["a visitor does not", aliceOrder, null, false],
    ["the administrator hears every order", aliceOrder, admin, true],
    [
      "an id that merely looks alike does not match",
      { type: "order.status", orderId: O, userId: "alice-id " },
      alice,
      false,
    ],
  ])("%s", (_name, notice, viewer, expected) => {
    expect(canReceive(notice, viewer)).toBe(expected);
  });
});

describe("readLiveEvent", () => {
  it.each([
    { type: "product.added", productId: P },
    { type: "review.deleted", productId: P },
    { type: "review.updated", productId: P },
    { type: "order.status", orderId: O, userId: "aB3_x-9" },
  ])("accepts %j", (event) => {
    expect(readLiveEvent(event)).toEqual(event);
  });

  it.each([
    { type: "product.added" },
    { type: "product.added", productId: "not-a-uuid" },
    { type: "order.status", orderId: O },
    { type: "order.status", orderId: O, userId: "has space" },
    { type: "user.deleted", productId: P },
    { type: "resync" },
    { type: "order.status", orderId: O, userId: "x".repeat(101) },
    { type: ["product.added"], productId: P },
    null,
    "product.added",
    [{ type: "product.added", productId: P }],
  ])("refuses %j", (event) => {
    expect(readLiveEvent(event)).toBeNull();
  });

  it("drops extra fields: a notice carries ids, nothing else", () => {
    expect(readLiveEvent({ type: "product.updated", productId: P, title: "<b>x</b>" })).toEqual({
      type: "product.updated",
      productId: P,
    });
    expect(readLiveEvent({ type: "order.created", orderId: O, userId: "u1", productId: P })).toEqual({
      type: "order.created",
      orderId: O,
      userId: "u1",
    });
  });

  it("notices include resync, and every event", () => {
    expect(readLiveNotice({ type: "resync", productId: P })).toEqual({ type: "resync" });
    expect(readLiveNotice({ type: "review.added", productId: P })).toEqual({ type: "review.added", productId: P });
    expect(readLiveNotice({ type: "resynced" })).toBeNull();
  });
});
