import { orderListHref } from "./order-list";
import { LOW_STOCK_THRESHOLD, variantLabel } from "./variants";

/**
 * The Overview's "To do" figures and its low-stock list (docs/product.md §2, decision 053):
 * each figure counts what waits for the owner and links to the list that shows exactly those.
 */

export interface TodoCounts {
  /** Orders placed, not yet confirmed. */
  toConfirm: number;
  /** Orders confirmed or processing: to be shipped. */
  toShip: number;
  /** Orders with a return request nobody answered yet (status requested; one open request per order). */
  returnsWaiting: number;
  /** Orders whose latest refund is still pending at the provider, or failed. */
  refundsOpen: number;
  /** E-mails the mail worker gave up on. */
  mailGivenUp: number;
}

export interface TodoFigure {
  key: keyof TodoCounts;
  label: string;
  count: number;
  href: string;
}

/** The Mail tab showing only the emails given up on (the "Emails failed" figure's list). */
export const GIVEN_UP_MAIL_HREF = "/admin?tab=mail&state=given-up";

/** The figures in the order the owner's day goes: new orders, shipping, returns, money, mail. */
export function todoFigures(counts: TodoCounts): TodoFigure[] {
  return [
    {
      key: "toConfirm",
      label: "Orders to confirm",
      count: counts.toConfirm,
      href: orderListHref({ filter: "placed" }),
    },
    { key: "toShip", label: "Orders to ship", count: counts.toShip, href: orderListHref({ view: "to-ship" }) },
    {
      key: "returnsWaiting",
      label: "Return requests waiting",
      count: counts.returnsWaiting,
      href: orderListHref({ view: "returns" }),
    },
    {
      key: "refundsOpen",
      label: "Refunds pending or failed",
      count: counts.refundsOpen,
      href: orderListHref({ view: "refunds" }),
    },
    { key: "mailGivenUp", label: "Emails failed", count: counts.mailGivenUp, href: GIVEN_UP_MAIL_HREF },
  ];
}

/**
 * A variant is low when 1 to LOW_STOCK_THRESHOLD pieces are left, or when it is sold out while
 * its product still has pieces in other sizes or colours (a product sold out altogether is
 * marked "Out of Stock" on the Products tab instead).
 */
export function isLowVariant(stock: number, productStock: number): boolean {
  if (stock >= 1 && stock <= LOW_STOCK_THRESHOLD) return true;
  return stock === 0 && productStock > 0;
}

export interface LowStockRow {
  productId: string;
  title: string;
  /** The product's pieces over all its variants. */
  productStock: number;
  size: string | null;
  color: string | null;
  stock: number;
  /** Shoppers waiting for this size and colour ("Notify me", decision 061). */
  waiting?: number;
}

export interface LowStockProduct {
  productId: string;
  title: string;
  productStock: number;
  /** `waiting`: shoppers with a stock alert for it, when any. */
  variants: { label: string; stock: number; waiting?: number }[];
  /** The product's edit page, at its stock grid. */
  href: string;
}

/**
 * The low variants per product, in the order the rows came (the query sorts them). A sold-out
 * variant shoppers wait for is listed too, even when its whole product is sold out: the owner
 * sees what to restock first.
 */
export function lowStockProducts(rows: readonly LowStockRow[]): LowStockProduct[] {
  const byProduct = new Map<string, LowStockProduct>();
  for (const row of rows) {
    const waiting = row.waiting ?? 0;
    if (!isLowVariant(row.stock, row.productStock) && !(row.stock === 0 && waiting > 0)) continue;
    const product = byProduct.get(row.productId) ?? {
      productId: row.productId,
      title: row.title,
      productStock: row.productStock,
      variants: [],
      href: `/admin/edit-product/${row.productId}#stock`,
    };
    product.variants.push({
      label: variantLabel({ size: row.size, color: row.color }),
      stock: row.stock,
      ...(waiting > 0 ? { waiting } : {}),
    });
    byProduct.set(row.productId, product);
  }
  return [...byProduct.values()];
}

/** "Only 2 left" or "Sold out", for a low variant. */
export function lowStockWords(stock: number): string {
  return stock === 0 ? "Sold out" : `${stock} left`;
}
