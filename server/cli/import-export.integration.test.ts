import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaFiles, png } from "../../tests/helpers/admin";
import { migratedDataDir } from "../../tests/helpers/data-dir";
import { insertOrder, insertUser } from "../../tests/helpers/reviews";
import { orderRefunds, products } from "../db/schema";

import { LOOPBACK_AS_PUBLIC, run, withStoreDatabase } from "../../tests/helpers/cli";

/** `import-products` and `export-orders` (docs/command-line.md). */

const mediaFilesOf = (dataDir: string) => mediaFiles(path.join(dataDir, "media"));

describe("import-products", () => {
  let dataDir: string;
  let csvDir: string;
  let imageServer: Server;
  let imageUrl: string;

  beforeAll(async () => {
    dataDir = migratedDataDir("store-cli-");
    csvDir = mkdtempSync(path.join(os.tmpdir(), "store-cli-csv-"));
    mkdirSync(path.join(csvDir, "pictures"));
    writeFileSync(path.join(csvDir, "pictures", "front.png"), await png("#c2b280"));
    writeFileSync(path.join(csvDir, "pictures", "back.png"), await png("#1f2a44"));
    writeFileSync(path.join(csvDir, "pictures", "notes.png"), "not a picture at all");
    const served = await png("#7a3b2e");
    imageServer = createServer((req, res) => {
      if (req.url === "/belt.png") res.writeHead(200, { "content-type": "image/png" }).end(served);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => imageServer.listen(0, "127.0.0.1", resolve));
    imageUrl = `http://127.0.0.1:${(imageServer.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => imageServer.close(() => resolve())));

  const header = "title,category,price,description,sizes,colours,stock,images";
  const goodRows = () => [
    `"Linen Wrap Dress",Dress,89.50,"Light linen, wrap front.",S|M|L,"Sand #c2b280 @2|Navy #1f2a44",12,pictures/front.png|pictures/back.png`,
    `Leather Belt,Accessories,25,"Brown leather, ""full grain"".",,,30,${imageUrl}/belt.png`,
  ];
  const csv = (name: string, lines: string[]) => {
    const file = path.join(csvDir, name);
    writeFileSync(file, `${[header, ...lines].join("\n")}\n`);
    return file;
  };

  it("refuses a file with bad rows, naming each row and field, and imports nothing", async () => {
    const file = csv("bad.csv", [
      ...goodRows(),
      `Shirt,Hats,12.345,"",XXXL,,many,pictures/front.png`,
      `Scarf,Accessories,10,Soft,,,"3",pictures/notes.png|pictures/missing.png|${imageUrl}/gone.png`,
    ]);
    const result = await run(dataDir, ["import-products", "--allow-local-images", file], {
      imageNetwork: LOOPBACK_AS_PUBLIC,
    });
    expect(result.code).toBe(1);
    expect(result.err).toContain("Nothing was imported: 8 problems");
    for (const line of [
      "row 4, category: Choose a category from the list",
      "row 4, price: Price must be a number from 0 to 100000.00 with at most 2 decimals",
      "row 4, description: Description is required",
      "row 4, sizes: Sizes must be among XS, S, M, L, XL, XXL",
      "row 4, stock: Stock must be a whole number from 0 to 100000",
      "row 5, images: notes.png is not a PNG, JPEG or WebP image",
      "row 5, images: pictures/missing.png was not found",
      `row 5, images: ${imageUrl}/gone.png could not be downloaded (HTTP 404)`,
    ]) {
      expect(result.err).toContain(line);
    }
    expect(result.err).not.toContain("row 2");
    await withStoreDatabase(dataDir, async (database) => {
      expect(await database.db.select().from(products)).toEqual([]);
    });
    expect(existsSync(path.join(dataDir, "media", "products"))).toBe(false);
  }, 60_000);

  it("reports every problem of every row: a short row does not hide the others, nor bad fields a row's bad pictures", async () => {
    const file = csv("short.csv", [
      ...goodRows(),
      // One cell short: its cells cannot be matched to columns.
      `Short Skirt,Dress,20,"Pleated.",S|M,,3`,
      `Shirt,Hats,12.345,"Plain.",,,4,pictures/notes.png`,
      `Scarf,Accessories,10,Soft,,,"3",pictures/missing.png`,
    ]);
    const result = await run(dataDir, ["import-products", "--allow-local-images", file], {
      imageNetwork: LOOPBACK_AS_PUBLIC,
    });
    expect(result.code).toBe(1);
    expect(result.err.split("\n")).toEqual([
      "import-products: Nothing was imported: 5 problems",
      "  row 4, row: The row has 7 cells where the header has 8 columns: a cell or a separator is missing",
      "  row 5, price: Price must be a number from 0 to 100000.00 with at most 2 decimals",
      "  row 5, category: Choose a category from the list",
      "  row 5, images: notes.png is not a PNG, JPEG or WebP image",
      `  row 6, images: pictures/missing.png was not found (looked for ${path.join(csvDir, "pictures", "missing.png")})`,
    ]);
    await withStoreDatabase(dataDir, async (database) => {
      expect(await database.db.select().from(products)).toEqual([]);
    });
  }, 60_000);

  it("refuses an unknown column before reading any row", async () => {
    const file = path.join(csvDir, "columns.csv");
    writeFileSync(file, "title,category,price,description,stock,images,weight\nDress,Dress,1,x,1,a.png,2kg\n");
    const result = await run(dataDir, ["import-products", file]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('row 1, weight: Unknown column "weight"');
  });

  // The image server listens on 127.0.0.1, which the store never downloads from: LOOPBACK_AS_PUBLIC
  // lets it stand for a public one (tests/security/import-image-fetch.test.ts has the refusals).
  it("imports a good file, local paths relative to the CSV and URLs, through the image pipeline", async () => {
    const file = csv("good.csv", goodRows());
    const result = await run(dataDir, ["import-products", path.relative(dataDir, file), "--allow-local-images"], {
      imageNetwork: LOOPBACK_AS_PUBLIC,
    });
    expect(result).toMatchObject({ code: 0, out: "Imported 2 product(s)." });
    await withStoreDatabase(dataDir, async (database) => {
      const rows = await database.db.select().from(products).orderBy(products.createdAt);
      expect(rows.map((r) => [r.title, r.category, r.priceCents, r.stockCount, r.sizes, r.imageUrls.length])).toEqual([
        ["Linen Wrap Dress", "Dress", 8950, 12, ["S", "M", "L"], 2],
        ["Leather Belt", "Accessories", 2500, 30, [], 1],
      ]);
      expect(rows[0].colors).toEqual([
        { name: "Sand", hex: "#c2b280", image: rows[0].imageUrls[1] },
        { name: "Navy", hex: "#1f2a44" },
      ]);
      expect(rows[1].description).toBe('Brown leather, "full grain".');
      for (const url of rows.flatMap((r) => r.imageUrls)) {
        expect(existsSync(path.join(dataDir, "media", `${url.slice("/media/".length)}-640.webp`))).toBe(true);
      }
    });
  }, 90_000);

  it("run twice, adds nothing the second time: the same products are refused, or skipped with --skip-existing", async () => {
    const titles = async () =>
      withStoreDatabase(dataDir, async (database) =>
        (await database.db.select().from(products).orderBy(products.createdAt)).map((r) => r.title),
      );
    const before = await titles();
    expect(before).toEqual(["Linen Wrap Dress", "Leather Belt"]);
    const mediaBefore = mediaFilesOf(dataDir);

    // The same file again, as the test above imported it.
    const file = csv("good.csv", goodRows());
    const again = await run(dataDir, ["import-products", file, "--allow-local-images"], {
      imageNetwork: LOOPBACK_AS_PUBLIC,
    });
    expect(again.code).toBe(1);
    expect(again.err.split("\n")).toEqual([
      "import-products: Nothing was imported: 2 problems",
      "  row 2, title: A product with this title is already in this category: remove the row, or run with --skip-existing to leave such products as they are",
      "  row 3, title: A product with this title is already in this category: remove the row, or run with --skip-existing to leave such products as they are",
    ]);

    const skipped = await run(dataDir, ["import-products", file, "--allow-local-images", "--skip-existing"], {
      imageNetwork: LOOPBACK_AS_PUBLIC,
    });
    expect(skipped).toMatchObject({
      code: 0,
      out: "Imported 0 product(s); 2 already in the catalogue were left as they are (rows 2, 3).",
    });
    expect(await titles()).toEqual(before);
    expect(mediaFilesOf(dataDir)).toEqual(mediaBefore);

    // A file that grew: the new row is imported, the old ones (any case and spacing of the title) are left alone.
    const grown = csv("grown.csv", [
      `"  LINEN wrap   dress",Dress,99,"Changed.",S,,1,pictures/front.png`,
      ...goodRows().slice(1),
      `Wool Scarf,Accessories,19,Warm.,,,8,pictures/back.png`,
    ]);
    const third = await run(dataDir, ["import-products", grown, "--allow-local-images", "--skip-existing"], {
      imageNetwork: LOOPBACK_AS_PUBLIC,
    });
    expect(third).toMatchObject({
      code: 0,
      out: "Imported 1 product(s); 2 already in the catalogue were left as they are (rows 2, 3).",
    });
    expect(await titles()).toEqual([...before, "Wool Scarf"]);
  }, 90_000);

  it("refuses the same product twice in one file", async () => {
    const file = csv("twice.csv", [
      `Cotton Tee,2-piece,15,Soft.,,,4,pictures/front.png`,
      `cotton tee,2-piece,16,Softer.,,,4,pictures/back.png`,
    ]);
    const result = await run(dataDir, ["import-products", file, "--allow-local-images", "--skip-existing"]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      "row 3, title: The same product (title and category) as row 2: each product once per file",
    );
  });
});

describe("export-orders", () => {
  it("writes every order with its items and amounts, quoted as CSV", async () => {
    const dataDir = migratedDataDir("store-cli-");
    expect((await run(dataDir, ["migrate"])).code).toBe(0);
    const ids = await withStoreDatabase(dataDir, async (database) => {
      const userId = await insertUser(database.db, { email: "buyer@example.com" });
      const [product] = await database.db
        .insert(products)
        .values({ title: 'Dress, "Summer"', priceCents: 1000, category: "Dress" })
        .returning({ id: products.id });
      const placed = await insertOrder(database.db, userId, [product.id]);
      const shipped = await insertOrder(database.db, userId, [product.id, product.id], "shipped");
      // A return that went through counts; one the provider refused does not.
      const refund = {
        orderId: shipped,
        kind: "return" as const,
        lines: [{ index: 0, quantity: 1 }],
        restocked: false,
        actor: "admin" as const,
      };
      await database.db.insert(orderRefunds).values([
        { ...refund, sequence: 1, amountCents: 1105, status: "succeeded", idempotencyKey: `refund-${shipped}-1` },
        { ...refund, sequence: 2, amountCents: 999, status: "failed", idempotencyKey: `refund-${shipped}-2` },
      ]);
      return [placed, shipped];
    });
    const file = path.join(dataDir, "orders.csv");
    const result = await run(dataDir, ["export-orders", "orders.csv"]);
    expect(result).toMatchObject({ code: 0, out: `Exported 2 order(s) to ${file}.` });
    const [header, ...rows] = parse(readFileSync(file, "utf8")) as string[][];
    expect(header).toEqual([
      "id",
      "date",
      "customer email",
      "customer name",
      "status",
      "items",
      "subtotal",
      "tax",
      "shipping",
      "total",
      "payment method",
      "payment id",
      "sandbox",
      "discount code",
      "discount",
      "refunded",
    ]);
    expect(rows.map((r) => r[0]).sort()).toEqual([...ids].sort());
    const shipped = rows.find((r) => r[4] === "shipped")!;
    expect(shipped.slice(2, 11)).toEqual([
      "buyer@example.com",
      "Buyer",
      "shipped",
      "1 × Bought item @ 10.00; 1 × Bought item @ 10.00",
      "20.00",
      "2.00",
      "0.10",
      "22.10",
      "paypal",
    ]);
    expect(shipped.at(-1)).toBe("11.05");
    expect(rows.find((r) => r[4] !== "shipped")!.at(-1)).toBe("0.00");
  }, 60_000);
});
