import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { imageMessages, productMessages } from "../../domain/product-schemas";
import { products } from "../../server/db/schema";
import type { TestBrowser } from "../helpers/accounts";
import { type AdminTest, imageFile, mediaFiles, png, productForm, startAdminTest, validFields } from "../helpers/admin";
import { attribute, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";

let test: AdminTest;
let product: typeof products.$inferSelect;

beforeAll(async () => {
  test = await startAdminTest();
});
afterAll(async () => {
  await test?.stop();
});

const reload = async () => (await test.database.db.select().from(products).where(eq(products.id, product.id)))[0];
const variantsOf = (address: string) => [320, 640, 960].map((w) => `${address.replace(/^\/media\//, "")}-${w}.webp`);
const exists = (address: string) => variantsOf(address).every((key) => existsSync(path.join(test.mediaDir, key)));
const gone = (address: string) => variantsOf(address).every((key) => !existsSync(path.join(test.mediaDir, key)));

let counter = 0;
beforeEach(async () => {
  const title = `Editable ${++counter}`;
  const res = await test.admin.request("/admin/add-product", {
    method: "POST",
    body: productForm(
      { ...validFields, title },
      {
        files: [imageFile(await png("#111111"), "one.png"), imageFile(await png("#222222"), "two.png")],
      },
    ),
  });
  expect(res.status).toBe(302);
  [product] = await test.database.db.select().from(products).where(eq(products.title, title));
});

function edit(browser: TestBrowser, fields: Record<string, string>, options: Parameters<typeof productForm>[1]) {
  return browser.request(`/admin/edit-product/${product.id}`, { method: "POST", body: productForm(fields, options) });
}

describe("editing a product", () => {
  it("shows the form with the current images", async () => {
    const res = await test.admin.request(`/admin/edit-product/${product.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of [
      "Edit Product",
      "Back to Admin",
      "e.g., Premium Cotton T-Shirt",
      "Select a category",
      "Pants",
      "Current Images",
      "Add New Images",
      "PNG, JPG, WEBP",
      "Update Product",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain(product.imageUrls[0]);
  });

  it("removes one image and adds one: the removed files go, the new ones appear, 'Product updated successfully!'", async () => {
    const [first, second] = product.imageUrls;
    const res = await edit(
      test.admin,
      { ...validFields, title: "Edited Title", category: "Pants", price: "12.5" },
      {
        keep: [second],
        files: [imageFile(await png("#333333"), "three.png")],
        sizes: ["XS", "XXL"],
      },
    );
    expect(res.status).toBe(302);
    // To its row in the Products tab, marked and focused (docs/product.md, "Admin: products").
    expect(res.headers.get("location")).toBe(
      `/admin?tab=products&q=&highlight=${product.id}&notice=product-updated#product-${product.id}`,
    );
    const row = await reload();
    expect(row).toMatchObject({ title: "Edited Title", category: "Pants", priceCents: 1250, sizes: ["XS", "XXL"] });
    expect(row.imageUrls).toHaveLength(2);
    expect(row.imageUrls[0]).toBe(second);
    expect(row.updatedAt.getTime()).toBeGreaterThan(product.updatedAt.getTime());
    expect(gone(first)).toBe(true);
    expect(exists(second)).toBe(true);
    expect(exists(row.imageUrls[1])).toBe(true);
  });

  it.each([
    ["no image at all", [], 0, messages.admin.atLeastOneImage],
    ["two kept plus four new", "both", 4, messages.admin.maxImages],
  ] as const)("refuses %s and changes nothing", async (_label, keep, added, text) => {
    const files = mediaFiles(test.mediaDir);
    const res = await edit(
      test.admin,
      { ...validFields, title: "Should Not Save" },
      {
        keep: keep === "both" ? product.imageUrls : [],
        files: await Promise.all(Array.from({ length: added }, async (_, i) => imageFile(await png(), `n${i}.png`))),
      },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(text);
    expect(await reload()).toEqual(product);
    expect(mediaFiles(test.mediaDir)).toEqual(files);
  });

  it("gives colours their pictures by position among the saved images, new files included", async () => {
    const [first, second] = product.imageUrls;
    const res = await edit(test.admin, validFields, {
      keep: [second, first],
      files: [imageFile(await png("#445566"), "navy.png")],
      colors: [
        { name: "Charcoal", hex: "#333333", image: "1" },
        { name: "Navy", hex: "#000080", image: "2" },
        { name: "Plain", hex: "#eeeeee", image: "" },
      ],
    });
    expect(res.status).toBe(302);
    const row = await reload();
    expect(row.imageUrls.slice(0, 2)).toEqual([second, first]);
    expect(row.colors).toEqual([
      { name: "Charcoal", hex: "#333333", image: first },
      { name: "Navy", hex: "#000080", image: row.imageUrls[2] },
      { name: "Plain", hex: "#eeeeee" },
    ]);
  });

  it("refuses a colour picture that is not one of the saved images, changing nothing and leaving no files", async () => {
    const files = mediaFiles(test.mediaDir);
    const res = await edit(
      test.admin,
      { ...validFields, title: "Should Not Save" },
      {
        keep: product.imageUrls,
        files: [imageFile(await png(), "extra.png")],
        colors: [{ name: "Ghost", hex: "#123456", image: "3" }],
      },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(productMessages.colorImageInvalid);
    expect(await reload()).toEqual(product);
    expect(mediaFiles(test.mediaDir)).toEqual(files);
  });

  it("leaves no way round the rule: the database refuses a colour picture the product does not have", async () => {
    await expect(
      test.database.db
        .update(products)
        .set({ colors: [{ name: "Stray", hex: "#123456", image: "/media/products/someone-else" }] })
        .where(eq(products.id, product.id)),
    ).rejects.toThrow();
    expect(await reload()).toEqual(product);
  });

  it("refuses to 'keep' an image of another product (or any address) and removes nothing", async () => {
    const res = await edit(test.admin, validFields, { keep: ["/media/products/1_other_x", product.imageUrls[0]] });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(imageMessages.unknownImage);
    expect(await reload()).toEqual(product);
    expect(product.imageUrls.every(exists)).toBe(true);
  });

  it("sends a missing product to /admin with 'Product not found'", async () => {
    const missing = crypto.randomUUID();
    for (const path of [`/admin/edit-product/${missing}`, "/admin/edit-product/not-a-uuid"]) {
      const res = await test.admin.request(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin?notice=product-not-found");
    }
    const post = await test.admin.request(`/admin/edit-product/${missing}`, {
      method: "POST",
      body: productForm(validFields, { files: [imageFile(await png(), "x.png")] }),
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe("/admin?notice=product-not-found");
  });
});

describe("only the administrator", () => {
  const pages = () => ["/admin", "/admin?tab=orders", "/admin/add-product", `/admin/edit-product/${product.id}`];

  it("gets the admin pages; anyone else is sent to / with the history entry replaced", async () => {
    for (const path of pages()) {
      expect((await test.admin.request(path)).status).toBe(200);
      for (const browser of [test.shopper, test.visitor]) {
        const res = await browser.request(path);
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe("/");
        expect(res.headers.get("x-remix-replace")).toBe("true");
      }
    }
  });

  it("shows the header's Admin link to the administrator only: a shopper's page has none", async () => {
    const adminLinks = async (browser: TestBrowser) => {
      const res = await browser.request("/cart");
      expect(res.status).toBe(200);
      const html = withoutTextSeparators(await res.text());
      return elements(html, /<a[\s>]/)
        .filter((a) => textOf(a) === "Admin")
        .map((a) => attribute(a, "href"));
    };
    expect(await adminLinks(test.shopper)).toEqual([]);
    expect(await adminLinks(test.admin)).toEqual(["/admin"]);
  });

  it("can post to the admin actions: 403 for a shopper, 401 for a visitor, nothing changes, no file is written", async () => {
    const files = mediaFiles(test.mediaDir);
    const count = (await test.database.db.select().from(products)).length;
    const upload = async () =>
      productForm({ ...validFields, title: "Intruder" }, { files: [imageFile(await png(), "x.png")] });
    for (const [browser, status] of [
      [test.shopper, 403],
      [test.visitor, 401],
    ] as const) {
      expect((await browser.request("/admin/add-product", { method: "POST", body: await upload() })).status).toBe(
        status,
      );
      expect(
        (await browser.request(`/admin/edit-product/${product.id}`, { method: "POST", body: await upload() })).status,
      ).toBe(status);
      expect((await browser.request(`/admin/add-product.data`, { method: "POST", body: await upload() })).status).toBe(
        status,
      );
      expect((await browser.postForm("/admin", { intent: "delete-product", productId: product.id })).status).toBe(
        status,
      );
    }
    expect(mediaFiles(test.mediaDir)).toEqual(files);
    expect((await test.database.db.select().from(products)).length).toBe(count);
    expect(await reload()).toEqual(product);
  });
});
