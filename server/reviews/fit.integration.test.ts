import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fitMessages, fitSummary } from "../../domain/fit";
import { createTestDatabase } from "../../tests/helpers/database";
import { insertProducts } from "../../tests/helpers/products";
import { insertUser } from "../../tests/helpers/reviews";
import { createThrottle } from "../limits/throttle";
import type { DatabaseHandle } from "../db/client";
import { authThrottles, products, reviews, users } from "../db/schema";
import { createLogger } from "../logger";
import { createReviewsService, type ReviewsService } from "./service";

let handle: DatabaseHandle;
let service: ReviewsService;
let productId: string;
let otherProductId: string;
const person = async (n: number) => ({
  id: await insertUser(handle.db, { email: `fit${n}@example.com`, firstName: `Fit${n}` }),
  isAdmin: false,
});

beforeAll(async () => {
  handle = await createTestDatabase();
  service = createReviewsService({
    db: handle.db,
    logger: createLogger("silent"),
    publish: () => {},
    throttle: createThrottle(handle.db),
  });
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(products);
  await handle.db.delete(users);
  await handle.db.delete(authThrottles);
  [{ id: productId }, { id: otherProductId }] = await insertProducts(handle.db, [{}, {}]);
});

describe("fit answers on reviews", () => {
  it("stores the optional answer, shows it on the review, and an edit can change or clear it", async () => {
    const alice = await person(1);
    const created = await service.create(alice, productId, { rating: 5, text: "Great", fit: "runs_small" });
    expect(created.status === "created" && created.review.fit).toBe("runs_small");
    const [edited] = [
      await service.update(alice, created.status === "created" ? created.review.id : "", {
        rating: 4,
        text: "Good",
        fit: "true_to_size",
      }),
    ];
    expect(edited.fit).toBe("true_to_size");
    const cleared = await service.update(alice, edited.id, { rating: 4, text: "Good", fit: "" });
    expect(cleared.fit).toBeNull();
    expect((await service.list(productId))[0].fit).toBeNull();
  });

  it("a review without an answer is fine (null), as 0.4.0 writes them", async () => {
    const bob = await person(2);
    const created = await service.create(bob, productId, { rating: 3, text: "Fine" });
    expect(created.status === "created" && created.review.fit).toBeNull();
  });

  it.each([["tight"], ["Runs small"], [3], [{ fit: "runs_small" }], [["true_to_size"]]])(
    "refuses fit %o with a clear message and stores nothing",
    async (fit) => {
      const carol = await person(3);
      await expect(service.create(carol, productId, { rating: 5, text: "Hi", fit })).rejects.toThrow(
        fitMessages.invalid,
      );
      expect(await handle.db.select().from(reviews).where(eq(reviews.productId, productId))).toEqual([]);
    },
  );

  it("the database refuses an unknown answer too (the check of migration 0019)", async () => {
    const dave = await person(4);
    await expect(
      handle.db.execute(
        sql`insert into reviews (product_id, user_id, user_name, text, rating, fit) values (${productId}, ${dave.id}, 'Dave', 'x', 5, 'huge')`,
      ),
    ).rejects.toThrow();
  });

  it("counts every answer of the product (not the other product's, not the unanswered) for the summary", async () => {
    const answers = ["true_to_size", "true_to_size", "runs_small", null, "true_to_size"] as const;
    for (const [i, fit] of answers.entries()) {
      await service.create(await person(10 + i), productId, { rating: 4, text: `Review ${i}`, fit });
    }
    await service.create(await person(20), otherProductId, { rating: 4, text: "Other", fit: "runs_large" });
    const counts = await service.fitCounts(productId);
    expect(counts).toEqual({ runs_small: 1, true_to_size: 3, runs_large: 0 });
    expect(fitSummary(counts)?.text).toBe("Most say: true to size, 4 answers");
    expect(await service.fitCounts("not-a-uuid")).toEqual({ runs_small: 0, true_to_size: 0, runs_large: 0 });
  });

  it("a row holding a value it should not (written around the service) is never shown", async () => {
    const erin = await person(5);
    const created = await service.create(erin, productId, { rating: 4, text: "Ok", fit: "runs_large" });
    expect(created.status).toBe("created");
    // Drop the check for a moment to plant what an older or hand-edited row could hold.
    await handle.db.execute(sql`alter table reviews drop constraint reviews_fit_answer`);
    try {
      await handle.db.execute(sql`update reviews set fit = 'weird' where user_id = ${erin.id}`);
      expect((await service.list(productId))[0].fit).toBeNull();
      expect(await service.fitCounts(productId)).toEqual({ runs_small: 0, true_to_size: 0, runs_large: 0 });
    } finally {
      await handle.db.execute(sql`update reviews set fit = null where user_id = ${erin.id}`);
      await handle.db.execute(
        sql`alter table reviews add constraint reviews_fit_answer check (fit in ('runs_small', 'true_to_size', 'runs_large'))`,
      );
    }
  });
});
