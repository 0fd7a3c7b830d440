import { describe, expect, it } from "vitest";
import { emptyDatabasePerTest, migrationsAround } from "../../tests/helpers/migration-test";
import { migrate } from "./migrate";

/**
 * 0018 (decision 059) on a store with products: the unaccented document and the catalogue's
 * words are there for the products already stored, a second run changes nothing, and a product
 * written the way 0.4.0 writes it (which knows nothing of them) gets both.
 */

const NAME = "0018_search";
const { before, upTo } = migrationsAround(NAME);
const db = emptyDatabasePerTest("search_migration");

/** A product as 0.4.0 inserts it: its own columns, none of 0018's. */
const insertAsBefore = (title: string, description: string) =>
  db.session.query("insert into products (title, description, price_cents, category) values ($1, $2, 1000, 'Dress')", [
    title,
    description,
  ]);

const words = async () =>
  (await db.session.query("select word from search_words order by word")).rows.map((r) => (r as { word: string }).word);

describe(NAME, () => {
  it("fills the document and the words for stored products, runs twice, and follows 0.4.0's writes", async () => {
    const { handle, session } = db;
    expect(before.length).toBeGreaterThan(0);
    await migrate(handle, before);
    await insertAsBefore("Café Floral Dress", "Light as air.");

    await migrate(handle, upTo);
    expect(await words()).toEqual(["air", "cafe", "dress", "floral", "light"]);
    const { rows } = await session.query("select search_document::text as doc from products");
    expect((rows[0] as { doc: string }).doc).toContain("'cafe':1A");

    // Re-runnable: the whole file again changes nothing and fails nothing.
    const sql = upTo.at(-1)?.sql ?? "";
    expect(upTo.at(-1)?.name).toBe(NAME);
    await session.exec(sql.split("--> statement-breakpoint").join("\n"));
    expect(await words()).toEqual(["air", "cafe", "dress", "floral", "light"]);

    await insertAsBefore("Wool Jacket", "Warm.");
    expect(await words()).toEqual(["air", "cafe", "dress", "floral", "jacket", "light", "warm", "wool"]);
    const found = await session.query(
      "select title from products where search_document @@ to_tsquery('english', store_unaccent('jacket')) order by title",
    );
    expect(found.rows).toEqual([{ title: "Wool Jacket" }]);
    // A title changed by 0.4.0 adds its new words too.
    await session.query("update products set title = 'Crème Jacket' where title = 'Wool Jacket'");
    expect(await words()).toContain("creme");
  });
});
