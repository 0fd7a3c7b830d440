import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { reviewMessages } from "../../domain/review-schemas";
import { reviews } from "../../server/db/schema";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  registerVerified,
  TestBrowser,
  userByEmail,
} from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";
import { insertOrder } from "../helpers/reviews";
import { readSse } from "../helpers/sse";
import { ForbiddenError } from "../../domain/errors";

const ADMIN = "admin@example.com";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let admin: TestBrowser;
let alice: TestBrowser;
let bob: TestBrowser;
let visitor: TestBrowser;
let aliceId: string;
let bobId: string;
let productId: string;

async function signedIn(email: string, address: string) {
  const browser = await registerVerified(t, smtp, email, new TestBrowser(t.app, address));
  const res = await browser.postJson("/api/auth/sign-in/email", { email, password: GOOD_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return browser;
}

/** Posts the product page's review form as a browser without JavaScript would. */
const post = (who: TestBrowser, fields: Record<string, string>, id = productId) =>
  who.postForm(`/product/${id}`, { intent: "review", ...fields });
const reviewRows = () => database.db.select().from(reviews).where(eq(reviews.productId, productId));
const pageOf = async (who: TestBrowser, id = productId) => (await who.request(`/product/${id}`)).text();

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url, ADMIN_EMAIL: ADMIN }, withPages: true });
  admin = await signedIn(ADMIN, "198.51.100.61");
  alice = await signedIn("alice@example.com", "198.51.100.62");
  bob = await signedIn("bob@example.com", "198.51.100.63");
  visitor = new TestBrowser(t.app, "198.51.100.64");
  aliceId = (await userByEmail(database, "alice@example.com")).id;
  bobId = (await userByEmail(database, "bob@example.com")).id;
}, 120_000);

afterAll(async () => {
  await t.services.events.close();
  await smtp.stop();
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(reviews);
  [{ id: productId }] = await insertProducts(database.db, [{ title: "Reviewed coat" }]);
});

describe("posting a review on the product page", () => {
  it("refuses a second review of the same product with 409 and keeps the first", async () => {
    expect((await post(alice, { rating: "4", text: "First" })).status).toBe(200);
    const res = await post(alice, { rating: "1", text: "Second" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("You have already reviewed this product. You can edit or delete your review.");
    expect((await reviewRows()).map((r) => r.text)).toEqual(["First"]);
  });

  it("asks a visitor to log in and stores nothing", async () => {
    const res = await post(visitor, { rating: "5", text: "Hello" });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain(messages.review.loginRequired);
    expect(await reviewRows()).toHaveLength(0);
  });

  it.each(["0", "6", "3.5", "five", "", "-1", "1e1"])(
    "refuses rating %j with 400 and a clear message",
    async (rating) => {
      const res = await post(alice, { rating, text: "Nice" });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(reviewMessages.rating);
      expect(await reviewRows()).toHaveLength(0);
    },
  );

  it("refuses a missing rating with 400", async () => {
    const res = await alice.postForm(`/product/${productId}`, { intent: "review", text: "No stars" });
    expect(res.status).toBe(400);
  });

  it("ignores empty and whitespace-only text without an error", async () => {
    for (const text of ["", "   ", "\n\t"]) {
      const res = await post(alice, { rating: "5", text });
      expect(res.status).toBe(200);
    }
    expect(await reviewRows()).toHaveLength(0);
  });

  it("refuses text over 2000 characters with a clear message, and a huge body before reading it", async () => {
    const long = await post(alice, { rating: "5", text: "a".repeat(2001) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Reviews can be at most 2000 characters long");
    const huge = await post(alice, { rating: "5", text: "a".repeat(200_000) });
    expect(huge.status).toBe(413);
    const hugeData = await alice.postForm(`/product/${productId}.data`, {
      intent: "review",
      rating: "5",
      text: "a".repeat(200_000),
    });
    expect(hugeData.status).toBe(413);
    expect(await reviewRows()).toHaveLength(0);
  });

  it("answers 404 for a review of a product that does not exist", async () => {
    const res = await post(alice, { rating: "5", text: "Ghost" }, "00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
  });

  it("refuses a post from another site", async () => {
    const res = await alice.postForm(
      `/product/${productId}`,
      { intent: "review", rating: "5", text: "csrf" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    expect(await reviewRows()).toHaveLength(0);
  });

  it("limits a shopper to 5 reviews in 10 minutes with a clear message and Retry-After", async () => {
    const others = await insertProducts(
      database.db,
      Array.from({ length: 5 }, (_, i) => ({ title: `Limited ${i}` })),
    );
    for (const [i, other] of others.entries())
      expect((await post(bob, { rating: "5", text: `Review ${i}` }, other.id)).status).toBe(200);
    const res = await post(bob, { rating: "5", text: "Sixth" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.text()).toContain("You can post at most 5 reviews in 10 minutes.");
    expect((await post(alice, { rating: "5", text: "Alice is not limited by Bob" })).status).toBe(200);
  });
});

describe("showing reviews", () => {
  it("lists newest first with names, ratings and a verified-purchase mark, and updates the average", async () => {
    await insertOrder(database.db, aliceId, [productId], "delivered");
    await post(alice, { rating: "5", text: "Bought and loved it" });
    await new Promise((r) => setTimeout(r, 10));
    await post(bob, { rating: "2", text: "Only tried it on" });
    const html = await pageOf(visitor);
    expect(html.indexOf("Only tried it on")).toBeLessThan(html.indexOf("Bought and loved it"));
    expect(html.match(/Verified purchase/g)).toHaveLength(1);
    // React puts comment markers between adjacent text parts.
    expect(html.replaceAll("<!-- -->", "")).toContain("3.5 out of 5 · 2 reviews");
    const grid = await (await visitor.request("/?q=Reviewed")).text();
    expect(grid).toMatch(/3\.5<\/span>.*\(2\)/s);
  });

  it("shows a stored e-mail address as 'Customer', to visitors and to the administrator", async () => {
    await database.db
      .insert(reviews)
      .values({ productId, userId: bobId, userName: "bob@example.com", text: "From an older release", rating: 3 });
    for (const who of [visitor, admin]) {
      const html = await pageOf(who);
      expect(html).toContain("From an older release");
      expect(html).not.toContain("bob@example.com");
      expect(html).toMatch(/>Customer<\/h3>/);
    }
  });

  it("shows 'No reviews yet.' and the form for a product without reviews", async () => {
    const html = await pageOf(visitor);
    expect(html).toContain("No reviews yet.");
    expect(html).toContain('placeholder="Write your review"');
    expect(html).toContain("Post review");
    for (const n of [5, 4, 3, 2, 1]) expect(html).toContain(`<option value="${n}"`);
    expect(html).toMatch(/<option value="5"[^>]*selected=""/);
  });
});

describe("editing one's own review", () => {
  it("shows the author their review with Edit and Delete instead of a second form", async () => {
    await post(alice, { rating: "4", text: "Mine to edit" });
    const html = await pageOf(alice);
    expect(html).toContain("Your review");
    expect(html).toContain("Edit review");
    expect(html).toContain("Delete review");
    expect(html).not.toContain("Post review");
    const others = await pageOf(bob);
    expect(others).toContain("Post review");
    expect(others).not.toContain("Edit review");
  });

  it("lets the author change rating and text, marked edited and announced on the live stream", async () => {
    await post(alice, { rating: "4", text: "Before" });
    const [row] = await reviewRows();
    const controller = new AbortController();
    const live = readSse(await visitor.request("/api/events", { signal: controller.signal }));
    await live.next();
    const res = await alice.postForm(`/product/${productId}`, {
      intent: "update-review",
      reviewId: row.id,
      rating: "2",
      text: "After",
      userId: bobId,
    });
    expect(res.status).toBe(200);
    expect((await reviewRows())[0]).toMatchObject({ userId: aliceId, rating: 2, text: "After" });
    expect(await live.nextData()).toEqual({ type: "review.updated", productId });
    await live.close();
    const html = await pageOf(visitor);
    expect(html).toContain("After");
    expect(html).toContain("(edited)");
  });

  it("refuses another shopper's and a visitor's edit, and empty text, changing nothing", async () => {
    await post(alice, { rating: "4", text: "Alice's words" });
    const [row] = await reviewRows();
    const edit = (who: TestBrowser, text: string) =>
      who.postForm(`/product/${productId}`, { intent: "update-review", reviewId: row.id, rating: "1", text });
    const byBob = await edit(bob, "Bob's words");
    expect(byBob.status).toBe(403);
    expect(await byBob.text()).toContain(reviewMessages.forbidden);
    expect((await edit(visitor, "Nobody's words")).status).toBe(401);
    const empty = await edit(alice, "   ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(reviewMessages.emptyEdit);
    expect((await reviewRows())[0]).toMatchObject({ text: "Alice's words", rating: 4, updatedAt: null });
  });
});

describe("deleting a review", () => {
  it("lets the author delete their own review", async () => {
    await post(alice, { rating: "5", text: "Changed my mind" });
    const [row] = await reviewRows();
    const res = await alice.postForm(`/product/${productId}`, { intent: "delete-review", reviewId: row.id });
    expect(res.status).toBe(200);
    expect(await reviewRows()).toHaveLength(0);
    expect(await pageOf(alice)).toContain("Post review");
  });

  it("lets the administrator delete any review, announced on the live stream", async () => {
    await post(alice, { rating: "5", text: "Delete me" });
    const [row] = await reviewRows();
    expect(await pageOf(admin)).toContain("Delete review by Customer");
    const controller = new AbortController();
    const live = readSse(await visitor.request("/api/events", { signal: controller.signal }));
    await live.next();
    const res = await admin.postForm(`/product/${productId}`, { intent: "delete-review", reviewId: row.id });
    expect(res.status).toBe(200);
    expect(await reviewRows()).toHaveLength(0);
    expect(await live.nextData()).toEqual({ type: "review.deleted", productId });
    await live.close();
    const again = await admin.postForm(`/product/${productId}`, { intent: "delete-review", reviewId: row.id });
    expect(again.status).toBe(404);
  });
});

describe("a permission error", () => {
  it("shows an empty list instead of failing the page", async () => {
    await post(alice, { rating: "5", text: "Hidden by a permission error" });
    const list = t.services.reviews.list;
    t.services.reviews.list = async () => {
      throw new ForbiddenError();
    };
    try {
      const res = await visitor.request(`/product/${productId}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("No reviews yet.");
      expect(html).not.toContain("Hidden by a permission error");
    } finally {
      t.services.reviews.list = list;
    }
  });
});
