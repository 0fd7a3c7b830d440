import { eq, sql } from "drizzle-orm";
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
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";
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

/** Returns once the database's clock (which dates a review) reads a later millisecond than `moment`. */
async function databaseClockPast(moment: Date) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const clock = (await database.db.execute(sql`select clock_timestamp() as now`)) as unknown as {
      rows: { now: Date | string }[];
    };
    if (new Date(clock.rows[0].now).getTime() > moment.getTime()) return;
    if (Date.now() > deadline) throw new Error(`the database's clock did not pass ${moment.toISOString()}`);
  }
}

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
    // A review is dated by the database's clock, to the millisecond: Bob's must be a later one.
    await databaseClockPast((await reviewRows())[0].createdAt);
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

describe("the reviews part of the product page, as the server renders it", () => {
  const main = async (who: TestBrowser) => {
    const res = await who.request(`/product/${productId}`);
    expect(res.status).toBe(200);
    return element(withoutTextSeparators(await res.text()), /<main[\s>]/);
  };
  /** The article of the "Customer reviews" list that holds `text`. */
  const articlesWith = (markup: string, text: string) =>
    elements(element(markup, /<ol [^>]*aria-label="Customer reviews"/), /<article[\s>]/).filter((a) =>
      textOf(a).includes(text),
    );
  const ownReview = (markup: string) => element(markup, /<section aria-labelledby="own-review-heading"/);
  const occurrences = (markup: string, text: string) => textOf(markup).split(text).length - 1;
  const setFirstName = async (who: TestBrowser, firstName: string) =>
    expect((await who.postForm("/profile", { firstName, lastName: "Tester", phone: "" })).status).toBe(200);

  it("a visitor's form says to log in first, and its link comes back to the product's reviews", async () => {
    const page = await main(visitor);
    const form = element(page, /<form [^>]*aria-labelledby=/);
    expect(textOf(element(form, /<h3[\s>]/))).toBe("Write a review");
    const login = elements(form, /<a[\s>]/).filter((a) => textOf(a) === "Log in to write a review");
    expect(login.map((a) => attribute(a, "href"))).toEqual([
      `/login?redirectTo=${encodeURIComponent(`/product/${productId}#reviews`)}`,
    ]);
  });

  it("a review shows the first name, else 'Customer', and never an e-mail address", async () => {
    const named = await signedIn("marguerite@example.com", "198.51.100.65");
    await setFirstName(named, "Marguerite");
    const unnamed = await signedIn("no-name@example.com", "198.51.100.66");
    expect((await post(named, { rating: "4", text: "Signed review" })).status).toBe(200);
    expect((await post(unnamed, { rating: "4", text: "Anonymous review" })).status).toBe(200);

    const res = await visitor.request(`/product/${productId}`);
    const html = await res.text();
    const page = element(withoutTextSeparators(html), /<main[\s>]/);
    expect(articlesWith(page, "Signed review").map((a) => textOf(element(a, /<h3[\s>]/)))).toEqual(["Marguerite"]);
    expect(articlesWith(page, "Anonymous review").map((a) => textOf(element(a, /<h3[\s>]/)))).toEqual(["Customer"]);
    for (const email of ["marguerite@example.com", "no-name@example.com"]) expect(html).not.toContain(email);
    expect(textOf(element(page, /<section id="reviews"/))).not.toContain("@");
  });

  it("the shopper's own review shows once, and others see it under the profile's first name, which it follows", async () => {
    const juliette = await signedIn("juliette@example.com", "198.51.100.67");
    await setFirstName(juliette, "Juliette");
    const before = await main(juliette);
    expect(elements(before, /<a[\s>]/).filter((a) => textOf(a) === "Log in to write a review")).toEqual([]);
    const text = "Sharp and comfortable";
    expect((await post(juliette, { rating: "5", text })).status).toBe(200);

    // Shown once: beside the form, as "Your review", not again in the list.
    const own = await main(juliette);
    expect(textOf(ownReview(own))).toContain(text);
    expect(occurrences(own, text)).toBe(1);

    const others = await main(visitor);
    expect(articlesWith(others, text).map((a) => textOf(element(a, /<h3[\s>]/)))).toEqual(["Juliette"]);
    // The review follows the profile: a new first name shows at once, on the visitor's page too.
    await setFirstName(juliette, "Jules");
    expect(articlesWith(await main(visitor), text).map((a) => textOf(element(a, /<h3[\s>]/)))).toEqual(["Jules"]);
  });

  it("a second review of the same product is refused by the server; the page keeps the first as the shopper's own", async () => {
    const once = await signedIn("only-once@example.com", "198.51.100.68");
    expect((await post(once, { rating: "4", text: "The only one" })).status).toBe(200);
    // A second post, as another tab that still shows the form would send it.
    expect((await post(once, { rating: "1", text: "A second one" })).status).toBe(409);
    const page = await main(once);
    expect(textOf(page)).not.toContain("A second one");
    expect(textOf(ownReview(page))).toContain("The only one");
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
