import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

/**
 * One module writes each table (docs/decisions/019-checkout-writer-and-provider-modes.md). A
 * module is a folder of server/ (server/orders, server/payments...). This test reads every
 * non-test file of server/ for drizzle writes (`.insert(t)`, `.update(t)`, `.delete(t)` on a
 * table of the schema) and compares who writes with who owns.
 */

const ROOT = path.resolve(import.meta.dirname, "..");

/** The owner of each table's writes. */
const OWNERS: Record<string, string> = {
  users: "server/accounts",
  addresses: "server/accounts",
  products: "server/catalog",
  product_variants: "server/catalog",
  reviews: "server/reviews",
  orders: "server/orders",
  order_refunds: "server/orders",
  return_requests: "server/orders",
  saved_carts: "server/cart",
  // Size guides per category, docs/decisions/060-size-guides-and-fit.md (the demo seed calls its writeSizeGuide).
  size_guides: "server/catalog",
  stock_alerts: "server/catalog",
  checkouts: "server/checkouts",
  sandbox_payments: "server/payments",
  outbox: "server/mail",
  auth_throttles: "server/limits",
  // The administrator (admin-discounts.ts) and the order's count of a use (redemptions.ts), docs/decisions/034-discount-codes.md.
  discount_codes: "server/discounts",
  discount_redemptions: "server/discounts",
  // The owner's synonyms (server/catalog/search-synonyms.ts, decision 059). search_words has no
  // writer here: the trigger of migration 0018 fills it from every product written.
  search_synonyms: "server/catalog",
  search_words: "server/catalog",
  // better-auth writes these through its Drizzle adapter (configured in server/auth/auth.ts, so
  // not seen here); the only drizzle writes are server/auth/purge.ts deleting rows a day past
  // their expiry (docs/decisions/029-housekeeping.md).
  sessions: "server/auth",
  verifications: "server/auth",
};

/**
 * Second writers, each with its reason. Keep this short: a second writer needs a reason a
 * reviewer accepts, written here.
 */
const ALSO_WRITTEN_BY: Record<string, Record<string, string>> = {
  products: {
    // Stock counts move inside the fulfilment transaction with the order they belong to, through
    // server/catalog/variant-stock.ts (takeStock/returnStock in server/orders/service.ts call it).
    "server/demo": "the demo catalogue's seed inserts its products once, on an empty table",
  },
};

/** The one file inside the owner that writes the table, where the rule is tighter than the folder. */
const OWNER_FILES: Record<string, string> = {
  product_variants: "server/catalog/variant-stock.ts",
  order_refunds: "server/orders/refunds.ts",
  return_requests: "server/orders/returns.ts",
  saved_carts: "server/cart/saved-carts.ts",
  size_guides: "server/catalog/size-guides.ts",
  search_synonyms: "server/catalog/search-synonyms.ts",
  stock_alerts: "server/catalog/stock-alerts.ts",
  checkouts: "server/checkouts/checkouts.ts",
  discount_redemptions: "server/discounts/redemptions.ts",
  sessions: "server/auth/purge.ts",
  verifications: "server/auth/purge.ts",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Export name in the schema -> SQL table name. */
const tables = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, value]) => [name, getTableName(value as PgTable)]),
);

const WRITE = /\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g;

/** table -> module -> files */
function writers(): Map<string, Map<string, Set<string>>> {
  const found = new Map<string, Map<string, Set<string>>>();
  for (const file of sourceFiles(ROOT)) {
    const relative = path.relative(path.dirname(ROOT), file).split(path.sep).join("/");
    const module = relative.split("/").slice(0, 2).join("/");
    for (const match of readFileSync(file, "utf8").matchAll(WRITE)) {
      const table = tables.get(match[2]);
      if (!table) continue;
      const byModule = found.get(table) ?? new Map<string, Set<string>>();
      byModule.set(module, (byModule.get(module) ?? new Set()).add(relative));
      found.set(table, byModule);
    }
  }
  return found;
}

describe("one module writes each table", () => {
  const found = writers();

  it("finds the writes it looks for", () => {
    expect(found.get("orders")?.get("server/orders")?.size).toBeGreaterThan(0);
    expect([...tables.values()]).toContain("checkouts");
  });

  it.each([...tables.values()].filter((table) => found.has(table)))("%s is written by its owner only", (table) => {
    const allowed = new Set([OWNERS[table], ...Object.keys(ALSO_WRITTEN_BY[table] ?? {})]);
    const modules = [...(found.get(table)?.keys() ?? [])];
    expect(OWNERS[table], `no owner declared for ${table}`).toBeDefined();
    expect(modules.filter((module) => !allowed.has(module))).toEqual([]);
  });

  it.each(Object.entries(OWNER_FILES))("%s is written by %s alone", (table, file) => {
    expect([...(found.get(table)?.values() ?? [])].flatMap((files) => [...files])).toEqual([file]);
  });

  it("has no stale second writer on its allow-list", () => {
    for (const [table, extra] of Object.entries(ALSO_WRITTEN_BY)) {
      for (const module of Object.keys(extra))
        expect(found.get(table)?.has(module), `${module} no longer writes ${table}`).toBe(true);
    }
  });
});
