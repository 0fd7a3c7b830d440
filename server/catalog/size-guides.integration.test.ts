import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InvalidInputError } from "../../domain/errors";
import type { LiveEvent } from "../../domain/live-events";
import { cellName } from "../../domain/size-guide";
import { sizeGuideMessages } from "../../domain/size-guide-rules";
import { createTestDatabase } from "../../tests/helpers/database";
import { insertProducts } from "../../tests/helpers/products";
import type { DatabaseHandle } from "../db/client";
import { products, sizeGuides } from "../db/schema";
import { createLogger } from "../logger";
import { createSizeGuidesService, type SizeGuidesService } from "./size-guides";

let handle: DatabaseHandle;
let service: SizeGuidesService;
const published: LiveEvent[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  service = createSizeGuidesService({
    db: handle.db,
    logger: createLogger("silent"),
    publish: (e) => published.push(e),
  });
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(products);
  await handle.db.delete(sizeGuides);
  published.length = 0;
});

const shoeForm = (cells: Record<string, string>) => Object.entries(cells);

describe("size guides", () => {
  it("has none until the owner saves one; the admin lists every category that takes one, empty", async () => {
    expect(await service.forCategory("Shoes")).toBeNull();
    const all = await service.list();
    expect(all.map((guide) => guide.category)).toEqual([
      "Dress",
      "2-piece",
      "Children Collection",
      "Jackets",
      "Shoes",
      "Pants",
    ]);
    expect(all.every((guide) => guide.rows.length === 0)).toBe(true);
  });

  it("saves a category's rows, shows them, and announces every product of that category only", async () => {
    const [shoe1, shoe2] = await insertProducts(handle.db, [{ category: "Shoes" }, { category: "Shoes" }]);
    await insertProducts(handle.db, [{ category: "Dress" }]);
    const saved = await service.save(
      "Shoes",
      shoeForm({ [cellName("M", "foot")]: "24.5", [cellName("S", "foot")]: "23,5" }),
    );
    expect(saved.rows).toEqual([
      { size: "S", cm: { foot: 23.5 } },
      { size: "M", cm: { foot: 24.5 } },
    ]);
    expect(await service.forCategory("Shoes")).toEqual({ category: "Shoes", measurements: ["foot"], rows: saved.rows });
    expect(published.map((e) => ("productId" in e ? e.productId : null)).sort()).toEqual([shoe1.id, shoe2.id].sort());
    expect(published.every((e) => e.type === "product.updated")).toBe(true);

    // Saved again: replaced, not appended.
    await service.save("Shoes", shoeForm({ [cellName("L", "foot")]: "26" }));
    expect((await service.forCategory("Shoes"))?.rows).toEqual([{ size: "L", cm: { foot: 26 } }]);
  });

  it("an empty form removes the guide (no link on the product page any more)", async () => {
    await service.save("Shoes", shoeForm({ [cellName("M", "foot")]: "24.5" }));
    await service.save("Shoes", shoeForm({}));
    expect(await service.forCategory("Shoes")).toBeNull();
    expect(await handle.db.select().from(sizeGuides)).toEqual([]);
  });

  it.each([
    ["Accessories", {}, sizeGuideMessages.category],
    ["'; drop table size_guides; --", {}, sizeGuideMessages.category],
    [null, {}, sizeGuideMessages.category],
    ["Shoes", { [cellName("M", "foot")]: "abc" }, sizeGuideMessages.number("M", "Foot length")],
    ["Shoes", { [cellName("M", "foot")]: "9999" }, sizeGuideMessages.number("M", "Foot length")],
    ["Shoes", { [cellName("M", "bust")]: "80" }, sizeGuideMessages.tooMany],
    ["Dress", { [cellName("M", "bust")]: "88", [cellName("M", "waist")]: "70" }, sizeGuideMessages.partial("M")],
  ])("refuses %s %o with a clear message and changes nothing", async (category, cells, message) => {
    await service.save("Shoes", shoeForm({ [cellName("M", "foot")]: "24.5" }));
    await service.save("Dress", []);
    published.length = 0;
    const before = await handle.db.select().from(sizeGuides);
    // A good row beside the bad one: the whole form is refused.
    const good = category === "Shoes" ? { [cellName("S", "foot")]: "23" } : {};
    const attempt = service.save(category, shoeForm({ ...good, ...cells }));
    await expect(attempt).rejects.toBeInstanceOf(InvalidInputError);
    await expect(attempt).rejects.toThrow(message);
    expect(await handle.db.select().from(sizeGuides)).toEqual(before);
    expect(published).toEqual([]);
  });

  it("reads stored rows defensively: a broken row is left out, never shown", async () => {
    await handle.db.insert(sizeGuides).values({
      category: "Shoes",
      rows: [{ size: "M", cm: { foot: 24.5 } }, { size: "L", cm: {} }, { nonsense: true }] as never,
    });
    expect((await service.forCategory("Shoes"))?.rows).toEqual([{ size: "M", cm: { foot: 24.5 } }]);
    expect(await service.forCategory("Accessories")).toBeNull();
    expect(await service.forCategory("Nope")).toBeNull();
  });
});
