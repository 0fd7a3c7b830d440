import { describe, expect, it } from "vitest";
import { emptyDatabasePerTest, migrationsAround, seedPaidOrder } from "../../tests/helpers/migration-test";
import { migrate } from "./migrate";

/**
 * 0013 lets order_refunds hold partial cancellations (docs/decisions/039-returns-only-after-shipping.md):
 * the refunds stored before keep their kinds, the new kind is accepted, and a kind nobody knows is
 * still refused.
 */

const NAME = "0013_partial_cancellations";
const { before, upTo } = migrationsAround(NAME);

const db = emptyDatabasePerTest("partial_cancellation_migration");

describe(NAME, () => {
  it("keeps the refunds stored before and accepts partial cancellations, nothing else", async () => {
    const { handle, session } = db;
    expect(before.length).toBeGreaterThan(0);
    await migrate(handle, before);
    await seedPaidOrder(session, "subtotal_cents");
    const orderId = ((await session.query("select id from orders")).rows[0] as { id: string }).id;
    const refund = (sequence: number, kind: string) =>
      session.query(
        `insert into order_refunds (order_id, sequence, kind, amount_cents, lines, restocked, idempotency_key, status, actor)
         values ($1, $2, $3, 100, '[{"index":0,"quantity":1}]', true, $4, 'succeeded', 'admin')`,
        [orderId, sequence, kind, `refund-${orderId}-${sequence}`],
      );
    await refund(1, "return");
    await expect(refund(2, "partial_cancellation")).rejects.toThrow(/order_refunds_kind_known/);

    await migrate(handle, upTo);

    await refund(2, "partial_cancellation");
    await refund(3, "cancellation");
    await expect(refund(4, "refund")).rejects.toThrow(/order_refunds_kind_known/);
    expect((await session.query("select sequence, kind from order_refunds order by sequence")).rows).toEqual([
      { sequence: 1, kind: "return" },
      { sequence: 2, kind: "partial_cancellation" },
      { sequence: 3, kind: "cancellation" },
    ]);
  });
});
