import { describe, expect, it } from "vitest";
import { emptyDatabasePerTest, migrationsAround, seedPaidOrder } from "../../tests/helpers/migration-test";
import { migrate } from "./migrate";

/**
 * 0012 adds discount codes (docs/decisions/034-discount-codes.md) and a discount to checkouts and
 * orders, and rewrites both totals checks: checkouts and orders stored before keep their amounts
 * with no discount, and the new checks hold for them and refuse what does not add up.
 */

const NAME = "0012_discount_codes";
const { before, upTo } = migrationsAround(NAME);

const db = emptyDatabasePerTest("discount_migration");

describe(NAME, () => {
  it("keeps stored checkouts and orders, without a discount, and checks the new totals", async () => {
    const { handle, session } = db;
    expect(before.length).toBeGreaterThan(0);
    await migrate(handle, before);
    await seedPaidOrder(session, "subtotal_cents");

    await migrate(handle, upTo);

    expect(
      (await session.query("select discount_code, discount_cents, discount_id, total_cents from checkouts")).rows,
    ).toEqual([{ discount_code: null, discount_cents: 0, discount_id: null, total_cents: 13210 }]);
    expect((await session.query("select discount_code, discount_cents, subtotal_cents from orders")).rows).toEqual([
      { discount_code: null, discount_cents: 0, subtotal_cents: 12000 },
    ]);
    // A discount that the total does not reflect, or one above the subtotal, is refused.
    await expect(session.query("update checkouts set discount_cents = 1500")).rejects.toThrow(
      /checkouts_total_adds_up/,
    );
    await session.query("update checkouts set discount_cents = 1500, tax_cents = 1050, total_cents = 11560");
    await expect(session.query("update orders set discount_cents = 12001")).rejects.toThrow(
      /orders_amounts_nonnegative/,
    );

    // The codes' own checks.
    const code = (values: string) =>
      session.query(
        `insert into discount_codes (code, kind, percent, amount_cents, total_limit, used_count, ends_at) values ${values}`,
      );
    await code("('GOOD15', 'percent', 15, null, 2, 0, null)");
    await expect(code("('OVER', 'percent', 101, null, null, 0, null)")).rejects.toThrow(
      /discount_codes_value_fits_kind/,
    );
    await expect(code("('NEG', 'fixed', null, -5, null, 0, null)")).rejects.toThrow(/discount_codes_value_fits_kind/);
    await expect(code("('PAST', 'percent', 10, null, null, 0, now() - interval '1 day')")).rejects.toThrow(
      /discount_codes_ends_after_start/,
    );
    await expect(code("('GOOD15', 'fixed', null, 500, null, 0, null)")).rejects.toThrow(/discount_codes_code_unique/);
    await expect(session.query("update discount_codes set used_count = 3 where code = 'GOOD15'")).rejects.toThrow(
      /discount_codes_uses_within_limit/,
    );
  });
});
