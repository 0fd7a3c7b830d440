import type { PaymentRequest } from "../../domain/checkout-line";
import type { PaymentObservation } from "../../domain/payment-decision";
import type { PaymentMethod } from "../db/schema";

/**
 * A payment provider: one module implementing this interface, registered by id in
 * server/payments/registry.ts (docs/decisions/046-one-payment-provider-interface.md). The flows,
 * the opener, reconciliation and refunds talk to providers only through it, and ask for a
 * capability (`capture`, `events`, `browserOrders`, `sandboxPage`), never for a name.
 */

export type { PaymentObservation, PaymentRequest };

/** The checkout page's two buttons. */
export const BUTTONS = ["wallet", "card"] as const;
export type Button = (typeof BUTTONS)[number];

/**
 * The stored method of each button: `checkouts.provider` and `orders.payment_method` keep the
 * values the rows already written carry (and the previous release reads), so no migration.
 */
export const METHOD_OF_BUTTON = { wallet: "paypal", card: "stripe" } as const satisfies Record<Button, PaymentMethod>;
export const BUTTON_OF_METHOD: Record<PaymentMethod, Button> = { paypal: "wallet", stripe: "card" };

/** What a new payment at the provider answers. */
export interface StartedPayment {
  /** The provider's id of the order or hosted page: the checkout's `providerRef`. */
  ref: string;
  status: string;
  /** Where the shopper goes to approve or pay, when the provider gives one. */
  url: string | null;
}

/** The provider said no to a capture for a business reason (not approved, declined, already captured). */
export interface CaptureRefusal {
  refused: string;
}

/** What a signed event of the provider means for the store. */
export type ProviderEvent =
  /** A payment may have moved: read it and settle its checkout. */
  | { kind: "settle"; ref: string }
  /** The payment failed for good (an asynchronous payment method said no). */
  | { kind: "failed"; ref: string }
  /** Nothing the store acts on. */
  | { kind: "ignored" };

export interface PaymentProvider {
  /** The registration's id (server/payments/registry.ts): what the pages show as the button's mode. */
  readonly id: string;
  /** No money moves (the built-in sandbox): orders it pays are marked `sandbox`. */
  readonly sandbox: boolean;
  /**
   * Who takes the money: the store, with `capture`, after the buyer approved and the stock is held
   * ("store-captures"); or the provider's hosted page, which reports the payment ("provider-takes").
   */
  readonly takes: "store-captures" | "provider-takes";
  /** The shape of the provider's references: anything else is not one of the store's payments (no read, no call). */
  readonly refPattern: RegExp;
  /** Makes the provider's order or hosted page for the checkout; asking again for a checkout replays the first answer. */
  start(request: PaymentRequest): Promise<StartedPayment>;
  /** What the provider says about a payment now; null when it does not know it. */
  read(ref: string): Promise<PaymentObservation | null>;
  /** Present when `takes` is "store-captures": takes the approved money; `requestId` makes a retry replay it. */
  capture?(ref: string, requestId: string): Promise<PaymentObservation | CaptureRefusal>;
  /**
   * Gives money back: all of the payment without `amountCents` (money that should not have been
   * taken), or that part of it. A repeated `key` answers the first refund instead of making a second.
   */
  refund(paymentRef: string, key: string, amountCents?: number): Promise<{ id: string; status: string }>;
  /** Closes an open payment so it can no longer be paid; false when it was not open any more. */
  close(ref: string): Promise<boolean>;
  /** Signed events (webhooks): the event in these exact bytes, if the signature proves it; throws otherwise. */
  readonly events?: { verify(rawBody: Buffer, signature: string | undefined): ProviderEvent };
  /**
   * Orders the provider's browser script may make itself when the server cannot reach the
   * provider; the store verifies them by id (`read`) against the checkout they name.
   */
  readonly browserOrders?: boolean;
  /** The store's own approval or hosted page (the sandbox): the buyer's yes, and Cancel. */
  readonly sandboxPage?: { accept(ref: string): Promise<boolean>; cancel(ref: string): Promise<boolean> };
}

export function isCaptureRefusal(answer: PaymentObservation | CaptureRefusal): answer is CaptureRefusal {
  return "refused" in answer;
}
