import { z } from "./zod";
import { CATEGORIES, EDIT_CATEGORIES, MAX_IMAGES_PER_PRODUCT, SIZES } from "./catalog";
import { messages } from "./messages";
import { centsToDecimalString, parseDollars } from "./money";
import {
  SKU_MAX,
  type StockConflict,
  spreadStock,
  totalStock,
  variantChoices,
  variantKey,
  variantLabel,
} from "./variants";

/**
 * The add- and edit-product forms (docs/product.md §2 and §5), one schema used by the route's
 * action (the authority) and by the form in the browser for instant feedback.
 */

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 5000;
/** Far above any garment, far below the integer column's limit: a typo like 1e12 is refused. */
export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_STOCK = 100_000;
export const MAX_COLORS = 12;
export const COLOR_NAME_MAX = 40;
/** 10 MB per uploaded file. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Decoded size limit: a 40-megapixel photo is plenty; more is a decompression bomb. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** What the file picker offers; the server decides by the bytes, not by this. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp";

export const productMessages = {
  titleTooLong: `Title must be at most ${TITLE_MAX} characters long`,
  priceInvalid: `Price must be a number from 0 to ${centsToDecimalString(MAX_PRICE_CENTS)} with at most 2 decimals`,
  categoryRequired: "Select a category",
  categoryInvalid: "Choose a category from the list",
  descriptionRequired: "Description is required",
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters long`,
  sizesInvalid: `Sizes must be among ${SIZES.join(", ")}`,
  stockInvalid: `Stock must be a whole number from 0 to ${MAX_STOCK}`,
  colorsTooMany: `At most ${MAX_COLORS} colours`,
  colorNameInvalid: `Each colour needs a name of at most ${COLOR_NAME_MAX} characters`,
  colorValueMissing: (name: string) => `Choose a colour value for ${name}: pick it or type a hex value such as #c2b280`,
  colorValueInvalid: (name: string) => `The colour value of ${name} must be a hex value such as #c2b280`,
  colorImageInvalid: "A colour's picture must be one of the product's images",
  colorNameRepeated: (name: string) => `Two colours are named ${name}: give each colour its own name`,
  variantStockInvalid: (label: string) => `Stock of ${label} must be a whole number from 0 to ${MAX_STOCK}`,
  variantUnknown: "Stock was given for a size or colour this product does not have: check the stock grid",
  skuInvalid: (label: string) =>
    `The SKU of ${label} may have at most ${SKU_MAX} letters, digits, dots, dashes, slashes or underscores`,
  skuRepeated: (sku: string) => `The SKU ${sku} is given to two variants: each SKU must be unique`,
  skuTaken: "One of the SKUs is already used by another product",
  /** Sales or another save changed cells the administrator changed too (decision 035). */
  stockChanged: (conflicts: readonly StockConflict[]) =>
    `Stock changed while you edited: ${conflicts
      .map((c) => `${variantLabel(c.choice)} is now ${c.now} (the form showed ${c.seen})`)
      .join("; ")}. Check your figures and save again to set them.`,
} as const;

/** Texts for refused image files; the file name is shown so the administrator knows which one. */
export const imageMessages = {
  tooBig: (name: string) => `${shortName(name)} is larger than 10 MB`,
  notAnImage: (name: string) => `${shortName(name)} is not a PNG, JPEG or WebP image`,
  tooManyPixels: (name: string) => `${shortName(name)} has too many pixels (at most 40 megapixels)`,
  unreadable: (name: string) => `${shortName(name)} could not be read as an image`,
  unknownImage: "One of the kept images does not belong to this product",
} as const;

function shortName(name: string): string {
  const printable = [...name].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join("");
  const flat = printable.trim() || "The file";
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}

export type ProductFormMode = "add" | "edit";

/**
 * A colour's value as the administrator typed or picked it: "#c2b280", "c2b280" or the short
 * "#cb8", in any case, becomes "#c2b280"; anything else (an empty field included) is no value.
 * There is no default: a colour named "Sand" without a value is refused, never shown as black.
 */
export function parseColorValue(text: string | null | undefined): string | undefined {
  const hex = (text ?? "").trim().replace(/^#/, "").toLowerCase();
  if (/^[0-9a-f]{6}$/.test(hex)) return `#${hex}`;
  if (/^[0-9a-f]{3}$/.test(hex)) return `#${[...hex].map((c) => c + c).join("")}`;
  return undefined;
}

const colorSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, productMessages.colorNameInvalid)
      .max(COLOR_NAME_MAX, productMessages.colorNameInvalid),
    hex: z.string(),
    /**
     * The colour's picture as a position in the product's images after the save (kept images
     * first, then the new ones, as the form shows them); empty for none. The server turns it
     * into the image's address once the new files are stored.
     */
    image: z
      .string()
      .trim()
      .optional()
      .transform((text, ctx) => {
        if (!text) return null;
        if (!/^\d$/.test(text) || Number(text) >= MAX_IMAGES_PER_PRODUCT) {
          ctx.addIssue({ code: "custom", message: productMessages.colorImageInvalid });
          return z.NEVER;
        }
        return Number(text);
      }),
  })
  .transform(({ name, hex, image }, ctx) => {
    const value = parseColorValue(hex);
    if (!value) {
      ctx.addIssue({
        code: "custom",
        message: hex.trim() ? productMessages.colorValueInvalid(name) : productMessages.colorValueMissing(name),
      });
      return z.NEVER;
    }
    return { name, hex: value, image };
  });

/** The product fields of either form. Add offers the six shop categories; edit also offers Pants (docs/product.md §9). */
export function productSchema(mode: ProductFormMode) {
  const categories: readonly string[] = mode === "add" ? CATEGORIES : EDIT_CATEGORIES;
  return z
    .object({
      title: z
        .string({ error: messages.admin.titleAndPriceRequired })
        .trim()
        .min(1, messages.admin.titleAndPriceRequired)
        .max(TITLE_MAX, productMessages.titleTooLong),
      price: z
        .string({ error: messages.admin.titleAndPriceRequired })
        .trim()
        .min(1, messages.admin.titleAndPriceRequired)
        .transform((text, ctx) => {
          const cents = parseDollars(text);
          if (cents === undefined || cents > MAX_PRICE_CENTS) {
            ctx.addIssue({ code: "custom", message: productMessages.priceInvalid });
            return z.NEVER;
          }
          return cents;
        }),
      category: z
        .string({ error: productMessages.categoryRequired })
        .min(1, productMessages.categoryRequired)
        .refine((c) => categories.includes(c), productMessages.categoryInvalid)
        .transform((c) => c as (typeof EDIT_CATEGORIES)[number]),
      description: z
        .string({ error: productMessages.descriptionRequired })
        .trim()
        .min(1, productMessages.descriptionRequired)
        .max(DESCRIPTION_MAX, productMessages.descriptionTooLong),
      sizes: z
        .array(z.enum(SIZES, { error: productMessages.sizesInvalid }), { error: productMessages.sizesInvalid })
        .max(SIZES.length, productMessages.sizesInvalid)
        // Canonical order, no repeats, whatever order the boxes were sent in.
        .transform((sizes) => SIZES.filter((s) => sizes.includes(s))),
      /** A total to spread over the variants (the CSV import's stock column); the form sends `variants` instead. */
      stockCount: z
        .string({ error: productMessages.stockInvalid })
        .trim()
        .regex(/^\d{1,6}$/, productMessages.stockInvalid)
        .transform(Number)
        .refine((n) => n <= MAX_STOCK, productMessages.stockInvalid)
        .optional(),
      colors: z
        .array(colorSchema)
        .max(MAX_COLORS, productMessages.colorsTooMany)
        .superRefine((colors, ctx) => {
          const repeated = colors.find((color, i) => colors.findIndex((c) => c.name === color.name) !== i);
          if (repeated) ctx.addIssue({ code: "custom", message: productMessages.colorNameRepeated(repeated.name) });
        }),
      /** The stock grid: one cell per size and colour (docs/decisions/032-stock-per-variant.md). */
      variants: z.array(variantCellSchema).max(MAX_VARIANT_CELLS, productMessages.variantUnknown).default([]),
    })
    .transform(({ stockCount, variants, ...product }, ctx) => {
      const grid = stockGrid(
        product.sizes,
        product.colors.map((c) => c.name),
        variants,
        stockCount,
      );
      if (typeof grid === "string") {
        ctx.addIssue({
          code: "custom",
          message: grid,
          path: [variants.length || stockCount === undefined ? "variants" : "stockCount"],
        });
        return z.NEVER;
      }
      return { ...product, variants: grid, stockCount: totalStock(grid), stockSeen: seenStock(variants) };
    });
}

/** More cells than any product can have (6 sizes × 12 colours) is not a grid. */
const MAX_VARIANT_CELLS = 6 * MAX_COLORS;

/** One cell of the grid as the form sends it: which size and colour ("" for none), its stock and SKU as typed. */
const variantCellSchema = z.object({
  size: z.string().default(""),
  color: z.string().default(""),
  stock: z.string().default(""),
  sku: z.string().default(""),
  /** The stock the edit form showed when it was loaded ("" for a new cell): see rebaseStockEdit. */
  seen: z.string().default(""),
});
type VariantCell = z.output<typeof variantCellSchema>;

/**
 * The product's variants from the grid: every combination of its sizes and colours, the cell's
 * stock (a missing cell is 0) and SKU. With no cells, a `total` is spread by the migration rule.
 * Returns the message of the first problem instead.
 */
function stockGrid<S extends string>(
  sizes: readonly S[],
  colors: readonly string[],
  cells: readonly VariantCell[],
  total: number | undefined,
) {
  if (!cells.length) {
    if (total === undefined) return productMessages.stockInvalid;
    return spreadStock(total, sizes, colors).map((variant) => ({ ...variant, sku: null as string | null }));
  }
  const choices = variantChoices(sizes, colors);
  const known = new Set(choices.map(variantKey));
  const byKey = new Map<string, VariantCell>();
  for (const cell of cells) {
    const key = variantKey({ size: cell.size || null, color: cell.color || null });
    if (!known.has(key) || byKey.has(key)) return productMessages.variantUnknown;
    byKey.set(key, cell);
  }
  const skus = new Set<string>();
  const variants: { size: S | null; color: string | null; stock: number; sku: string | null }[] = [];
  for (const choice of choices) {
    const cell = byKey.get(variantKey(choice));
    const label = variantLabel(choice);
    const stockText = (cell?.stock ?? "").trim() || "0";
    if (!/^\d{1,6}$/.test(stockText) || Number(stockText) > MAX_STOCK)
      return productMessages.variantStockInvalid(label);
    const sku = (cell?.sku ?? "").trim();
    if (sku && !SKU_PATTERN.test(sku)) return productMessages.skuInvalid(label);
    if (sku && skus.has(sku)) return productMessages.skuRepeated(sku);
    if (sku) skus.add(sku);
    variants.push({ ...choice, stock: Number(stockText), sku: sku || null });
  }
  return variants;
}

/** The figures the edit form was loaded with, by variantKey; a cell without a well-formed one has none. */
function seenStock(cells: readonly VariantCell[]): Record<string, number> {
  const seen: Record<string, number> = {};
  for (const cell of cells) {
    if (/^\d{1,6}$/.test(cell.seen))
      seen[variantKey({ size: cell.size || null, color: cell.color || null })] = Number(cell.seen);
  }
  return seen;
}

const SKU_PATTERN = new RegExp(`^[A-Za-z0-9._/-]{1,${SKU_MAX}}$`);

/** A checked product; `stockSeen` comes only from the edit form (a caller without it sets the figures given). */
export type ProductInput = Omit<z.output<ReturnType<typeof productSchema>>, "stockSeen"> & {
  stockSeen?: Readonly<Record<string, number>>;
};

/** The raw fields of a submitted product form, shaped for productSchema (files are read separately). */
export type ProductFormValues = {
  title?: string;
  category?: string;
  price?: string;
  description?: string;
  sizes: string[];
  stockCount?: string;
  colors: { name: string; hex: string; image?: string }[];
  variants?: { size: string; color: string; stock: string; sku: string; seen: string }[];
};

export function productFormValues(form: FormData): ProductFormValues {
  const one = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : undefined;
  };
  const many = (key: string) => form.getAll(key).filter((v): v is string => typeof v === "string");
  const names = many("colorName");
  const hexes = many("colorHex");
  const images = many("colorImage");
  const colors = names
    .map((name, i) => ({ name, hex: hexes[i] ?? "", image: images[i] ?? "" }))
    // A row left blank is not a colour; a half-filled one is an error the schema reports.
    .filter((c) => c.name.trim() !== "" || c.hex.trim() !== "");
  return {
    title: one("title"),
    category: one("category"),
    price: one("price"),
    description: one("description"),
    sizes: many("sizes"),
    stockCount: one("stockCount"),
    colors,
    variants: variantCells(form),
  };
}

/** The stock grid's cells: five parallel fields per cell, in the form's order. */
function variantCells(form: FormData): NonNullable<ProductFormValues["variants"]> {
  const many = (key: string) => form.getAll(key).map((v) => (typeof v === "string" ? v : ""));
  const sizes = many("variantSize");
  const colors = many("variantColor");
  const stocks = many("variantStock");
  const skus = many("variantSku");
  const seen = many("variantSeen");
  return stocks.map((stock, i) => ({
    size: sizes[i] ?? "",
    color: colors[i] ?? "",
    stock,
    sku: skus[i] ?? "",
    seen: seen[i] ?? "",
  }));
}

/** The kept-plus-new count rule of docs/product.md §5: at least one image, at most five. */
export function imageCountError(kept: number, added: number): string | undefined {
  const total = kept + added;
  if (total < 1) return messages.admin.atLeastOneImage;
  if (total > MAX_IMAGES_PER_PRODUCT) return messages.admin.maxImages;
  return undefined;
}

/** A colour whose picture (a position in the saved images) is not one of `imageCount` images. */
export function colorImageError(colors: readonly { image: number | null }[], imageCount: number): string | undefined {
  return colors.some((color) => color.image !== null && color.image >= imageCount)
    ? productMessages.colorImageInvalid
    : undefined;
}

/** How many more files the picker may take; the picker disappears at 0 (docs/product.md §2). */
export function remainingImageSlots(kept: number, added: number): number {
  return Math.max(0, MAX_IMAGES_PER_PRODUCT - kept - added);
}
