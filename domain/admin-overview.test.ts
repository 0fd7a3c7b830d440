import { describe, expect, it } from "vitest";
import { parseOrderListQuery } from "./order-list";
import {
  GIVEN_UP_MAIL_HREF,
  isLowVariant,
  type LowStockRow,
  lowStockProducts,
  lowStockWords,
  todoFigures,
} from "./admin-overview";

describe("the To do figures", () => {
  const counts = { toConfirm: 3, toShip: 5, returnsWaiting: 1, refundsOpen: 2, mailGivenUp: 4 };

  it("are five, in the order of the owner's day, each with its count", () => {
    expect(todoFigures(counts).map((f) => [f.label, f.count])).toEqual([
      ["Orders to confirm", 3],
      ["Orders to ship", 5],
      ["Return requests waiting", 1],
      ["Refunds pending or failed", 2],
      ["Emails failed", 4],
    ]);
  });

  it("link to the list that shows exactly those", () => {
    const hrefs = Object.fromEntries(todoFigures(counts).map((f) => [f.key, f.href]));
    expect(hrefs).toEqual({
      toConfirm: "/admin?tab=orders&status=placed",
      toShip: "/admin?tab=orders&show=to-ship",
      returnsWaiting: "/admin?tab=orders&show=returns",
      refundsOpen: "/admin?tab=orders&show=refunds",
      mailGivenUp: GIVEN_UP_MAIL_HREF,
    });
    const query = (href: string) => parseOrderListQuery(new URL(href, "http://x").searchParams);
    expect(query(hrefs.toConfirm)).toMatchObject({ filter: "placed", view: null });
    expect(query(hrefs.toShip)).toMatchObject({ filter: "all", view: "to-ship" });
    expect(query(hrefs.returnsWaiting)).toMatchObject({ filter: "all", view: "returns" });
    expect(query(hrefs.refundsOpen)).toMatchObject({ filter: "all", view: "refunds" });
  });
});

describe("low stock", () => {
  it.each([
    // stock, product's pieces, low?
    [1, 100, true],
    [2, 2, true],
    [3, 242, true],
    [4, 242, false],
    [0, 242, true], // sold out while the product has other pieces
    [0, 0, false], // the whole product is sold out: "Out of Stock" on the Products tab
    [-1, 5, false],
  ])("a variant with %i pieces of a product with %i is low: %s", (stock, productStock, low) => {
    expect(isLowVariant(stock, productStock)).toBe(low);
  });

  const row = (
    productId: string,
    size: string | null,
    color: string | null,
    stock: number,
    productStock = 242,
  ): LowStockRow => ({
    productId,
    title: `Product ${productId}`,
    productStock,
    size,
    color,
    stock,
  });

  it("names each low variant under its product, with the link to the stock grid", () => {
    const products = lowStockProducts([
      row("a", "M", "Navy", 2),
      row("a", "S", null, 0),
      row("a", "L", "Navy", 5),
      row("b", null, null, 1, 1),
      row("c", "XL", "Red", 0, 0),
    ]);
    expect(products).toEqual([
      {
        productId: "a",
        title: "Product a",
        productStock: 242,
        variants: [
          { label: "M, Navy", stock: 2 },
          { label: "S", stock: 0 },
        ],
        href: "/admin/edit-product/a#stock",
      },
      {
        productId: "b",
        title: "Product b",
        productStock: 1,
        variants: [{ label: "One size", stock: 1 }],
        href: "/admin/edit-product/b#stock",
      },
    ]);
  });

  it("adds the shoppers waiting, and lists a sold-out variant they wait for even when the product is sold out", () => {
    const products = lowStockProducts([
      { ...row("a", "M", "Navy", 0), waiting: 3 },
      { ...row("a", "L", "Navy", 2), waiting: 0 },
      { ...row("b", "S", null, 0, 0), waiting: 1 },
      { ...row("c", "S", null, 0, 0), waiting: 0 },
      { ...row("d", "S", null, 9, 9), waiting: 2 },
    ]);
    expect(products.map((p) => [p.productId, p.variants])).toEqual([
      [
        "a",
        [
          { label: "M, Navy", stock: 0, waiting: 3 },
          { label: "L, Navy", stock: 2 },
        ],
      ],
      ["b", [{ label: "S", stock: 0, waiting: 1 }]],
    ]);
  });

  it("says how many are left, or sold out", () => {
    expect(lowStockWords(0)).toBe("Sold out");
    expect(lowStockWords(2)).toBe("2 left");
  });
});
