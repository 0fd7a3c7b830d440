import { describe, expect, it } from "vitest";
import { emptyDatabasePerTest, migrationsAround } from "../../tests/helpers/migration-test";
import { migrate } from "./migrate";

/**
 * 0019_size_guides_and_fit on a database that 0.4.0 filled: its reviews keep no fit answer,
 * 0.4.0's insert (no fit column named) still works after it, an unknown answer is refused,
 * and the migration can run a second time (a rolling upgrade's second instance, `migrate --status`).
 */

const PRODUCT = "6f1f0a52-8f0e-4d63-9b5e-0a6f8d7f0020";
const NAME = "0019_size_guides_and_fit";

const db = emptyDatabasePerTest("fit_migration");

const insertReview = (userId: string) =>
  db.session.query(
    `insert into reviews (product_id, user_id, user_name, text, rating) values ($1, $2, 'Ada', 'Old', 4)`,
    [PRODUCT, userId],
  );

describe(NAME, () => {
  it("keeps 0.4.0's reviews and inserts working, refuses an unknown answer, and runs twice", async () => {
    const { handle, session } = db;
    const { before, upTo } = migrationsAround(NAME);
    await migrate(handle, before);
    await session.query(
      `insert into products (id, title, price_cents, category) values ($1, 'Old shoe', 1000, 'Shoes')`,
      [PRODUCT],
    );
    await insertReview("before-upgrade");
    await migrate(handle, upTo);

    // 0.4.0 keeps inserting without the column.
    await insertReview("old-release-after");
    const { rows } = await session.query("select user_id, fit from reviews order by user_id");
    expect(rows).toEqual([
      { user_id: "before-upgrade", fit: null },
      { user_id: "old-release-after", fit: null },
    ]);
    await session.query("update reviews set fit = 'true_to_size' where user_id = 'before-upgrade'");
    await expect(session.query("update reviews set fit = 'huge' where user_id = 'before-upgrade'")).rejects.toThrow();

    await session.query(
      `insert into size_guides (category, rows) values ('Shoes', '[{"size":"M","cm":{"foot":24.5}}]')`,
    );
    // The newest migration again: nothing fails, nothing is lost.
    const sql = upTo.at(-1)?.sql ?? "";
    for (const statement of sql.split("--> statement-breakpoint")) await session.query(statement);
    const guides = await session.query("select category from size_guides");
    expect(guides.rows).toEqual([{ category: "Shoes" }]);
    const kept = await session.query("select fit from reviews where user_id = 'before-upgrade'");
    expect(kept.rows).toEqual([{ fit: "true_to_size" }]);
  });
});
