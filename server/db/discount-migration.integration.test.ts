import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmptyDatabase } from "../../tests/helpers/database";
import type { DatabaseHandle, RawSession } from "./client";
import { migrate, readMigrations } from "./migrate";

/**
 * 0012 adds discount codes (docs/decisions/034-discount-codes.md) and a discount to checkouts and
 * orders, and rewrites both totals checks: checkouts and orders stored before keep their amounts
 * with no discount, and the new checks hold for them and refuse what does not add up.
 */

const all = readMigrations();
const NAME = "0012_discount_codes";
const before = all.slice(0, all.findIndex((m) => m.name === NAME));
const upTo = all.slice(0, all.findIndex((m) => m.name === NAME) + 1);

let handle: DatabaseHandle;
let session: RawSession;
beforeEach(async () => {
  handle = await createEmptyDatabase("discount_migration");
  session = await handle.session();
});
afterEach(async () => {
  session.release();
  await handle.close();
});

describe(NAME, () => {
  it("keeps stored checkouts and orders, without a discount, and checks the new totals", async () => {
    expect(before.length).toBeGreaterThan(0);
    await migrate(handle, before);
    const userId = randomUUID();
    await session.query(`insert into users (id, name, email) values ($1, 'Ada', 'ada@example.com')`, [userId]);
    const address = JSON.stringify({ name: "Ada", street: "1 Loom St", city: "Leeds", state: "WY", zipCode: "12345", country: "US", phone: "555" });
    const checkout = await session.query(
      `insert into checkouts (user_id, provider, lines, subtotal_cents, tax_cents, shipping_cents, total_cents, shipping_address, billing_address, status)
       values ($1, 'stripe', '[]', 12000, 1200, 10, 13210, $2, $2, 'completed') returning id`,
      [userId, address],
    );
    const checkoutId = (checkout.rows[0] as { id: string }).id;
    await session.query(
      `insert into orders (checkout_id, user_id, user_email, user_name, items, subtotal_cents, tax_cents, shipping_cents, shipping_address, billing_address, payment_method, payment_id, status, status_history)
       values ($1, $2, 'ada@example.com', 'Ada', '[]', 12000, 1200, 10, $3, $3, 'stripe', 'pi_1', 'placed', '[]')`,
      [checkoutId, userId, address],
    );

    await migrate(handle, upTo);

    expect((await session.query("select discount_code, discount_cents, discount_id, total_cents from checkouts")).rows).toEqual([
      { discount_code: null, discount_cents: 0, discount_id: null, total_cents: 13210 },
    ]);
    expect((await session.query("select discount_code, discount_cents, subtotal_cents from orders")).rows).toEqual([
      { discount_code: null, discount_cents: 0, subtotal_cents: 12000 },
    ]);
    // A discount that the total does not reflect, or one above the subtotal, is refused.
    await expect(session.query("update checkouts set discount_cents = 1500")).rejects.toThrow(/checkouts_total_adds_up/);
    await session.query("update checkouts set discount_cents = 1500, tax_cents = 1050, total_cents = 11560");
    await expect(session.query("update orders set discount_cents = 12001")).rejects.toThrow(/orders_amounts_nonnegative/);

    // The codes' own checks.
    const code = (values: string) => session.query(`insert into discount_codes (code, kind, percent, amount_cents, total_limit, used_count, ends_at) values ${values}`);
    await code("('GOOD15', 'percent', 15, null, 2, 0, null)");
    await expect(code("('OVER', 'percent', 101, null, null, 0, null)")).rejects.toThrow(/discount_codes_value_fits_kind/);
    await expect(code("('NEG', 'fixed', null, -5, null, 0, null)")).rejects.toThrow(/discount_codes_value_fits_kind/);
    await expect(code("('PAST', 'percent', 10, null, null, 0, now() - interval '1 day')")).rejects.toThrow(/discount_codes_ends_after_start/);
    await expect(code("('GOOD15', 'fixed', null, 500, null, 0, null)")).rejects.toThrow(/discount_codes_code_unique/);
    await expect(session.query("update discount_codes set used_count = 3 where code = 'GOOD15'")).rejects.toThrow(/discount_codes_uses_within_limit/);
  });
});
