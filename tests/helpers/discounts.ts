import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "../../server/db/client";
import { discountCodes, discountRedemptions } from "../../server/db/schema";

export type NewDiscount = typeof discountCodes.$inferInsert;

let counter = 0;

/** A discount code straight into the table: 15 % off, no minimum, started yesterday, no end, no limits, unless told. */
export async function insertCode(database: DatabaseHandle, fields: Partial<NewDiscount> = {}) {
  counter++;
  const [row] = await database.db
    .insert(discountCodes)
    .values({
      code: `TEST${counter}${Date.now().toString(36).toUpperCase()}`,
      kind: "percent",
      percent: 15,
      startsAt: new Date(Date.now() - 86_400_000),
      ...fields,
    })
    .returning();
  return row;
}

export async function codeById(database: DatabaseHandle, id: string) {
  const [row] = await database.db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row;
}

export function redemptionsOf(database: DatabaseHandle, discountId: string) {
  return database.db.select().from(discountRedemptions).where(eq(discountRedemptions.discountId, discountId));
}
