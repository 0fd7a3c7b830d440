import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LiveEvent } from "../../domain/live-events";
import { REVIEW_MAX_LENGTH, reviewMessages } from "../../domain/review-schemas";
import { createTestDatabase } from "../../tests/helpers/database";
import { insertProducts } from "../../tests/helpers/products";
import { insertOrder, insertUser } from "../../tests/helpers/reviews";
import { createThrottle } from "../limits/throttle";
import { createCatalogService } from "../catalog/service";
import type { DatabaseHandle } from "../db/client";
import { authThrottles, checkouts, orders, products, reviews, users } from "../db/schema";
import { createLogger } from "../logger";
import { createReviewsService, type ReviewsService } from "./service";
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
  statusOf,
} from "../../domain/errors";

let handle: DatabaseHandle;
let service: ReviewsService;
const published: LiveEvent[] = [];
let productId: string;
let alice: { id: string; isAdmin: boolean };
let bob: { id: string; isAdmin: boolean };
const admin = { id: "admin-id", isAdmin: true };

beforeAll(async () => {
  handle = await createTestDatabase();
  service = createReviewsService({
    db: handle.db,
    logger: createLogger("silent"),
    publish: (e) => published.push(e),
    throttle: createThrottle(handle.db),
    editLimit: { max: 3, windowMs: 60_000 },
  });
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(orders);
  await handle.db.delete(checkouts);
  await handle.db.delete(products);
  await handle.db.delete(users);
  await handle.db.delete(authThrottles);
  published.length = 0;
  [{ id: productId }] = await insertProducts(handle.db, [{ title: "Reviewed dress" }]);
  alice = {
    id: await insertUser(handle.db, { email: "alice@example.com", firstName: "Alice", lastName: "Liddell" }),
    isAdmin: false,
  };
  bob = { id: await insertUser(handle.db, { email: "bob@example.com" }), isAdmin: false };
});

describe("create", () => {
  it("stores the review with the author from the session and announces it after commit", async () => {
    const result = await service.create(alice, productId, { rating: "4", text: "  Lovely fit  " });
    expect(result.status).toBe("created");
    const [row] = await handle.db.select().from(reviews);
    expect(row).toMatchObject({
      productId,
      userId: alice.id,
      userName: "Alice",
      text: "Lovely fit",
      rating: 4,
      updatedAt: null,
    });
    expect(published).toEqual([{ type: "review.added", productId }]);
  });

  it("ignores forged author fields in the input", async () => {
    await service.create(bob, productId, {
      rating: 5,
      text: "Great",
      userId: alice.id,
      userName: "The Administrator",
      createdAt: "2000-01-01",
    });
    const [row] = await handle.db.select().from(reviews);
    expect(row.userId).toBe(bob.id);
    // Bob has no name: his review is by 'Customer', never by his e-mail address.
    expect(row.userName).toBe("Customer");
    expect(row.createdAt.getUTCFullYear()).toBeGreaterThan(2020);
  });

  it.each([
    ["the first name, not the last", { firstName: "Cleo", lastName: "Patra", name: "" }, "Cleo"],
    [
      "the first word of the account's display name when no first name",
      { firstName: null, lastName: null, name: "Dee Google" },
      "Dee",
    ],
    [
      "'Customer', not the e-mail, when there is no name at all",
      { firstName: " ", lastName: null, name: " " },
      "Customer",
    ],
    [
      "'Customer' when the display name is the e-mail",
      { firstName: null, lastName: null, name: "erin@example.com" },
      "Customer",
    ],
  ])("names the author by %s", async (_name, fields, expected) => {
    const id = await insertUser(handle.db, { email: "erin@example.com", ...fields });
    await service.create({ id, isAdmin: false }, productId, { rating: 3, text: "ok" });
    expect((await service.list(productId))[0].userName).toBe(expected);
  });

  it.each([0, 6, 3.5, "five", "", null, -1])("refuses rating %j with 400 and writes nothing", async (rating) => {
    const error = await service.create(alice, productId, { rating, text: "x" }).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(statusOf(error)).toBe(400);
    expect(error.message).toBe(reviewMessages.rating);
    expect(await handle.db.select().from(reviews)).toHaveLength(0);
    expect(published).toEqual([]);
  });

  it("silently ignores empty and whitespace-only text", async () => {
    expect(await service.create(alice, productId, { rating: 5, text: "" })).toEqual({ status: "ignored" });
    expect(await service.create(alice, productId, { rating: 5, text: " \n\t " })).toEqual({ status: "ignored" });
    expect(await handle.db.select().from(reviews)).toHaveLength(0);
    expect(published).toEqual([]);
  });

  it("refuses text over the maximum with a clear message", async () => {
    const error = await service
      .create(alice, productId, { rating: 5, text: "a".repeat(REVIEW_MAX_LENGTH + 1) })
      .catch((e) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toBe("Reviews can be at most 2000 characters long");
  });

  it("stores markup exactly as typed (pages show it as text)", async () => {
    const text = `<script>alert(1)</script> <img src=x onerror=alert(2)> javascript:alert(3)`;
    await service.create(alice, productId, { rating: 1, text });
    expect((await service.list(productId))[0].text).toBe(text);
  });

  it("answers 404 for an unknown or malformed product", async () => {
    await expect(
      service.create(alice, "00000000-0000-4000-8000-000000000000", { rating: 5, text: "x" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.create(alice, "nope", { rating: 5, text: "x" })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("limits each shopper to 5 reviews in 10 minutes, without limiting others", async () => {
    const others = await insertProducts(
      handle.db,
      Array.from({ length: 6 }, (_, i) => ({ title: `Rated ${i}` })),
    );
    for (let i = 0; i < 5; i++) await service.create(alice, others[i].id, { rating: 5, text: `Review ${i}` });
    const error = await service.create(alice, productId, { rating: 5, text: "One too many" }).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(statusOf(error)).toBe(429);
    expect(error.message).toMatch(
      /^You can post at most 5 reviews in 10 minutes\. Please try again in (9|10) minutes\.$/,
    );
    expect(await service.create(bob, productId, { rating: 5, text: "Mine" })).toMatchObject({ status: "created" });
    // Reviews older than the window no longer count.
    await handle.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(reviews.userId, alice.id));
    expect(await service.create(alice, productId, { rating: 5, text: "Later" })).toMatchObject({ status: "created" });
  });

  it("holds the limit when a shopper posts many at once", async () => {
    const others = await insertProducts(
      handle.db,
      Array.from({ length: 8 }, (_, i) => ({ title: `Burst ${i}` })),
    );
    const results = await Promise.allSettled(
      others.map((p, i) => service.create(alice, p.id, { rating: 5, text: `Burst ${i}` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(await handle.db.select().from(reviews).where(eq(reviews.userId, alice.id))).toHaveLength(5);
  });

  it("counts posts the database dated later than this one's start (they took the shopper's lock first)", async () => {
    const others = await insertProducts(
      handle.db,
      Array.from({ length: 5 }, (_, i) => ({ title: `Ahead ${i}` })),
    );
    const ahead = new Date(Date.now() + 2_000);
    await handle.db.insert(reviews).values(
      others.map((p, i) => ({
        productId: p.id,
        userId: alice.id,
        userName: "Alice",
        text: `Ahead ${i}`,
        rating: 5,
        createdAt: ahead,
      })),
    );
    const error = await service.create(alice, productId, { rating: 5, text: "Sixth" }).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(await handle.db.select().from(reviews).where(eq(reviews.userId, alice.id))).toHaveLength(5);
  });

  it("refuses a second review of the same product with 409 and keeps the first", async () => {
    await service.create(alice, productId, { rating: 4, text: "First thoughts" });
    published.length = 0;
    const error = await service.create(alice, productId, { rating: 1, text: "Second thoughts" }).catch((e) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(statusOf(error)).toBe(409);
    expect(error.message).toBe("You have already reviewed this product. You can edit or delete your review.");
    expect((await handle.db.select().from(reviews)).map((r) => r.text)).toEqual(["First thoughts"]);
    expect(published).toEqual([]);
    // Another shopper, or the same shopper on another product, is not affected.
    const [{ id: other }] = await insertProducts(handle.db, [{ title: "Other" }]);
    expect(await service.create(alice, other, { rating: 5, text: "Different item" })).toMatchObject({
      status: "created",
    });
    expect(await service.create(bob, productId, { rating: 5, text: "Bob's view" })).toMatchObject({
      status: "created",
    });
  });

  it("writes one review when the same shopper posts twice at once", async () => {
    const results = await Promise.allSettled(
      [1, 2, 3].map((i) => service.create(alice, productId, { rating: 5, text: `Twice ${i}` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ConflictError);
    expect(await handle.db.select().from(reviews)).toHaveLength(1);
  });
});

describe("list", () => {
  it("lists newest first with a verified-purchase flag", async () => {
    const [{ id: otherProduct }] = await insertProducts(handle.db, [{ title: "Other" }]);
    await insertOrder(handle.db, alice.id, [otherProduct, productId]);
    await insertOrder(handle.db, bob.id, [otherProduct]);
    await service.create(alice, productId, { rating: 5, text: "First" });
    await service.create(bob, productId, { rating: 2, text: "Second" });
    await handle.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(reviews.text, "First"));
    const list = await service.list(productId);
    expect(list.map((r) => [r.text, r.userName, r.rating, r.verifiedPurchase, r.mine])).toEqual([
      ["Second", "Customer", 2, false, false],
      ["First", "Alice", 5, true, false],
    ]);
    expect(list[0]).not.toHaveProperty("userId");
    expect((await service.list(productId, alice.id)).map((r) => [r.text, r.mine])).toEqual([
      ["Second", false],
      ["First", true],
    ]);
    const catalog = createCatalogService(handle.db);
    const product = await catalog.getProduct(productId);
    expect([product?.ratingAverage, product?.reviewCount]).toEqual([3.5, 2]);
  });

  it("does not count a cancelled order as a purchase", async () => {
    await insertOrder(handle.db, alice.id, [productId], "cancelled");
    const created = await service.create(alice, productId, { rating: 5, text: "Changed my mind" });
    expect(created.status === "created" && created.review.verifiedPurchase).toBe(false);
  });

  it("marks the new review verified when the author bought the product", async () => {
    await insertOrder(handle.db, alice.id, [productId], "delivered");
    const created = await service.create(alice, productId, { rating: 5, text: "Bought it" });
    expect(created.status === "created" && created.review.verifiedPurchase).toBe(true);
  });

  it("has nothing for an unknown or malformed product", async () => {
    expect(await service.list("00000000-0000-4000-8000-000000000000")).toEqual([]);
    expect(await service.list("'; drop table reviews; --")).toEqual([]);
  });

  it("never hands out an e-mail address an older row stored as the name", async () => {
    await handle.db
      .insert(reviews)
      .values({ productId, userId: bob.id, userName: "bob@example.com", text: "Old", rating: 3 });
    const [shown] = await service.list(productId);
    expect(shown.userName).toBe("Customer");
    expect(JSON.stringify(await service.list(productId))).not.toContain("@");
  });

  it("finds the viewer's own review, and nothing for someone who has not written one", async () => {
    await service.create(alice, productId, { rating: 4, text: "Mine" });
    expect(await service.mine(productId, alice.id)).toMatchObject({
      text: "Mine",
      rating: 4,
      mine: true,
      userName: "Alice",
    });
    expect(await service.mine(productId, bob.id)).toBeNull();
    expect(await service.mine("not-a-uuid", alice.id)).toBeNull();
  });
});

describe("update", () => {
  async function aliceReview() {
    const created = await service.create(alice, productId, { rating: 4, text: "Nice" });
    published.length = 0;
    return created.status === "created" ? created.review.id : "";
  }

  it("lets the author change rating and text, marks it edited and announces it", async () => {
    const id = await aliceReview();
    await handle.db.update(users).set({ firstName: "Alicia" }).where(eq(users.id, alice.id));
    const review = await service.update(alice, id, { rating: "2", text: "  Shrank in the wash  ", userId: bob.id });
    expect(review).toMatchObject({ id, rating: 2, text: "Shrank in the wash", userName: "Alicia", mine: true });
    expect(review.updatedAt).not.toBeNull();
    const [row] = await handle.db.select().from(reviews);
    expect(row).toMatchObject({ userId: alice.id, rating: 2, text: "Shrank in the wash" });
    expect(row.updatedAt).toBeInstanceOf(Date);
    expect(published).toEqual([{ type: "review.updated", productId }]);
  });

  it("refuses anyone but the author with 403, the administrator too, and changes nothing", async () => {
    const id = await aliceReview();
    for (const who of [bob, admin]) {
      const error = await service.update(who, id, { rating: 1, text: "Hijacked" }).catch((e) => e);
      expect(error).toBeInstanceOf(ForbiddenError);
      expect(error.message).toBe("You can only change your own review");
    }
    expect((await handle.db.select().from(reviews))[0]).toMatchObject({ text: "Nice", rating: 4, updatedAt: null });
    expect(published).toEqual([]);
  });

  it.each([
    [
      "empty text",
      { rating: 5, text: "   " },
      400,
      "A review needs some text. To remove it, delete the review instead.",
    ],
    ["a bad rating", { rating: 9, text: "x" }, 400, "Rating must be a whole number from 1 to 5"],
    [
      "too long a text",
      { rating: 5, text: "a".repeat(REVIEW_MAX_LENGTH + 1) },
      400,
      "Reviews can be at most 2000 characters long",
    ],
  ])("refuses %s with a clear message and changes nothing", async (_what, input, status, message) => {
    const id = await aliceReview();
    const error = await service.update(alice, id, input).catch((e) => e);
    expect([statusOf(error), error.message]).toEqual([status, message]);
    expect((await handle.db.select().from(reviews))[0]).toMatchObject({ text: "Nice", rating: 4 });
  });

  it("answers 404 for an unknown or malformed review", async () => {
    await expect(
      service.update(alice, "00000000-0000-4000-8000-000000000000", { rating: 5, text: "x" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.update(alice, "nope", { rating: 5, text: "x" })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("limits how often a shopper edits", async () => {
    const id = await aliceReview();
    for (let i = 0; i < 3; i++) await service.update(alice, id, { rating: 5, text: `Edit ${i}` });
    const error = await service.update(alice, id, { rating: 5, text: "Edit 4" }).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.message).toBe("You can edit reviews at most 3 times in 1 minute. Please try again later.");
    expect((await handle.db.select().from(reviews))[0].text).toBe("Edit 2");
  });
});

describe("remove", () => {
  it("refuses other shoppers with 403", async () => {
    const created = await service.create(alice, productId, { rating: 5, text: "Mine" });
    const id = created.status === "created" ? created.review.id : "";
    const error = await service.remove(bob, id).catch((e) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(statusOf(error)).toBe(403);
    expect(await handle.db.select().from(reviews)).toHaveLength(1);
  });

  it("lets the author delete their own review, and then write a new one", async () => {
    const created = await service.create(alice, productId, { rating: 5, text: "Mine" });
    published.length = 0;
    const id = created.status === "created" ? created.review.id : "";
    expect(await service.remove(alice, id)).toEqual({ productId });
    expect(await handle.db.select().from(reviews)).toHaveLength(0);
    expect(published).toEqual([{ type: "review.deleted", productId }]);
    expect(await service.create(alice, productId, { rating: 3, text: "Second go" })).toMatchObject({
      status: "created",
    });
  });

  it("lets the administrator delete any review and announces it", async () => {
    const created = await service.create(alice, productId, { rating: 5, text: "Mine" });
    published.length = 0;
    const id = created.status === "created" ? created.review.id : "";
    expect(await service.remove(admin, id)).toEqual({ productId });
    expect(await handle.db.select().from(reviews)).toHaveLength(0);
    expect(published).toEqual([{ type: "review.deleted", productId }]);
    await expect(service.remove(admin, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.remove(admin, "not-an-id")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("renameAuthor", () => {
  it("follows the profile's first name on every review of its author, and announces each product once", async () => {
    const [{ id: other }] = await insertProducts(handle.db, [{ title: "Second dress" }]);
    await service.create(alice, productId, { rating: "4", text: "Lovely" });
    await service.create(alice, other, { rating: "5", text: "Lovelier" });
    await service.create(bob, productId, { rating: "3", text: "Fine" });
    published.length = 0;

    await handle.db.update(users).set({ firstName: "Alicia" }).where(eq(users.id, alice.id));
    expect(await service.renameAuthor(alice.id)).toBe(2);
    const names = (await service.list(productId)).map((r) => [r.text, r.userName]);
    expect(names).toEqual(
      expect.arrayContaining([
        ["Lovely", "Alicia"],
        ["Fine", "Customer"],
      ]),
    );
    expect((await service.list(other))[0].userName).toBe("Alicia");
    expect(published).toEqual(
      expect.arrayContaining([
        { type: "review.updated", productId },
        { type: "review.updated", productId: other },
      ]),
    );
    expect(published).toHaveLength(2);

    // Nothing changed: nothing written, nothing announced; a first name removed gives 'Customer'.
    published.length = 0;
    expect(await service.renameAuthor(alice.id)).toBe(0);
    expect(published).toEqual([]);
    await handle.db.update(users).set({ firstName: null }).where(eq(users.id, alice.id));
    expect(await service.renameAuthor(alice.id)).toBe(2);
    expect((await service.list(other))[0].userName).toBe("Customer");
  });

  it("does nothing for someone unknown or without reviews", async () => {
    expect(await service.renameAuthor("nobody")).toBe(0);
    expect(await service.renameAuthor(bob.id)).toBe(0);
    expect(published).toEqual([]);
  });
});
