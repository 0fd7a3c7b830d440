import { describe, expect, it } from "vitest";
import {
  CHECKOUT_STATUSES,
  type CheckoutStatus,
  canMoveCheckout,
  checkoutStatusesBefore,
  isFinalCheckout,
} from "./checkout-status";

/** Every pair the store allows; every other pair is refused. */
const ALLOWED: [CheckoutStatus, CheckoutStatus][] = [
  ["pending", "completed"],
  ["pending", "failed"],
  ["pending", "expired"],
  ["pending", "superseded"],
  ["pending", "refunded"],
  ["failed", "completed"],
  ["failed", "refunded"],
  ["expired", "completed"],
  ["expired", "refunded"],
  ["superseded", "refunded"],
];

const allPairs = CHECKOUT_STATUSES.flatMap((from) =>
  CHECKOUT_STATUSES.map((to) => [from, to] as [CheckoutStatus, CheckoutStatus]),
);
const allowed = (from: CheckoutStatus, to: CheckoutStatus) => ALLOWED.some(([a, b]) => a === from && b === to);

describe("the checkout's state machine", () => {
  it.each(allPairs)("%s -> %s", (from, to) => {
    expect(canMoveCheckout(from, to)).toBe(allowed(from, to));
  });

  it.each<[CheckoutStatus, CheckoutStatus[]]>([
    ["completed", ["pending", "failed", "expired"]],
    ["failed", ["pending"]],
    ["expired", ["pending"]],
    ["superseded", ["pending"]],
    ["refunded", ["pending", "failed", "expired", "superseded"]],
    ["pending", []],
  ])("a checkout moves to %s only from %o", (to, from) => {
    expect(checkoutStatusesBefore(to)).toEqual(from);
  });

  it.each<[CheckoutStatus, boolean]>([
    ["completed", true],
    ["refunded", true],
    ["pending", false],
    ["failed", false],
    ["expired", false],
    ["superseded", false],
  ])("%s is final: %s", (status, final) => {
    expect(isFinalCheckout(status)).toBe(final);
  });
});
