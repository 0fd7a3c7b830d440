import { describe, expect, it } from "vitest";
import { CHECKOUT_STATUSES, type CheckoutStatus } from "./checkout-status";
import {
  type CheckoutFacts,
  decidePayment,
  OBSERVED_STATES,
  type PaymentDecision,
  type PaymentObservation,
} from "./payment-decision";

const CHECKOUT = "7d7f1c2e-8a55-4b0e-9a57-2f6f3d1c9e01";
const facts = (status: CheckoutStatus): CheckoutFacts => ({ id: CHECKOUT, status, totalCents: 5620, currency: "USD" });
const seen = (over: Partial<PaymentObservation> = {}): PaymentObservation => ({
  ref: "REF1",
  state: "paid",
  providerStatus: "COMPLETED",
  checkoutId: CHECKOUT,
  amountCents: 5620,
  currency: "USD",
  paymentRef: "CAP1",
  toStore: true,
  ...over,
});

const RECORD: PaymentDecision = { action: "record" };
const WAIT: PaymentDecision = { action: "wait" };
const MISMATCH: PaymentDecision = { action: "refund", reason: "amount_mismatch" };
const SUPERSEDED: PaymentDecision = { action: "refund", reason: "superseded" };
const FAILED: PaymentDecision = { action: "close", as: "failed", outcome: "refused", code: "payment_failed" };
const EXPIRED: PaymentDecision = { action: "close", as: "expired", outcome: "expired", code: "expired" };
const UNKNOWN: PaymentDecision = { action: "close", as: "expired", outcome: "expired", code: "unknown_to_provider" };
const WRONG_PAYEE: PaymentDecision = { action: "close", as: "failed", outcome: "refused", code: "wrong_payee" };

describe("decidePayment: observation × checkout → what the store does", () => {
  it.each<[string, CheckoutStatus, PaymentObservation | null, PaymentDecision]>([
    ["paid exactly, open checkout", "pending", seen(), RECORD],
    ["paid exactly, checkout failed earlier (late money)", "failed", seen(), RECORD],
    ["paid exactly, checkout expired earlier (late money)", "expired", seen(), RECORD],
    ["paid exactly, checkout replaced", "superseded", seen(), SUPERSEDED],
    ["paid a cent less", "pending", seen({ amountCents: 5619 }), MISMATCH],
    ["paid an unreadable amount", "pending", seen({ amountCents: null }), MISMATCH],
    ["paid in another currency", "pending", seen({ currency: "EUR" }), MISMATCH],
    ["paid naming another checkout", "pending", seen({ checkoutId: "another" }), MISMATCH],
    ["paid naming no checkout", "pending", seen({ checkoutId: null }), MISMATCH],
    ["paid the wrong amount for a replaced checkout", "superseded", seen({ amountCents: 1 }), MISMATCH],
    ["paid to another account", "pending", seen({ toStore: false }), WRONG_PAYEE],
    ["open, paid to another account", "pending", seen({ state: "open", toStore: false }), WRONG_PAYEE],
    ["pending at the provider", "pending", seen({ state: "pending", providerStatus: "PENDING" }), WAIT],
    ["open at the provider", "pending", seen({ state: "open", paymentRef: null }), WAIT],
    ["open at the provider, checkout replaced", "superseded", seen({ state: "open" }), WAIT],
    ["failed at the provider", "pending", seen({ state: "failed" }), FAILED],
    ["expired at the provider", "pending", seen({ state: "expired" }), EXPIRED],
    ["unknown to the provider", "pending", null, UNKNOWN],
    ["anything, order already made", "completed", seen({ state: "expired" }), { action: "done", outcome: "paid" }],
    ["unknown, order already made", "completed", null, { action: "done", outcome: "paid" }],
    ["paid, money already given back", "refunded", seen(), { action: "done", outcome: "refunded" }],
  ])("%s", (_name, status, observation, expected) => {
    expect(decidePayment(observation, facts(status))).toEqual(expected);
  });

  it("every state of every checkout gets a decision, and only a paid observation records or refunds", () => {
    for (const status of CHECKOUT_STATUSES)
      for (const state of OBSERVED_STATES) {
        const decision = decidePayment(seen({ state }), facts(status));
        expect(decision.action).toBeTruthy();
        if (state !== "paid") expect(["record", "refund"]).not.toContain(decision.action);
      }
  });
});
