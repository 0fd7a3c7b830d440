import { eq, sql } from "drizzle-orm";
import { discountRefusal } from "../../domain/discounts";
import { DiscountUsedUpError } from "../../domain/errors";
import type { Tx } from "../db/client";
import { discountCodes, discountRedemptions } from "../db/schema";
import { customerUses, lockCode, ruleOf } from "./codes";

/**
 * Checks, with the code's row locked until the transaction ends, that a use is still there for
 * this customer. Only the limits are checked again: a code that expired or was switched off
 * after the payment started is honoured at the price the shopper was charged
 * (docs/decisions/034-discount-codes.md). Throws DiscountUsedUpError otherwise.
 */
export async function holdDiscountUse(tx: Tx, discountId: string, userId: string): Promise<void> {
  const row = await lockCode(tx, discountId);
  if (!row) throw new DiscountUsedUpError(discountId);
  const rule = { ...ruleOf(row), active: true, startsAt: new Date(0), endsAt: null, minSubtotalCents: 0 };
  const uses = row.perCustomerLimit === null ? 0 : await customerUses(tx, discountId, userId);
  if (discountRefusal(rule, { now: new Date(), subtotalCents: 0, customerUses: uses }))
    throw new DiscountUsedUpError(discountId);
}

/**
 * Counts one use for an order, in the order's own transaction: after holdDiscountUse in the
 * same transaction (the row is locked), so two orders cannot both take the last use.
 */
export async function redeemDiscount(
  tx: Tx,
  use: { discountId: string; userId: string; orderId: string },
): Promise<void> {
  await tx.insert(discountRedemptions).values(use);
  const counted = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(eq(discountCodes.id, use.discountId))
    .returning({ id: discountCodes.id });
  if (!counted.length) throw new DiscountUsedUpError(use.discountId);
}
