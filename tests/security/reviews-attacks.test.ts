import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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

/**
 * Reviews as an attacker would post them (moved here from the reviews tests so it stays held):
 * someone else's name or id in the form, markup in the text, and deleting a review without
 * being the administrator.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: FakeSmtp;
let t: AccountsTestApp;
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
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url }, withPages: true });
  alice = await signedIn("alice-attacks@example.com", "198.51.100.62");
  bob = await signedIn("bob-attacks@example.com", "198.51.100.63");
  visitor = new TestBrowser(t.app, "198.51.100.64");
  aliceId = (await userByEmail(database, "alice-attacks@example.com")).id;
  bobId = (await userByEmail(database, "bob-attacks@example.com")).id;
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

describe("posting", () => {
  it("stores it under the session's user, whatever the form claims", async () => {
    const res = await post(alice, {
      rating: "4",
      text: "  Warm and light  ",
      userId: bobId,
      userName: "The Administrator",
      user_id: bobId,
    });
    expect(res.status).toBe(200);
    const [row] = await reviewRows();
    // Alice has no name on her account: her review is by 'Customer', never by her e-mail address.
    expect(row).toMatchObject({ userId: aliceId, userName: "Customer", text: "Warm and light", rating: 4 });
    const html = await pageOf(visitor);
    expect(html).toContain("Warm and light");
    expect(html).not.toContain("The Administrator");
    expect(html).not.toContain("alice-attacks@example.com");
  });

  it("shows markup in a review as text, never as markup", async () => {
    const attacks = [
      "<script>window.__xss = 1</script>",
      '<img src=x onerror="window.__xss=2">',
      "javascript:alert(document.cookie)",
      '"><svg onload=alert(1)>',
    ];
    // One review per shopper and product: every attack in one text.
    expect((await post(alice, { rating: "1", text: attacks.join("\n") })).status).toBe(200);
    const html = await pageOf(visitor);
    expect(html).toContain("&lt;script&gt;window.__xss = 1&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;window.__xss=2&quot;&gt;");
    expect(html).toContain("&quot;&gt;&lt;svg onload=alert(1)&gt;");
    expect(html).not.toContain("<script>window.__xss");
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<svg[^>]*onload/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain("javascript:alert(document.cookie)");
  });
});

describe("deleting", () => {
  it("refuses other shoppers with 403 and visitors with 401 (the author and the administrator may)", async () => {
    await post(alice, { rating: "5", text: "Keep me" });
    const [row] = await reviewRows();
    const res = await bob.postForm(`/product/${productId}`, { intent: "delete-review", reviewId: row.id });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(reviewMessages.forbidden);
    const byVisitor = await visitor.postForm(`/product/${productId}`, { intent: "delete-review", reviewId: row.id });
    expect(byVisitor.status).toBe(401);
    expect(await reviewRows()).toHaveLength(1);
    expect(await pageOf(bob)).not.toContain("Delete review by");
  });

  it("refuses another shopper's edit with 403, changing nothing", async () => {
    await post(alice, { rating: "4", text: "Alice's words" });
    const [row] = await reviewRows();
    const res = await bob.postForm(`/product/${productId}`, {
      intent: "update-review",
      reviewId: row.id,
      rating: "1",
      text: "Bob's words",
    });
    expect(res.status).toBe(403);
    expect((await reviewRows())[0]).toMatchObject({ userId: aliceId, text: "Alice's words", rating: 4 });
  });
});
