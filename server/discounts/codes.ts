import { and, count, eq } from "drizzle-orm";
import type { DiscountRule } from "../../domain/discounts";
import type { Database, Tx } from "../db/client";
import { discountCodes, discountRedemptions } from "../db/schema";

/** A stored code. */
export type DiscountRow = typeof discountCodes.$inferSelect;

/** The database or an open transaction. */
export type DiscountExecutor = Pick<Database, "select"> | Tx;

/** The stored code of this (normalised) text, or undefined. */
export async function findCode(executor: DiscountExecutor, code: string): Promise<DiscountRow | undefined> {
  const [row] = await executor.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row;
}

/** The code row by id, locked (SELECT … FOR UPDATE): two orders counting its last use take turns here. */
export async function lockCode(tx: Tx, discountId: string): Promise<DiscountRow | undefined> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, discountId)).for("update");
  return row;
}

/** How many orders this customer has placed with this code. */
export async function customerUses(executor: DiscountExecutor, discountId: string, userId: string): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountId, discountId), eq(discountRedemptions.userId, userId)));
  return Number(row?.n ?? 0);
}

/** The rule's fields of a row. */
export function ruleOf(row: DiscountRow): DiscountRule {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountCents: row.amountCents,
    minSubtotalCents: row.minSubtotalCents,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    totalLimit: row.totalLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
    usedCount: row.usedCount,
  };
}
