import { describe, expect, it } from "vitest";
import { emptyDatabasePerTest, migrationsAround } from "../../tests/helpers/migration-test";
import { spreadStock } from "../../domain/variants";
import { migrate } from "./migrate";

/**
 * 0010 turns each product's stock into stock per variant (docs/decisions/032-stock-per-variant.md):
 * floor(N / k) each, the first N mod k one more, in size order then colour order; no unit lost.
 */

const NAME = "0010_product_variants";
const { before, upTo } = migrationsAround(NAME);

const db = emptyDatabasePerTest("variants_migration");

const colors = (...names: string[]) => JSON.stringify(names.map((name) => ({ name, hex: "#000000" })));

const PRODUCTS: { title: string; sizes: string[]; colors: string; stock: number }[] = [
  { title: "Jacket", sizes: ["S", "M"], colors: colors("Black", "Cognac"), stock: 5 },
  { title: "Scarf", sizes: [], colors: colors(), stock: 3 },
  { title: "Sold out", sizes: ["XS", "S", "M"], colors: colors("Red"), stock: 0 },
  { title: "Tee", sizes: ["XS", "S", "M", "L", "XL", "XXL"], colors: colors(), stock: 100_000 },
  { title: "Bag", sizes: [], colors: colors("Tan", "Navy", "Olive"), stock: 7 },
  { title: "Old repeated colour", sizes: ["M"], colors: colors("Sand", "Sand"), stock: 3 },
];

describe(NAME, () => {
  it("spreads every product's stock over its variants, in size then colour order, sums unchanged", async () => {
    const { handle, session } = db;
    expect(before.length).toBeGreaterThan(0);
    await migrate(handle, before);
    for (const p of PRODUCTS) {
      await session.query(
        "insert into products (title, price_cents, category, sizes, colors, stock_count) values ($1, 100, 'Dress', $2, $3::jsonb, $4)",
        [p.title, p.sizes, p.colors, p.stock],
      );
    }
    const sumsBefore = (await session.query("select title, stock_count from products order by title")).rows;

    await migrate(handle, upTo);

    const { rows: jacket } = await session.query(
      "select v.size, v.color, v.stock from product_variants v join products p on p.id = v.product_id where p.title = 'Jacket' order by v.size desc, v.color",
    );
    expect(jacket).toEqual([
      { size: "S", color: "Black", stock: 2 },
      { size: "S", color: "Cognac", stock: 1 },
      { size: "M", color: "Black", stock: 1 },
      { size: "M", color: "Cognac", stock: 1 },
    ]);
    const sumsAfter = (
      await session.query(
        "select p.title, coalesce(sum(v.stock), 0)::int as stock_count from products p left join product_variants v on v.product_id = p.id group by p.title order by p.title",
      )
    ).rows;
    expect(sumsAfter).toEqual(sumsBefore);

    // The SQL and the domain's rule agree, product by product, variant by variant.
    for (const p of PRODUCTS) {
      const names = (JSON.parse(p.colors) as { name: string }[]).map((c) => c.name);
      const { rows } = await session.query(
        "select v.size, v.color, v.stock from product_variants v join products p on p.id = v.product_id where p.title = $1",
        [p.title],
      );
      const expected = spreadStock(p.stock, p.sizes, names);
      expect(rows).toHaveLength(expected.length);
      expect(rows).toEqual(expect.arrayContaining(expected));
    }
  });

  it("refuses a negative variant stock and a second row of one combination, nulls included", async () => {
    const { handle, session } = db;
    await migrate(handle, upTo);
    const { rows } = await session.query(
      "insert into products (title, price_cents, category) values ('Scarf', 100, 'Dress') returning id",
    );
    const id = (rows[0] as { id: string }).id;
    await expect(
      session.query("insert into product_variants (product_id, stock) values ($1, -1)", [id]),
    ).rejects.toThrow(/product_variants_stock_nonnegative/);
    await session.query("insert into product_variants (product_id, stock) values ($1, 1)", [id]);
    await expect(
      session.query("insert into product_variants (product_id, stock) values ($1, 1)", [id]),
    ).rejects.toThrow(/product_variants_choice_unique/);
    await session.query("delete from products where id = $1", [id]);
    expect((await session.query("select count(*)::int as n from product_variants")).rows).toEqual([{ n: 0 }]);
  });
});
