import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { imageMessages, productMessages } from "../../domain/product-schemas";
import { createAdminCatalogService, ProductsExistError } from "../../server/catalog/admin-products";
import { products, reviews } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createLocalStorage } from "../../server/storage/local";
import {
  type AdminTest,
  imageFile,
  mediaFiles,
  pixelFloodPng,
  placeOrder,
  png,
  productForm,
  startAdminTest,
  validFields,
} from "../helpers/admin";

let test: AdminTest;

beforeAll(async () => {
  test = await startAdminTest();
});
afterAll(async () => {
  await test?.stop();
});

const productRows = () => test.database.db.select().from(products);
const productNamed = async (title: string) =>
  (await test.database.db.select().from(products).where(eq(products.title, title)))[0];
const keyOf = (address: string) => address.replace(/^\/media\//, "");
const variantsOf = (address: string) => [320, 640, 960].map((w) => `${keyOf(address)}-${w}.webp`);

async function addProduct(fields: Record<string, string>, files: File[], sizes?: string[]) {
  return test.admin.request("/admin/add-product", { method: "POST", body: productForm(fields, { files, sizes }) });
}

describe("adding a product", () => {
  it("stores a product with two images re-encoded as WebP variants and lands on its row with 'Product added'", async () => {
    const before = mediaFiles(test.mediaDir);
    const res = await addProduct({ ...validFields, title: "Two Photo Shirt" }, [
      imageFile(await png("#aa3300"), "front.png"),
      imageFile(await png("#0033aa"), "back.png"),
    ]);
    expect(res.status).toBe(302);
    const row = await productNamed("Two Photo Shirt");
    expect(res.headers.get("location")).toBe(
      `/admin?tab=products&q=&highlight=${row.id}&notice=product-added#product-${row.id}`,
    );
    expect(row).toMatchObject({ priceCents: 4990, category: "Jackets", sizes: ["S", "M"], stockCount: 7 });
    expect(row.imageUrls).toHaveLength(2);
    for (const address of row.imageUrls) {
      expect(address).toMatch(/^\/media\/products\/\d+_[a-z0-9]+_(front|back)$/);
      for (const key of variantsOf(address)) expect(existsSync(path.join(test.mediaDir, key))).toBe(true);
    }
    expect(mediaFiles(test.mediaDir).length - before.length).toBe(6);

    // Served as images, never sniffed into something else, cached for good.
    const served = await test.visitor.request(`${row.imageUrls[0]}-640.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toContain("immutable");
  });

  it("strips camera metadata (EXIF with GPS) from uploaded photos", async () => {
    const withGps = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#447755" } })
      .jpeg()
      .withExif({
        IFD0: { Make: "SpyCam", Model: "GPS-1" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const res = await addProduct({ ...validFields, title: "Exif Jacket" }, [
      imageFile(withGps, "camera.jpg", "image/jpeg"),
    ]);
    expect(res.status).toBe(302);
    const row = await productNamed("Exif Jacket");
    const stored = readFileSync(path.join(test.mediaDir, variantsOf(row.imageUrls[0])[2]));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("SpyCam"))).toBe(false);
  });

  it("keeps colours and Pants only where docs/product.md §9 allows them", async () => {
    const ok = await test.admin.request("/admin/add-product", {
      method: "POST",
      body: productForm(
        { ...validFields, title: "Colour Dress", category: "Dress" },
        { files: [imageFile(await png(), "a.png")], colors: [{ name: "Navy", hex: "#000080" }] },
      ),
    });
    expect(ok.status).toBe(302);
    expect((await productNamed("Colour Dress")).colors).toEqual([{ name: "Navy", hex: "#000080" }]);
  });
});

describe("bad input on the add form changes nothing and leaves no files", () => {
  let productCount: number;
  let files: string[];
  beforeEach(async () => {
    productCount = (await productRows()).length;
    files = mediaFiles(test.mediaDir);
  });

  async function expectRefused(res: Response, status: number, text: string) {
    expect(res.status).toBe(status);
    const html = await res.text();
    expect(html).toContain(text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    expect((await productRows()).length).toBe(productCount);
    expect(mediaFiles(test.mediaDir)).toEqual(files);
  }

  const one = async () => [imageFile(await png(), "ok.png")];

  it.each([
    ["price -1", { price: "-1" }, productMessages.priceInvalid],
    ["price abc", { price: "abc" }, productMessages.priceInvalid],
    ["price 1e12", { price: "1e12" }, productMessages.priceInvalid],
    ["no title", { title: "" }, messages.admin.titleAndPriceRequired],
    ["no price", { price: "" }, messages.admin.titleAndPriceRequired],
    ["a title of 10 000 characters", { title: "x".repeat(10_000) }, productMessages.titleTooLong],
    ["a category not in the list", { category: "Hats" }, productMessages.categoryInvalid],
    ["Pants on the add form", { category: "Pants" }, productMessages.categoryInvalid],
  ])("refuses %s", async (_label, change, text) => {
    await expectRefused(await addProduct({ ...validFields, ...change }, await one()), 400, text);
  });

  it("refuses a size not in the list", async () => {
    await expectRefused(await addProduct(validFields, await one(), ["M", "XXXL"]), 400, productMessages.sizesInvalid);
  });

  it.each([
    ["a colour without a value", "", productMessages.colorValueMissing("Sand")],
    ["a colour whose value is a word", "sand", productMessages.colorValueInvalid("Sand")],
  ])("refuses %s", async (_label, hex, text) => {
    const res = await test.admin.request("/admin/add-product", {
      method: "POST",
      body: productForm(
        { ...validFields, title: "Sand Dress" },
        { files: await one(), colors: [{ name: "Sand", hex }] },
      ),
    });
    await expectRefused(res, 400, text);
  });

  it("refuses no image and a 6th image", async () => {
    await expectRefused(await addProduct(validFields, []), 400, messages.admin.atLeastOneImage);
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => imageFile(await png(), `p${n}.png`)));
    await expectRefused(await addProduct(validFields, six), 400, messages.admin.maxImages);
  });

  it("refuses an 11 MB file", async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(11 * 1024 * 1024)]);
    await expectRefused(
      await addProduct(validFields, [imageFile(big, "huge.png")]),
      400,
      imageMessages.tooBig("huge.png"),
    );
  });

  it("refuses an HTML file renamed .png and declared image/png", async () => {
    const html = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
    await expectRefused(
      await addProduct(validFields, [imageFile(html, "page.png")]),
      400,
      imageMessages.notAnImage("page.png"),
    );
  });

  it("refuses an SVG with a script, whatever it is called", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expectRefused(
      await addProduct(validFields, [imageFile(svg, "logo.svg", "image/svg+xml")]),
      400,
      imageMessages.notAnImage("logo.svg"),
    );
    await expectRefused(
      await addProduct(validFields, [imageFile(svg, "logo.png")]),
      400,
      imageMessages.notAnImage("logo.png"),
    );
  });

  it("refuses a pixel-flood PNG (tiny file, 30 000 × 30 000 pixels) before decoding it", async () => {
    const flood = pixelFloodPng(30_000, 30_000);
    expect(flood.length).toBeLessThan(64 * 1024);
    expect(await sharp(flood, { limitInputPixels: false }).metadata()).toMatchObject({
      format: "png",
      width: 30_000,
      height: 30_000,
    });
    await expectRefused(
      await addProduct(validFields, [imageFile(flood, "flood.png")]),
      400,
      imageMessages.tooManyPixels("flood.png"),
    );
  });

  it("refuses a truncated PNG and a GIF", async () => {
    const whole = await png("#123456", 800, 1000);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await expectRefused(
      await addProduct(validFields, [imageFile(truncated, "cut.png")]),
      400,
      imageMessages.unreadable("cut.png"),
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#ff0000" } })
      .gif()
      .toBuffer();
    await expectRefused(
      await addProduct(validFields, [imageFile(gif, "anim.png")]),
      400,
      imageMessages.notAnImage("anim.png"),
    );
  });

  it("stores nothing when the second of two files is bad", async () => {
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const res = await addProduct(validFields, [imageFile(await png(), "good.png"), imageFile(html, "bad.png")]);
    await expectRefused(res, 400, imageMessages.notAnImage("bad.png"));
  });

  it("refuses a body over the upload limit with 413 before reading it", async () => {
    const res = await test.admin.request("/admin/add-product", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(60 * 1024 * 1024) },
      body: "--x--",
    });
    expect(res.status).toBe(413);
    expect((await productRows()).length).toBe(productCount);
  });
});

describe("a polyglot file", () => {
  it("is re-encoded, so what it carried besides the picture is not stored", async () => {
    const polyglot = Buffer.concat([
      await png("#335577"),
      Buffer.from("<html><script>alert('polyglot')</script></html>"),
    ]);
    const res = await addProduct({ ...validFields, title: "Polyglot Tee" }, [imageFile(polyglot, "poly.png")]);
    expect(res.status).toBe(302);
    const row = await productNamed("Polyglot Tee");
    for (const key of variantsOf(row.imageUrls[0])) {
      const bytes = readFileSync(path.join(test.mediaDir, key));
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(bytes.includes(Buffer.from("<script"))).toBe(false);
    }
  });
});

describe("a failed save leaves no orphan files", () => {
  it("removes the images it wrote when the database refuses the new row", async () => {
    const before = mediaFiles(test.mediaDir);
    const input = {
      title: "Broken",
      price: -5,
      category: "Dress" as const,
      description: "x",
      sizes: [],
      stockCount: 1,
      colors: [],
      variants: [{ size: null, color: null, stock: 1, sku: null }],
    };
    await expect(
      test.t.services.adminCatalog.createProduct(input, [imageFile(await png(), "orphan.png")]),
    ).rejects.toThrow();
    expect(mediaFiles(test.mediaDir)).toEqual(before);
  });

  it("leaves the media folder as it was when the disk fills up in the middle of the second picture", async () => {
    const before = mediaFiles(test.mediaDir);
    const rowsBefore = (await productRows()).length;
    let writes = 0;
    // Three variants per picture: the fifth write is the second picture's 640 px one; half of it lands.
    const fillingDisk = createLocalStorage(test.mediaDir, {
      async writeFile(file, data) {
        writes += 1;
        if (writes !== 5) return writeFile(file, data);
        await writeFile(file, data.subarray(0, data.length >> 1));
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      },
    });
    const adminCatalog = createAdminCatalogService({
      db: test.database.db,
      storage: fillingDisk,
      logger: createLogger("silent"),
    });
    const input = {
      title: "Half Written",
      price: 1000,
      category: "Dress" as const,
      description: "x",
      sizes: [],
      stockCount: 1,
      colors: [],
      variants: [{ size: null, color: null, stock: 1, sku: null }],
    };
    await expect(
      adminCatalog.createProduct(input, [
        imageFile(await png("#112233"), "one.png"),
        imageFile(await png(), "two.png"),
      ]),
    ).rejects.toThrow("ENOSPC");
    expect(writes).toBe(5);
    expect(mediaFiles(test.mediaDir)).toEqual(before);
    expect(await productRows()).toHaveLength(rowsBefore);
  });

  it("removes the new images and keeps the old ones when the database refuses an update", async () => {
    const res = await addProduct({ ...validFields, title: "Stable Shirt" }, [imageFile(await png(), "keep.png")]);
    expect(res.status).toBe(302);
    const row = await productNamed("Stable Shirt");
    const before = mediaFiles(test.mediaDir);
    const input = {
      title: "Stable Shirt",
      price: 100,
      category: "Dress" as const,
      description: "x",
      sizes: [],
      stockCount: -1,
      colors: [],
      variants: [{ size: null, color: null, stock: -1, sku: null }],
    };
    await expect(
      test.t.services.adminCatalog.updateProduct(row.id, input, row.imageUrls, [imageFile(await png(), "new.png")]),
    ).rejects.toThrow();
    expect(mediaFiles(test.mediaDir)).toEqual(before);
    expect((await productNamed("Stable Shirt")).imageUrls).toEqual(row.imageUrls);
  });
});

describe("importing products the catalogue already has (decision 044)", () => {
  const item = async (title: string) => ({
    input: {
      title,
      price: 2500,
      category: "Accessories" as const,
      description: "Imported.",
      sizes: [],
      stockCount: 3,
      colors: [],
      variants: [{ size: null, color: null, stock: 3, sku: null }],
    },
    images: [{ name: "belt.png", bytes: await png("#553311") }],
  });
  const named = async (title: string) =>
    (await productRows()).filter((row) => row.title.toLowerCase() === title.toLowerCase());

  it("two imports of one product at once add it once: the second finds it under the lock and skips it", async () => {
    const adminCatalog = test.t.services.adminCatalog;
    const before = mediaFiles(test.mediaDir);
    const results = await Promise.all([
      adminCatalog.importProducts([await item("Raced Belt")], { skipExisting: true }),
      adminCatalog.importProducts([await item("Raced Belt")], { skipExisting: true }),
    ]);
    expect(results.map((r) => [r.ids.length, r.skipped])).toEqual(
      expect.arrayContaining([
        [1, []],
        [0, [0]],
      ]),
    );
    const [row] = await named("Raced Belt");
    expect(await named("Raced Belt")).toHaveLength(1);
    // The skipped copy's pictures went again: only the added product's three variants are new.
    expect(mediaFiles(test.mediaDir).filter((file) => !before.includes(file))).toEqual(
      variantsOf(row.imageUrls[0]).sort(),
    );
  });

  it("without skipping, a product found under the lock refuses the whole import and stores nothing", async () => {
    const adminCatalog = test.t.services.adminCatalog;
    const before = mediaFiles(test.mediaDir);
    const refusal = await adminCatalog
      .importProducts([await item("Brand New Belt"), await item("RACED  belt")])
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProductsExistError);
    expect((refusal as ProductsExistError).indexes).toEqual([1]);
    expect(await named("Brand New Belt")).toEqual([]);
    expect(mediaFiles(test.mediaDir)).toEqual(before);
  });
});

describe("deleting a product", () => {
  it("removes the row, its reviews and its image files", async () => {
    await addProduct({ ...validFields, title: "Short Lived" }, [
      imageFile(await png(), "a.png"),
      imageFile(await png(), "b.png"),
    ]);
    const row = await productNamed("Short Lived");
    await test.database.db
      .insert(reviews)
      .values({ productId: row.id, userId: "u", userName: "U", text: "Nice", rating: 5 });
    const res = await test.admin.postForm("/admin?tab=products", { intent: "delete-product", productId: row.id });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(messages.admin.productDeleted);
    expect(await productNamed("Short Lived")).toBeUndefined();
    expect(await test.database.db.select().from(reviews).where(eq(reviews.productId, row.id))).toEqual([]);
    for (const address of row.imageUrls) {
      for (const key of variantsOf(address)) expect(existsSync(path.join(test.mediaDir, key))).toBe(false);
    }
  });

  it("keeps past orders intact, with the images they show", async () => {
    await addProduct({ ...validFields, title: "Sold Once" }, [
      imageFile(await png(), "sold.png"),
      imageFile(await png(), "extra.png"),
    ]);
    const row = await productNamed("Sold Once");
    // The order shows the first image only: the second is the product's alone.
    const order = await placeOrder(test, test.shopperId, { ...row, imageUrls: [row.imageUrls[0]] });
    const res = await test.admin.postForm("/admin?tab=products", { intent: "delete-product", productId: row.id });
    expect(res.status).toBe(200);
    const mine = await test.t.services.orders.listOrdersForUser(test.shopperId);
    const kept = mine.find((o) => o.id === order.id);
    expect(kept?.items[0]).toMatchObject({ title: "Sold Once", priceCents: 4990, imageUrls: [row.imageUrls[0]] });
    expect((await test.visitor.request(`${row.imageUrls[0]}-320.webp`)).status).toBe(200);
    expect(existsSync(path.join(test.mediaDir, variantsOf(row.imageUrls[1])[0]))).toBe(false);
  });

  it("answers 'Failed to delete product' for a product that does not exist", async () => {
    const res = await test.admin.postForm("/admin?tab=products", {
      intent: "delete-product",
      productId: crypto.randomUUID(),
    });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(messages.admin.productDeleteFailed);
  });
});
