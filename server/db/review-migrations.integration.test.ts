import { describe, expect, it } from "vitest";
import { emptyDatabasePerTest, migrationsAround } from "../../tests/helpers/migration-test";
import { REVIEWER_NAME_CASES } from "../../tests/helpers/reviewer-names";
import { migrate } from "./migrate";

/**
 * The migrations that fix reviews already stored: 0003 renames their authors by the rule of
 * domain/reviewer-name.ts, 0004 keeps each shopper's newest review of a product and then
 * makes the database refuse a second one.
 */

const PRODUCT = "6f1f0a52-8f0e-4d63-9b5e-0a6f8d7f0001";

const db = emptyDatabasePerTest("review_migrations");

async function seedProduct() {
  await db.session.query(
    `insert into products (id, title, price_cents, category) values ($1, 'Old dress', 1000, 'Dress')`,
    [PRODUCT],
  );
}

async function seedUser(id: string, fields: { firstName?: string | null; name?: string | null }) {
  await db.session.query(`insert into users (id, name, email, first_name) values ($1, $2, $3, $4)`, [
    id,
    fields.name ?? "",
    `${id}@example.com`,
    fields.firstName ?? null,
  ]);
}

async function seedReview(userId: string, userName: string, createdAt = "2024-01-01T00:00:00Z", text = "Old review") {
  await db.session.query(
    `insert into reviews (product_id, user_id, user_name, text, rating, created_at) values ($1, $2, $3, $4, 4, $5)`,
    [PRODUCT, userId, userName, text, createdAt],
  );
}

describe("0003_review_author_names", () => {
  it("gives every stored review the name the rule gives a new one", async () => {
    const { handle, session } = db;
    await migrate(handle, migrationsAround("0003_review_author_names").before);
    await seedProduct();
    for (const [i, [, account]] of REVIEWER_NAME_CASES.entries()) {
      await seedUser(`user${i}`, account);
      // What an older release stored: the full name, else the display name, else the e-mail.
      await seedReview(`user${i}`, `user${i}@example.com`);
    }
    await migrate(handle, migrationsAround("0003_review_author_names").upTo);
    const { rows } = await session.query("select user_id, user_name from reviews order by user_id");
    const byUser = new Map(rows.map((r) => [String(r.user_id), String(r.user_name)]));
    for (const [i, [what, , expected]] of REVIEWER_NAME_CASES.entries())
      expect(byUser.get(`user${i}`), what).toBe(expected);
  });

  it("keeps the first word of the name of an author whose account is gone, never an address", async () => {
    const { handle, session } = db;
    await migrate(handle, migrationsAround("0003_review_author_names").before);
    await seedProduct();
    await seedReview("gone1", "Hana  Kobayashi", "2024-01-01T00:00:00Z");
    await seedReview("gone2", "ivan@example.com", "2024-01-02T00:00:00Z");
    await seedReview("gone3", "  ", "2024-01-03T00:00:00Z");
    await migrate(handle);
    const { rows } = await session.query("select user_name from reviews order by created_at");
    expect(rows.map((r) => r.user_name)).toEqual(["Hana", "Customer", "Customer"]);
  });
});

describe("0004_one_review_per_product", () => {
  it("keeps each shopper's newest review of a product, then refuses a second one", async () => {
    const { handle, session } = db;
    await migrate(handle, migrationsAround("0004_one_review_per_product").before);
    await seedProduct();
    await seedUser("ann", { firstName: "Ann" });
    await seedUser("ben", { firstName: "Ben" });
    await seedReview("ann", "Ann", "2024-01-01T00:00:00Z", "Ann first");
    await seedReview("ann", "Ann", "2024-03-01T00:00:00Z", "Ann newest");
    await seedReview("ann", "Ann", "2024-02-01T00:00:00Z", "Ann middle");
    await seedReview("ben", "Ben", "2024-01-05T00:00:00Z", "Ben only");
    await migrate(handle);

    const { rows } = await session.query("select text, updated_at from reviews order by text");
    expect(rows.map((r) => r.text)).toEqual(["Ann newest", "Ben only"]);
    expect(rows.every((r) => r.updated_at === null)).toBe(true);
    await expect(seedReview("ann", "Ann", "2024-04-01T00:00:00Z", "Ann again")).rejects.toThrow(
      /reviews_one_per_author_idx/,
    );
  });
});
