import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fitMessages } from "../../domain/fit";
import { sizeGuideMessages } from "../../domain/size-guide-rules";
import { writeSizeGuide } from "../../server/catalog/size-guides";
import { reviews, sizeGuides } from "../../server/db/schema";
import { demoSizeGuides } from "../../server/demo/size-guides";
import { GOOD_PASSWORD, registerVerified, TestBrowser } from "../helpers/accounts";
import { type AdminTest, startAdminTest } from "../helpers/admin";
import { formFields } from "../helpers/get-form";
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";
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

/** A page as the server renders it (before or without JavaScript), React's text separators removed. */
async function pageOf(browser: TestBrowser, path: string, status = 200): Promise<string> {
  const res = await browser.request(path);
  expect(res.status).toBe(status);
  return withoutTextSeparators(await res.text());
}
const named = (markup: string, pattern: RegExp, name: string) =>
  elements(markup, pattern).filter((e) => (attribute(e, "aria-label") ?? textOf(e)) === name);
/** The cells of the row of `size` in the table captioned `caption`. */
function rowCells(markup: string, caption: string, size: string): string[] {
  const tables = elements(markup, /<table[\s>]/).filter((t) => textOf(element(t, /<caption[\s>]/)) === caption);
  expect(tables, caption).toHaveLength(1);
  const rows = elements(tables[0], /<tr[\s>]/).filter((r) =>
    elements(r, /<th scope="row"/).some((th) => textOf(th) === size),
  );
  expect(rows).toHaveLength(1);
  return elements(rows[0], /<td[\s>]/).map(textOf);
}

describe("the size guide on the product page, as the demo store has it", () => {
  let dress: string;
  let hat: string;
  let jacket: string;

  beforeAll(async () => {
    for (const guide of demoSizeGuides())
      if (guide.category === "Dress" || guide.category === "Jackets")
        await writeSizeGuide(test.database.db, guide.category, guide.rows);
    [{ id: dress }, { id: hat }, { id: jacket }] = await insertProducts(test.database.db, [
      { title: "Rosa Floral Midi Dress", category: "Dress", sizes: ["S", "M", "L"] },
      { title: "Gingham Bucket Hat", category: "Accessories", sizes: ["S", "M"] },
      { title: "Classic Denim Jacket", category: "Jackets", sizes: ["S", "M", "L"] },
    ]);
  });

  it("without JavaScript the Size guide link leads to the guide in the page, in cm and in inches", async () => {
    const page = element(await pageOf(test.visitor, `/product/${dress}`), /<main[\s>]/);
    const links = named(page, /<a[\s>]/, "Size guide");
    expect(links.map((a) => attribute(a, "href"))).toEqual(["#size-guide"]);
    // The guide itself is printed for browsers without JavaScript, named by its heading.
    const noscript = elements(page, /<noscript>/).filter((n) => n.includes('id="size-guide"'));
    expect(noscript).toHaveLength(1);
    const section = element(noscript[0], /<section [^>]*id="size-guide"/);
    const heading = attribute(section, "aria-labelledby") as string;
    expect(textOf(element(section, new RegExp(`<h2 [^>]*id="${heading}"`)))).toBe("Size guide");
    expect(rowCells(section, "Dress: body measurements in centimetres", "M")).toEqual(["88", "70", "94", "98"]);
    // 88 / 2.54 = 34.6; 70 → 27.6; 94 → 37; 98 → 38.6 (one decimal).
    expect(rowCells(section, "Dress: body measurements in inches", "M")).toEqual(["34.6", "27.6", "37", "38.6"]);
  });

  it("a category without a guide has no Size guide link or button beside its sizes", async () => {
    const page = element(await pageOf(test.visitor, `/product/${hat}`), /<main[\s>]/);
    expect(elements(page, /<div [^>]*role="group"[^>]*data-choice="size"/)).toHaveLength(1);
    expect(named(page, /<a[\s>]/, "Size guide")).toEqual([]);
    expect(named(page, /<button[\s>]/, "Size guide")).toEqual([]);
    expect(page).not.toContain('id="size-guide"');
  });

  it("the owner edits a category's guide: a bad cell is refused and kept out, a good one shows on the product page", async () => {
    // A visitor's page of the category first, so the cached visitor page must be replaced.
    expect(
      rowCells(await pageOf(test.visitor, `/product/${jacket}`), "Jackets: body measurements in centimetres", "M")[0],
    ).toBe("94");
    const tab = "/admin?tab=size-guides&category=jackets";
    const formOf = (html: string) => element(html, /<form [^>]*aria-labelledby="size-guide-form-heading"/);
    const chestM = (html: string) => named(formOf(html), /<input[\s>]/, "M Chest (cm)");
    const sent = async (chest: string, status: number) => {
      const form = formOf(await pageOf(test.admin, tab));
      expect(textOf(element(form, /<h2[\s>]/))).toBe("Jackets size guide");
      const res = await test.admin.request(attribute(form, "action") as string, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: formFields(form, { [attribute(chestM(form)[0], "name") as string]: chest }).toString(),
      });
      expect(res.status).toBe(status);
      return withoutTextSeparators(await res.text());
    };
    expect(chestM(await pageOf(test.admin, tab)).map((input) => attribute(input, "value"))).toEqual(["94"]);

    const refused = await sent("abc", 400);
    const refusal = "Chest for size M: enter centimetres, a number above 0 and up to 300, at most one decimal.";
    expect(elements(formOf(refused), /<p role="alert"/).map(textOf)).toEqual([refusal]);
    expect(chestM(await pageOf(test.admin, tab)).map((input) => attribute(input, "value"))).toEqual(["94"]);

    await sent("95.5", 200);
    const shown = await pageOf(test.visitor, `/product/${jacket}`);
    expect(rowCells(shown, "Jackets: body measurements in centimetres", "M")[0]).toBe("95.5");
    expect(rowCells(shown, "Jackets: body measurements in inches", "M")[0]).toBe("37.6");
  });
});

describe("fit answers on the product page, from the review form to what most say", () => {
  let sneakers: string;
  const shoppers: TestBrowser[] = [];

  beforeAll(async () => {
    [{ id: sneakers }] = await insertProducts(test.database.db, [
      { title: "Canvas Court Sneakers", category: "Shoes", sizes: ["S", "M"] },
    ]);
    for (const [i, email] of ["ines@example.com", "jonas@example.com", "kaya@example.com"].entries()) {
      const browser = await registerVerified(test.t, test.smtp, email, new TestBrowser(test.t.app, `198.51.100.7${i}`));
      expect((await browser.postJson("/api/auth/sign-in/email", { email, password: GOOD_PASSWORD })).status).toBe(200);
      shoppers.push(browser);
    }
  }, 60_000);

  const post = async (who: TestBrowser, text: string, fit: string) =>
    expect((await who.postForm(`/product/${sneakers}`, { intent: "review", rating: "5", text, fit })).status).toBe(200);
  const own = async (who: TestBrowser) =>
    textOf(element(await pageOf(who, `/product/${sneakers}`), /<section aria-labelledby="own-review-heading"/));
  const fitSummaryOf = (html: string) => elements(html, /<p [^>]*data-testid="fit-summary"/).map(textOf);

  it("each review carries its answer; from three the page says what most say, and an edit moves the sum", async () => {
    const [ines, jonas, kaya] = shoppers;
    await post(ines, "Comfortable from day one", "true_to_size");
    expect(await own(ines)).toContain("Fit: True to size");
    await post(jonas, "Good sneakers", "true_to_size");

    // Two answers: each review shows its own, the page sums nothing yet.
    const two = await pageOf(test.visitor, `/product/${sneakers}`);
    const article = elements(element(two, /<ol [^>]*aria-label="Customer reviews"/), /<article[\s>]/).filter((a) =>
      textOf(a).includes("Comfortable from day one"),
    );
    expect(article).toHaveLength(1);
    expect(textOf(article[0])).toContain("Fit: True to size");
    expect(fitSummaryOf(two)).toEqual([]);

    await post(kaya, "Order a size up", "runs_small");
    expect(fitSummaryOf(await pageOf(test.visitor, `/product/${sneakers}`))).toEqual([
      "Fit: Most say: true to size, 3 answers",
    ]);

    // An edit changes the answer (the edit form posts the review's id, rating, text and fit), and the sum follows.
    const [mine] = await test.database.db.select().from(reviews).where(eq(reviews.text, "Comfortable from day one"));
    const edited = await ines.postForm(`/product/${sneakers}`, {
      intent: "update-review",
      reviewId: mine.id,
      rating: "5",
      text: "Comfortable from day one",
      fit: "runs_small",
    });
    expect(edited.status).toBe(200);
    expect(await own(ines)).toContain("Fit: Runs small");
    expect(fitSummaryOf(await pageOf(test.visitor, `/product/${sneakers}`))).toEqual([
      "Fit: Most say: runs small, 3 answers",
    ]);
  });
});
