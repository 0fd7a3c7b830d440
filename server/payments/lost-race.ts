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

/** A race lost for `what` (the reasons read "<what> before capture", "<what> before the order was recorded"). */
function race(code: LostRace["code"], what: string, refunded: string, notCharged: string): LostRace {
  return {
    code,
    refundReason: `${what} before the order was recorded`,
    holdReason: `${what} before capture`,
    refunded,
    notCharged,
  };
}

const SOLD_OUT = race("out_of_stock", "sold out", paymentMessages.soldOutRefunded, paymentMessages.soldOutNotCharged);
const CODE_USED_UP = race(
  "discount_used_up",
  "discount code used up",
  discountMessages.usedUpRefunded,
  discountMessages.usedUpNotCharged,
);

/**
 * The fulfilment transaction's signals that another order took what this one needed: the last
 * pieces (OutOfStockError) or the last use of its discount code (DiscountUsedUpError). Both are
 * answered the same way: the money goes back, or is never taken (docs/decisions/034-discount-codes.md).
 * Null for anything else.
 */
export function lostRace(error: unknown): LostRace | null {
  if (error instanceof OutOfStockError) return SOLD_OUT;
  if (error instanceof DiscountUsedUpError) return CODE_USED_UP;
  return null;
}
