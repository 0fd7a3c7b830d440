import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OutOfStockError } from "../../domain/errors";
import { productMessages } from "../../domain/product-schemas";
import { returnStock } from "../../server/orders/service";
import { products, productVariants } from "../../server/db/schema";
import { type AdminTest, imageFile, png, productForm, startAdminTest, validFields } from "../helpers/admin";
import { takeVariantStock } from "../../server/catalog/variant-stock";

/**
 * Stock per variant under attack (docs/decisions/032-stock-per-variant.md): the administrator's
 * grid with bad numbers or cells of another product, a taken SKU, stock pushed below zero, and
 * a restock of a deleted product or a removed size. Each is refused, or does nothing, and
 * leaves every count as it was.
 */

let test: AdminTest;
let product: { id: string };

beforeAll(async () => {
  test = await startAdminTest();
});
afterAll(async () => {
  await test?.stop();
});

const colors = [
  { name: "Black", hex: "#26221f" },
  { name: "Cognac", hex: "#8a4f2a" },
];

type Cell = [size: string, color: string, stock: string, sku?: string, seen?: string];

/** The jacket's form with the grid's cells as the browser sends them. */
function jacketForm(title: string, cells: Cell[], extra: { files?: File[]; keep?: string[] } = {}) {
  const form = productForm({ ...validFields, title, stockCount: "" }, { sizes: ["M", "L"], colors, ...extra });
  form.delete("stockCount");
  for (const [size, color, stock, sku = "", seen] of cells) {
    form.append("variantSize", size);
    form.append("variantColor", color);
    form.append("variantStock", stock);
    form.append("variantSku", sku);
    // The edit form sends what each cell showed when it was loaded; older callers send nothing.
    if (seen !== undefined) form.append("variantSeen", seen);
  }
  return form;
}

const GOOD: Cell[] = [
  ["M", "Black", "2", "JKT-M-BLK"],
  ["M", "Cognac", "1"],
  ["L", "Black", "5"],
  ["L", "Cognac", "0"],
];

async function variantsOf(productId: string) {
  const rows = await test.database.db
    .select({
      size: productVariants.size,
      color: productVariants.color,
      stock: productVariants.stock,
      sku: productVariants.sku,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return rows.sort((a, b) => `${a.size}${a.color}`.localeCompare(`${b.size}${b.color}`));
}
const totalOf = async (productId: string) =>
  (await test.database.db.select({ n: products.stockCount }).from(products).where(eq(products.id, productId)))[0]?.n;

let counter = 0;
beforeEach(async () => {
  const title = `Grid Jacket ${++counter}`;
  const res = await test.admin.request("/admin/add-product", {
    method: "POST",
    body: jacketForm(
      title,
      GOOD.map(([s, c, n, sku]) => [s, c, n, sku ? `${sku}-${counter}` : ""]),
      { files: [imageFile(await png(), "j.png")] },
    ),
  });
  expect(res.status).toBe(302);
  [product] = await test.database.db.select({ id: products.id }).from(products).where(eq(products.title, title));
});

describe("the administrator's stock grid", () => {
  it("stores each cell's stock and SKU, and the product's total as their sum", async () => {
    expect(await variantsOf(product.id)).toEqual([
      { size: "L", color: "Black", stock: 5, sku: null },
      { size: "L", color: "Cognac", stock: 0, sku: null },
      { size: "M", color: "Black", stock: 2, sku: `JKT-M-BLK-${counter}` },
      { size: "M", color: "Cognac", stock: 1, sku: null },
    ]);
    expect(await totalOf(product.id)).toBe(8);
  });

  it.each<[string, Cell[], string]>([
    ["a negative number", [["M", "Black", "-1"]], productMessages.variantStockInvalid("M, Black")],
    ["a fractional number", [["L", "Cognac", "0.5"]], productMessages.variantStockInvalid("L, Cognac")],
    ["a huge number", [["L", "Black", "99999999999"]], productMessages.variantStockInvalid("L, Black")],
    ["a cell of a size the product does not have", [["XL", "Black", "3"]], productMessages.variantUnknown],
    ["a cell of a colour the product does not have", [["M", "Pink", "3"]], productMessages.variantUnknown],
    [
      "the same cell twice",
      [
        ["M", "Black", "3"],
        ["M", "Black", "4"],
      ],
      productMessages.variantUnknown,
    ],
  ])("refuses %s and changes nothing", async (_label, cells, message) => {
    const before = { variants: await variantsOf(product.id), total: await totalOf(product.id) };
    const [{ imageUrls }] = await test.database.db
      .select({ imageUrls: products.imageUrls })
      .from(products)
      .where(eq(products.id, product.id));
    const res = await test.admin.request(`/admin/edit-product/${product.id}`, {
      method: "POST",
      body: jacketForm(`Grid Jacket ${counter}`, cells, { keep: imageUrls }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message.replaceAll("'", "&#x27;"));
    expect({ variants: await variantsOf(product.id), total: await totalOf(product.id) }).toEqual(before);
  });

  it("refuses a SKU another product has, and changes nothing", async () => {
    const before = await variantsOf(product.id);
    const [{ imageUrls }] = await test.database.db
      .select({ imageUrls: products.imageUrls })
      .from(products)
      .where(eq(products.id, product.id));
    const taken = `JKT-M-BLK-${counter - 1}`;
    const res = await test.admin.request(`/admin/edit-product/${product.id}`, {
      method: "POST",
      body: jacketForm(`Grid Jacket ${counter}`, [["L", "Black", "9", taken]], { keep: imageUrls }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(productMessages.skuTaken);
    expect(await variantsOf(product.id)).toEqual(before);
  });

  it("is the administrator's alone", async () => {
    const before = await variantsOf(product.id);
    const res = await test.shopper.request(`/admin/edit-product/${product.id}`, {
      method: "POST",
      body: jacketForm("Taken over", [["M", "Black", "99999"]]),
    });
    expect(res.status).not.toBe(200);
    expect(await variantsOf(product.id)).toEqual(before);
  });
});

describe("the grid saved while pieces sell (decision 035)", () => {
  const line = (selectedSize: string, color: string, quantity: number) => ({
    productId: product.id,
    selectedSize,
    color,
    quantity,
  });
  const sell = (selectedSize: string, color: string, quantity: number) =>
    test.database.db.transaction((tx) => takeVariantStock(tx, [line(selectedSize, color, quantity)]));
  /** The edit form as loaded with GOOD's figures, with `changes` typed into it. */
  async function save(changes: Record<string, string>, seen: Record<string, string> = {}) {
    const [{ imageUrls }] = await test.database.db
      .select({ imageUrls: products.imageUrls })
      .from(products)
      .where(eq(products.id, product.id));
    const cells: Cell[] = GOOD.map(([size, color, stock]) => {
      const key = `${size} ${color}`;
      return [size, color, changes[key] ?? stock, "", seen[key] ?? stock];
    });
    return test.admin.request(`/admin/edit-product/${product.id}`, {
      method: "POST",
      body: jacketForm(`Grid Jacket ${counter}`, cells, { keep: imageUrls }),
    });
  }
  const stockOf = async (size: string, color: string) =>
    (await variantsOf(product.id)).find((v) => v.size === size && v.color === color)?.stock;

  it("keeps a sale made while the form was open in a cell the administrator left alone", async () => {
    await sell("M", "Black", 1);
    const res = await save({ "L Black": "9" });
    expect(res.status).toBe(302);
    expect(await stockOf("M", "Black")).toBe(1);
    expect(await stockOf("L", "Black")).toBe(9);
    expect(await totalOf(product.id)).toBe(1 + 1 + 9 + 0);
  });

  it("refuses a cell both the administrator and a sale changed, names it, and changes nothing", async () => {
    await sell("M", "Cognac", 1);
    const before = { variants: await variantsOf(product.id), total: await totalOf(product.id) };
    const res = await save({ "M Cognac": "6", "L Black": "9" });
    expect(res.status).toBe(400);
    const message = productMessages.stockChanged([{ choice: { size: "M", color: "Cognac" }, seen: 1, now: 0 }]);
    expect(message).toContain("M, Cognac is now 0 (the form showed 1)");
    expect(await res.text()).toContain(message.replaceAll("'", "&#x27;"));
    expect({ variants: await variantsOf(product.id), total: await totalOf(product.id) }).toEqual(before);
  });

  it("takes the figure on the second save, made from the reloaded form", async () => {
    await sell("M", "Cognac", 1);
    expect((await save({ "M Cognac": "6" })).status).toBe(400);
    const res = await save({ "M Cognac": "6" }, { "M Cognac": "0" });
    expect(res.status).toBe(302);
    expect(await stockOf("M", "Cognac")).toBe(6);
    expect(await totalOf(product.id)).toBe(2 + 6 + 5 + 0);
  });

  it("sets the figures given when the form sends no loaded figures, or malformed ones", async () => {
    await sell("M", "Black", 2);
    const [{ imageUrls }] = await test.database.db
      .select({ imageUrls: products.imageUrls })
      .from(products)
      .where(eq(products.id, product.id));
    const cells: Cell[] = GOOD.map(([size, color, stock]) => [size, color, stock, "", size === "M" ? "two" : ""]);
    const res = await test.admin.request(`/admin/edit-product/${product.id}`, {
      method: "POST",
      body: jacketForm(`Grid Jacket ${counter}`, cells, { keep: imageUrls }),
    });
    expect(res.status).toBe(302);
    expect(await stockOf("M", "Black")).toBe(2);
    expect(await totalOf(product.id)).toBe(8);
  });
});

describe("stock below zero", () => {
  const line = (selectedSize: string, color: string, quantity: number) => ({
    productId: product.id,
    selectedSize,
    color,
    quantity,
  });

  it("takes all or nothing: a second variant short of pieces rolls back the first", async () => {
    const before = { variants: await variantsOf(product.id), total: await totalOf(product.id) };
    await expect(
      test.database.db.transaction((tx) => takeVariantStock(tx, [line("L", "Black", 5), line("M", "Cognac", 2)])),
    ).rejects.toBeInstanceOf(OutOfStockError);
    expect({ variants: await variantsOf(product.id), total: await totalOf(product.id) }).toEqual(before);
  });

  it("adds up lines of one variant before checking", async () => {
    await expect(
      test.database.db.transaction((tx) => takeVariantStock(tx, [line("M", "Black", 1), line("M", "Black", 2)])),
    ).rejects.toBeInstanceOf(OutOfStockError);
    expect(await totalOf(product.id)).toBe(8);
  });

  it("refuses a size or colour the product does not have", async () => {
    await expect(
      test.database.db.transaction((tx) => takeVariantStock(tx, [line("XL", "Black", 1)])),
    ).rejects.toBeInstanceOf(OutOfStockError);
    await expect(
      test.database.db.transaction((tx) => takeVariantStock(tx, [line("M", "Pink", 1)])),
    ).rejects.toBeInstanceOf(OutOfStockError);
    expect(await totalOf(product.id)).toBe(8);
  });

  it("is refused by the database itself", async () => {
    await expect(
      test.database.db.update(productVariants).set({ stock: -1 }).where(eq(productVariants.productId, product.id)),
    ).rejects.toThrow();
    expect(await totalOf(product.id)).toBe(8);
  });
});

describe("restocking", () => {
  it("gives pieces back to their own variant and the total", async () => {
    const restocked = await test.database.db.transaction((tx) =>
      returnStock(tx, [{ productId: product.id, selectedSize: "L", color: "Cognac", quantity: 2 }], null),
    );
    expect(restocked).toEqual([product.id]);
    expect((await variantsOf(product.id)).find((v) => v.size === "L" && v.color === "Cognac")?.stock).toBe(2);
    expect(await totalOf(product.id)).toBe(10);
  });

  it("gives nothing to a deleted product, nor to a size or colour it no longer has", async () => {
    const removed = await test.database.db.transaction((tx) =>
      returnStock(
        tx,
        [
          { productId: product.id, selectedSize: "XL", color: "Black", quantity: 3 },
          { productId: product.id, selectedSize: "M", color: "Pink", quantity: 3 },
        ],
        null,
      ),
    );
    expect(removed).toEqual([]);
    expect(await totalOf(product.id)).toBe(8);
    await test.database.db.delete(products).where(eq(products.id, product.id));
    const gone = await test.database.db.transaction((tx) =>
      returnStock(tx, [{ productId: product.id, selectedSize: "M", color: "Black", quantity: 3 }], null),
    );
    expect(gone).toEqual([]);
    expect(await variantsOf(product.id)).toEqual([]);
  });

  it("refuses a negative quantity instead of taking stock through a return", async () => {
    const restocked = await test.database.db.transaction((tx) =>
      returnStock(tx, [{ productId: product.id, selectedSize: "M", color: "Black", quantity: -2 }], null),
    );
    expect(restocked).toEqual([]);
    expect(await totalOf(product.id)).toBe(8);
  });
});
