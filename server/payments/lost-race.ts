import { discountMessages } from "../../domain/discounts";
import { DiscountUsedUpError, OutOfStockError } from "../../domain/errors";
import { paymentMessages } from "../../domain/payment-messages";

/** What a payment that lost a race for the last pieces or the last use of a code says and records. */
export interface LostRace {
  code: "out_of_stock" | "discount_used_up";
  /** The checkout's failure reason when the money is given back after capture. */
  refundReason: string;
  /** The checkout's failure reason when it is refused before capture (PayPal's hold). */
  holdReason: string;
  /** The shopper's sentence when the money was refunded. */
  refunded: string;
  /** The shopper's sentence when no money was taken. */
  notCharged: string;
}

/**
 * The fulfilment transaction's signals that another order took what this one needed: the last
 * pieces (OutOfStockError) or the last use of its discount code (DiscountUsedUpError). Both are
 * answered the same way: the money goes back, or is never taken (docs/decisions/034-discount-codes.md).
 * Null for anything else.
 */
export function lostRace(error: unknown): LostRace | null {
  if (error instanceof OutOfStockError) {
    return {
      code: "out_of_stock",
      refundReason: "sold out before the order was recorded",
      holdReason: "sold out before capture",
      refunded: paymentMessages.soldOutRefunded,
      notCharged: paymentMessages.soldOutNotCharged,
    };
  }
  if (error instanceof DiscountUsedUpError) {
    return {
      code: "discount_used_up",
      refundReason: "discount code used up before the order was recorded",
      holdReason: "discount code used up before capture",
      refunded: discountMessages.usedUpRefunded,
      notCharged: discountMessages.usedUpNotCharged,
    };
  }
  return null;
}
