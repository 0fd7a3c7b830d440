import { describe, expect, it } from "vitest";
import { emptyDatabasePerTest, migrationsAround, seedPaidOrder } from "../../tests/helpers/migration-test";
import { migrate } from "./migrate";

/**
 * 0008 renames the order's total_cents, which held the subtotal, to subtotal_cents
 * (docs/decisions/018-checkout-line-contract.md): an order stored before keeps its amounts.
 */

const NAME = "0008_order_subtotal";
const { before, upTo } = migrationsAround(NAME);

const db = emptyDatabasePerTest("order_migration");

describe(NAME, () => {
  it("keeps every stored order's subtotal under its new name, and still refuses a negative one", async () => {
    const { handle, session } = db;
    expect(before.length).toBeGreaterThan(0);
    await migrate(handle, before);
    await seedPaidOrder(session, "total_cents");

    await migrate(handle, upTo);

    const { rows } = await session.query("select subtotal_cents, tax_cents, shipping_cents from orders");
    expect(rows).toEqual([{ subtotal_cents: 12000, tax_cents: 1200, shipping_cents: 10 }]);
    const columns = await session.query(
      "select column_name from information_schema.columns where table_name = 'orders' and column_name like '%total%'",
    );
    expect(columns.rows.map((c) => (c as { column_name: string }).column_name)).toEqual(["subtotal_cents"]);
    await expect(session.query("update orders set subtotal_cents = -1")).rejects.toThrow(/orders_amounts_nonnegative/);
  });
});
