import { inArray, sql } from "drizzle-orm";
import { cartTotals } from "../../domain/cart";
import { cartRequestErrorMessage, cartRequestSchema } from "../../domain/cart-schemas";
import type { LineChoice, LineChoiceInput, LineProblem, Quote, QuotedLine } from "../../domain/checkout-line";
import { lineImages } from "../../domain/color-images";
import type { Database } from "../db/client";
import { type ProductColor, products } from "../db/schema";
import { InvalidInputError } from "../../domain/errors";
import { stockOfChoice, type VariantStock, variantKey } from "../../domain/variants";
import { readVariants } from "../catalog/variant-stock";

/** The database or an open transaction, so a payment can price and take stock in one. */
export type PricingExecutor = Pick<Database, "select">;

export interface QuoteOptions {
  /** Lock the products' rows (SELECT ... FOR UPDATE) until the caller's transaction ends; their variants change only under that lock. */
  forUpdate?: boolean;
}

interface ProductRow {
  id: string;
  title: string;
  priceCents: number;
  sizes: string[];
  colors: ProductColor[];
  imageUrls: string[];
}

function choiceProblem(product: ProductRow, line: LineChoice): LineProblem | null {
  // A product with sizes needs one of them; a product without sizes takes none.
  const sizeOk =
    product.sizes.length > 0
      ? line.selectedSize !== null && product.sizes.includes(line.selectedSize)
      : line.selectedSize === null;
  if (!sizeOk) return "invalid_size";
  const colorOk =
    product.colors.length > 0
      ? line.color !== null && product.colors.some((c) => c.name === line.color)
      : line.color === null;
  if (!colorOk) return "invalid_color";
  return null;
}

const productColumns = {
  id: products.id,
  title: products.title,
  priceCents: products.priceCents,
  sizes: products.sizes,
  colors: products.colors,
  imageUrls: products.imageUrls,
};

/**
 * The products and their variants in one statement (one snapshot, one round trip), prepared once
 * per connection: the quote is the store's most frequent write-path read (decision 062).
 */
function preparedProductsWithVariants(db: Database) {
  // Written out in full: inside sql`` a column of the outer query would render unqualified, and
  // "id" in the subquery would then be the variant's own.
  const variants = sql<VariantStock[]>`coalesce((
    select json_agg(json_build_object('size', v.size, 'color', v.color, 'stock', v.stock, 'sku', v.sku) order by v.id)
    from product_variants v where v.product_id = products.id), '[]'::json)`;
  return db
    .select({ ...productColumns, variants })
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder("ids")}::uuid[])`)
    .prepare("pricing_products_with_variants");
}

/**
 * Prices a cart from the database: the only place a price, a total or a stock verdict comes
 * from. The request carries what to buy (product, size, colour, quantity), never what it costs.
 */
export function createPricingService(db: Database) {
  const withVariants = preparedProductsWithVariants(db);

  /** The products asked for and their variants; locked for the caller's transaction, or read in one statement. */
  async function read(
    ids: string[],
    executor: PricingExecutor,
    options: QuoteOptions,
  ): Promise<{ rows: ProductRow[]; variants: Map<string, VariantStock[]> }> {
    if (!options.forUpdate && executor === db) {
      const rows = await withVariants.execute({ ids });
      return { rows, variants: new Map(rows.map((row) => [row.id, row.variants])) };
    }
    const query = executor
      .select(productColumns)
      .from(products)
      .where(inArray(products.id, ids))
      // A stable lock order, so two payments over the same products cannot deadlock.
      .orderBy(products.id);
    const rows: ProductRow[] = options.forUpdate ? await query.for("update") : await query;
    // Read after the lock: a product's variants change only under its row's lock.
    const variants = await readVariants(
      executor,
      rows.map((row) => row.id),
    );
    return { rows, variants };
  }

  return {
    /**
     * Takes lines as validated by cartRequestSchema or as built from a stored cart (a size is
     * then any text): they are validated again here either way.
     */
    async quote(
      requested: readonly LineChoiceInput[],
      executor: PricingExecutor = db,
      options: QuoteOptions = {},
    ): Promise<Quote> {
      // Checked again here, so a caller that skipped validation still cannot pass a price or a bad quantity.
      const parsed = cartRequestSchema.safeParse(requested);
      if (!parsed.success) throw new InvalidInputError(cartRequestErrorMessage(parsed.error));
      const lines = parsed.data;

      const ids = [...new Set(lines.map((line) => line.productId))];
      const { rows, variants } = await read(ids, executor, options);
      const byId = new Map(rows.map((row) => [row.id, row]));

      const priced: QuotedLine[] = lines.map((line) => {
        const product = byId.get(line.productId);
        if (!product) {
          return {
            ...line,
            title: "",
            imageUrls: [],
            unitPriceCents: 0,
            lineTotalCents: 0,
            stockCount: 0,
            problem: "not_found",
          };
        }
        return {
          ...line,
          title: product.title,
          imageUrls: lineImages(product, line.color),
          unitPriceCents: product.priceCents,
          lineTotalCents: product.priceCents * line.quantity,
          // The chosen variant's stock (decision 032); a combination without a row has none.
          stockCount: stockOfChoice(variants.get(product.id) ?? [], { size: line.selectedSize, color: line.color }),
          problem: choiceProblem(product, line),
        };
      });

      // Stock is kept per variant (size × colour): lines of one variant share it.
      const keyOf = (line: QuotedLine) =>
        `${line.productId} ${variantKey({ size: line.selectedSize, color: line.color })}`;
      const wanted = new Map<string, number>();
      for (const line of priced) {
        if (line.problem === null) wanted.set(keyOf(line), (wanted.get(keyOf(line)) ?? 0) + line.quantity);
      }
      for (const line of priced) {
        if (line.problem !== null) continue;
        if (line.stockCount <= 0) line.problem = "out_of_stock";
        else if ((wanted.get(keyOf(line)) ?? 0) > line.stockCount) line.problem = "insufficient_stock";
      }

      const buyable = priced.filter((line) => line.problem === null);
      const totals = cartTotals(buyable.map((line) => ({ priceCents: line.unitPriceCents, quantity: line.quantity })));
      return { lines: priced, ...totals, ok: buyable.length === priced.length };
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
