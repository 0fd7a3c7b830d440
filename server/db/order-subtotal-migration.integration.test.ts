import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmptyDatabase } from "../../tests/helpers/database";
import type { DatabaseHandle, RawSession } from "./client";
import { migrate, readMigrations } from "./migrate";

/**
 * 0008 renames the order's total_cents, which held the subtotal, to subtotal_cents
 * (docs/decisions/018-checkout-line-contract.md): an order stored before keeps its amounts.
 */

const all = readMigrations();
const NAME = "0008_order_subtotal";
const before = all.slice(0, all.findIndex((m) => m.name === NAME));
const upTo = all.slice(0, all.findIndex((m) => m.name === NAME) + 1);

let handle: DatabaseHandle;
let session: RawSession;
beforeEach(async () => {
  handle = await createEmptyDatabase("order_migration");
  session = await handle.session();
});
afterEach(async () => {
  session.release();
  await handle.close();
});

describe(NAME, () => {
  it("keeps every stored order's subtotal under its new name, and still refuses a negative one", async () => {
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
    await session.query(
      `insert into orders (checkout_id, user_id, user_email, user_name, items, total_cents, tax_cents, shipping_cents, shipping_address, billing_address, payment_method, payment_id, status, status_history)
       values ($1, $2, 'ada@example.com', 'Ada', '[]', 12000, 1200, 10, $3, $3, 'stripe', 'pi_1', 'placed', '[]')`,
      [(checkout.rows[0] as { id: string }).id, userId, address],
    );

    await migrate(handle, upTo);

    const { rows } = await session.query(
      "select subtotal_cents, tax_cents, shipping_cents from orders",
    );
    expect(rows).toEqual([{ subtotal_cents: 12000, tax_cents: 1200, shipping_cents: 10 }]);
    const columns = await session.query(
      "select column_name from information_schema.columns where table_name = 'orders' and column_name like '%total%'",
    );
    expect(columns.rows.map((c) => (c as { column_name: string }).column_name)).toEqual(["subtotal_cents"]);
    await expect(session.query("update orders set subtotal_cents = -1")).rejects.toThrow(/orders_amounts_nonnegative/);
  });
});
