import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import type { DatabaseHandle, RawSession } from "../../server/db/client";
import { MANIFEST_FILE, readMigrations } from "../../server/db/migrate";
import { createEmptyDatabase } from "./database";

/** Every migration, in order. */
export const allMigrations = readMigrations();

/**
 * A migrations folder of a test's own, as server/db/migrations is laid out: the SQL files and a
 * manifest.json listing each with its SHA-256 and rolling-upgrade flag (default true). Returns its path.
 */
export function migrationsFolder(files: { name: string; sql: string; rollingUpgrade?: boolean }[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "store-migrations-"));
  for (const file of files) writeFileSync(path.join(dir, `${file.name}.sql`), file.sql);
  const migrations = files.map((file) => ({
    name: `${file.name}.sql`,
    sha256: createHash("sha256").update(file.sql).digest("hex"),
    rollingUpgrade: file.rollingUpgrade ?? true,
  }));
  writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify({ migrations }, null, 2));
  return dir;
}

/** The migrations before `name`, and those up to and including it. */
export function migrationsAround(name: string) {
  const index = allMigrations.findIndex((m) => m.name === name);
  if (index < 0) throw new Error(`No migration named ${name}`);
  return { before: allMigrations.slice(0, index), upTo: allMigrations.slice(0, index + 1) };
}

export interface EmptyDatabase {
  handle: DatabaseHandle;
  session: RawSession;
}

/**
 * An empty, unmigrated database for each test of the file (named after `label` on PostgreSQL),
 * with a raw session; both are closed after the test. Read its fields inside a test.
 */
export function emptyDatabasePerTest(label: string): EmptyDatabase {
  const db = {} as EmptyDatabase;
  beforeEach(async () => {
    db.handle = await createEmptyDatabase(label);
    db.session = await db.handle.session();
  });
  afterEach(async () => {
    db.session.release();
    await db.handle.close();
  });
  return db;
}

/**
 * A shopper (Ada) with a completed Stripe checkout of 120.00 + 12.00 tax + 0.10 shipping and its
 * placed order, as the tables stood before 0012. `orderAmount` names the order's subtotal column:
 * `total_cents` before 0008 renamed it, `subtotal_cents` after.
 */
export async function seedPaidOrder(session: RawSession, orderAmount: "total_cents" | "subtotal_cents") {
  const userId = randomUUID();
  await session.query(`insert into users (id, name, email) values ($1, 'Ada', 'ada@example.com')`, [userId]);
  const address = JSON.stringify({
    name: "Ada",
    street: "1 Loom St",
    city: "Leeds",
    state: "WY",
    zipCode: "12345",
    country: "US",
    phone: "555",
  });
  const checkout = await session.query(
    `insert into checkouts (user_id, provider, lines, subtotal_cents, tax_cents, shipping_cents, total_cents, shipping_address, billing_address, status)
     values ($1, 'stripe', '[]', 12000, 1200, 10, 13210, $2, $2, 'completed') returning id`,
    [userId, address],
  );
  const checkoutId = (checkout.rows[0] as { id: string }).id;
  await session.query(
    `insert into orders (checkout_id, user_id, user_email, user_name, items, ${orderAmount}, tax_cents, shipping_cents, shipping_address, billing_address, payment_method, payment_id, status, status_history)
     values ($1, $2, 'ada@example.com', 'Ada', '[]', 12000, 1200, 10, $3, $3, 'stripe', 'pi_1', 'placed', '[]')`,
    [checkoutId, userId, address],
  );
  return { userId, checkoutId };
}
