import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LiveEvent } from "../../domain/live-events";
import { REVIEW_MAX_LENGTH, reviewMessages } from "../../domain/review-schemas";
import { createTestDatabase } from "../../tests/helpers/database";
import { insertProducts } from "../../tests/helpers/products";
import { insertOrder, insertUser } from "../../tests/helpers/reviews";
import { createCatalogService } from "../catalog/service";
import type { DatabaseHandle } from "../db/client";
import { checkouts, orders, products, reviews, users } from "../db/schema";
import { ForbiddenError, InvalidRequestError, NotFoundError, TooManyRequestsError } from "../errors";
import { createLogger } from "../logger";
import { createReviewsService, type ReviewsService } from "./service";

let handle: DatabaseHandle;
let service: ReviewsService;
const published: LiveEvent[] = [];
let productId: string;
let alice: { id: string; isAdmin: boolean };
let bob: { id: string; isAdmin: boolean };
const admin = { id: "admin-id", isAdmin: true };

beforeAll(async () => {
  handle = await createTestDatabase();
  service = createReviewsService({ db: handle.db, logger: createLogger("silent"), publish: (e) => published.push(e) });
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(orders);
  await handle.db.delete(checkouts);
  await handle.db.delete(products);
  await handle.db.delete(users);
  published.length = 0;
  [{ id: productId }] = await insertProducts(handle.db, [{ title: "Reviewed dress" }]);
  alice = { id: await insertUser(handle.db, { email: "alice@example.com", firstName: "Alice", lastName: "Liddell" }), isAdmin: false };
  bob = { id: await insertUser(handle.db, { email: "bob@example.com" }), isAdmin: false };
});

describe("create", () => {
  it("stores the review with the author from the session and announces it after commit", async () => {
    const result = await service.create(alice, productId, { rating: "4", text: "  Lovely fit  " });
    expect(result.status).toBe("created");
    const [row] = await handle.db.select().from(reviews);
    expect(row).toMatchObject({ productId, userId: alice.id, userName: "Alice Liddell", text: "Lovely fit", rating: 4 });
    expect(published).toEqual([{ type: "review.added", productId }]);
  });

  it("ignores forged author fields in the input", async () => {
    await service.create(bob, productId, { rating: 5, text: "Great", userId: alice.id, userName: "The Administrator", createdAt: "2000-01-01" });
    const [row] = await handle.db.select().from(reviews);
    expect(row.userId).toBe(bob.id);
    expect(row.userName).toBe("bob@example.com");
    expect(row.createdAt.getUTCFullYear()).toBeGreaterThan(2020);
  });

  it.each([
    ["first name only", { firstName: "Cleo", lastName: null, name: "" }, "Cleo"],
    ["the account's display name when no first or last name", { firstName: null, lastName: null, name: "Dee Google" }, "Dee Google"],
    ["the e-mail when there is no name at all", { firstName: " ", lastName: null, name: " " }, "erin@example.com"],
  ])("names the author by %s", async (_name, fields, expected) => {
    const id = await insertUser(handle.db, { email: "erin@example.com", ...fields });
    await service.create({ id, isAdmin: false }, productId, { rating: 3, text: "ok" });
    expect((await service.list(productId))[0].userName).toBe(expected);
  });

  it.each([0, 6, 3.5, "five", "", null, -1])("refuses rating %j with 400 and writes nothing", async (rating) => {
    const error = await service.create(alice, productId, { rating, text: "x" }).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.status).toBe(400);
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
    const error = await service.create(alice, productId, { rating: 5, text: "a".repeat(REVIEW_MAX_LENGTH + 1) }).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.message).toBe("Reviews can be at most 2000 characters long");
  });

  it("stores markup exactly as typed (pages show it as text)", async () => {
    const text = `<script>alert(1)</script> <img src=x onerror=alert(2)> javascript:alert(3)`;
    await service.create(alice, productId, { rating: 1, text });
    expect((await service.list(productId))[0].text).toBe(text);
  });

  it("answers 404 for an unknown or malformed product", async () => {
    await expect(service.create(alice, "00000000-0000-4000-8000-000000000000", { rating: 5, text: "x" })).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.create(alice, "nope", { rating: 5, text: "x" })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("limits each shopper to 5 reviews in 10 minutes, without limiting others", async () => {
    for (let i = 0; i < 5; i++) await service.create(alice, productId, { rating: 5, text: `Review ${i}` });
    const error = await service.create(alice, productId, { rating: 5, text: "One too many" }).catch((e) => e);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/^You can post at most 5 reviews in 10 minutes\. Please try again in (9|10) minutes\.$/);
    expect(await service.create(bob, productId, { rating: 5, text: "Mine" })).toMatchObject({ status: "created" });
    // Reviews older than the window no longer count.
    await handle.db.update(reviews).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(reviews.userId, alice.id));
    expect(await service.create(alice, productId, { rating: 5, text: "Later" })).toMatchObject({ status: "created" });
  });

  it("holds the limit when a shopper posts many at once", async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => service.create(alice, productId, { rating: 5, text: `Burst ${i}` })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(await handle.db.select().from(reviews).where(eq(reviews.userId, alice.id))).toHaveLength(5);
  });
});

describe("list", () => {
  it("lists newest first with a verified-purchase flag", async () => {
    const [{ id: otherProduct }] = await insertProducts(handle.db, [{ title: "Other" }]);
    await insertOrder(handle.db, alice.id, [otherProduct, productId]);
    await insertOrder(handle.db, bob.id, [otherProduct]);
    await service.create(alice, productId, { rating: 5, text: "First" });
    await service.create(bob, productId, { rating: 2, text: "Second" });
    await handle.db.update(reviews).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(reviews.text, "First"));
    const list = await service.list(productId);
    expect(list.map((r) => [r.text, r.userName, r.rating, r.verifiedPurchase])).toEqual([
      ["Second", "bob@example.com", 2, false],
      ["First", "Alice Liddell", 5, true],
    ]);
    expect(list[0]).not.toHaveProperty("userId");
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
});

describe("remove", () => {
  it("refuses shoppers with 403, even the author", async () => {
    const created = await service.create(alice, productId, { rating: 5, text: "Mine" });
    const id = created.status === "created" ? created.review.id : "";
    for (const who of [alice, bob]) {
      const error = await service.remove(who, id).catch((e) => e);
      expect(error).toBeInstanceOf(ForbiddenError);
      expect(error.status).toBe(403);
    }
    expect(await handle.db.select().from(reviews)).toHaveLength(1);
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
