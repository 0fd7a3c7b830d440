import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fitMessages } from "../../domain/fit";
import { sizeGuideMessages } from "../../domain/size-guide-rules";
import { reviews, sizeGuides } from "../../server/db/schema";
import { type AdminTest, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";
import { insertUser } from "../helpers/reviews";

/**
 * The size guide and fit answers through the pages (decision 060): the admin's Size guides form
 * (administrator only, checked, the cached visitor page replaced after a save) and the review
 * form's fit answer on the product page's action, summed on the page from three answers.
 */

let test: AdminTest;
let shoeId: string;

beforeAll(async () => {
  test = await startAdminTest();
  [{ id: shoeId }] = await insertProducts(test.database.db, [
    { title: "Fit test sneaker", category: "Shoes", sizes: ["S", "M"] },
  ]);
}, 60_000);
afterAll(async () => {
  await test?.stop();
});

const saveGuide = (browser = test.admin, fields: Record<string, string> = { "cm.M.foot": "24.5" }) =>
  browser.postForm("/admin?tab=size-guides", { intent: "save-size-guide", category: "Shoes", ...fields });
const productPage = async () => (await test.visitor.request(`/product/${shoeId}`)).text();
const storedGuides = () => test.database.db.select().from(sizeGuides);

describe("the Size guides tab", () => {
  it("only the administrator saves: a shopper 403, a visitor 401, nothing stored", async () => {
    expect((await saveGuide(test.shopper)).status).toBe(403);
    expect((await saveGuide(test.visitor)).status).toBe(401);
    expect(await storedGuides()).toEqual([]);
  });

  it("a bad cell is refused with its reason and changes nothing", async () => {
    const res = await saveGuide(test.admin, { "cm.M.foot": "24.5", "cm.S.foot": "-1" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(sizeGuideMessages.number("S", "Foot length"));
    const forged = await saveGuide(test.admin, { "cm.M.foot": "24.5", "cm.M.waist": "70" });
    expect(forged.status).toBe(400);
    expect(await storedGuides()).toEqual([]);
  });

  it("a saved guide replaces the visitor's cached product page at once", async () => {
    const before = await test.visitor.request(`/product/${shoeId}`);
    expect(await before.text()).not.toContain("Size guide");
    // The second visit is served from the visitor page store (decision 024).
    expect((await test.visitor.request(`/product/${shoeId}`)).headers.get("X-Page-Cache")).toBe("hit");
    expect((await saveGuide()).status).toBe(200);
    // React separates the text parts of one element with <!-- -->.
    const after = (await productPage()).replaceAll("<!-- -->", "");
    expect(after).toContain("Size guide");
    // The no-script guide: the value in cm and in inches (24.5 / 2.54 = 9.6).
    expect(after).toContain("Shoes: body measurements in centimetres");
    expect(after).toMatch(/>24\.5</);
    expect(after).toMatch(/>9\.6</);
  });
});

describe("fit answers through the product page's form", () => {
  it("stores the answer, refuses a made-up one, and the page sums them from three", async () => {
    const post = (browser: typeof test.shopper, fit: string, text = "Nice") =>
      browser.postForm(`/product/${shoeId}`, { intent: "review", rating: "5", text, fit });
    const refused = await post(test.shopper, "tiny");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(fitMessages.invalid);
    expect(await test.database.db.select().from(reviews).where(eq(reviews.productId, shoeId))).toEqual([]);

    expect((await post(test.shopper, "runs_large")).status).toBe(200);
    expect((await post(test.other, "runs_large")).status).toBe(200);
    expect(await productPage()).not.toContain("Most say");
    // A third answer, written as 0.4.0 would write a review (no fit), does not count.
    const oldWriter = await insertUser(test.database.db, { email: "old-release@example.com" });
    await test.database.db
      .insert(reviews)
      .values({ productId: shoeId, userId: oldWriter, userName: "Customer", text: "Old", rating: 4 });
    expect(await productPage()).not.toContain("Most say");
    await test.database.db.update(reviews).set({ fit: "true_to_size" }).where(eq(reviews.userId, oldWriter));
    // Written around the service, so no notice: the page is read fresh by a signed-in shopper.
    const html = await (await test.shopper.request(`/product/${shoeId}`)).text();
    expect(html).toContain("Most say: runs large, 3 answers");
  });
});
