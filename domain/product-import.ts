import {
  colorImageError,
  imageCountError,
  type ProductFormValues,
  type ProductInput,
  productSchema,
} from "./product-schemas";

/**
 * A row of `npm run store -- import-products FILE.csv` (docs/command-line.md): the add-product
 * form's fields in CSV columns, checked by the form's own schema (productSchema("add")) and
 * image-count rules, so a product the form would refuse is refused here with the same text.
 *
 * Lists inside a cell are separated by "|": sizes "S|M|L", images "front.jpg|https://…/back.png",
 * colours "Sand #c2b280 @2|Navy #1f2a44" (a name, its hex value, and optionally "@N", the
 * product's N-th image as the colour's picture, counting from 1).
 */

/** The columns, by their name in the header (case and spaces ignored), with the names also accepted. */
export const IMPORT_COLUMNS = {
  title: ["title"],
  category: ["category"],
  price: ["price"],
  description: ["description"],
  sizes: ["sizes", "size"],
  colours: ["colours", "colors", "colour", "color"],
  stock: ["stock", "stockcount", "stock count"],
  images: ["images", "image", "image paths", "image urls"],
} as const;

export type ImportColumn = keyof typeof IMPORT_COLUMNS;
const REQUIRED: readonly ImportColumn[] = ["title", "category", "price", "description", "stock", "images"];

/** One refusal: the spreadsheet row (the header is row 1) or 1 for the header, the column, the form's text. */
export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

/** The form's field names as the CSV calls them. */
const COLUMN_OF_FIELD: Record<string, string> = { stockCount: "stock", colors: "colours", form: "row" };

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

/** Which column each header cell is, or the problems of the header (unknown or repeated names, missing columns). */
export function importHeader(header: readonly string[]): {
  columns: (ImportColumn | undefined)[];
  problems: ImportProblem[];
} {
  const problems: ImportProblem[] = [];
  const seen = new Set<ImportColumn>();
  const columns = header.map((cell) => {
    const name = normalise(cell);
    const column = (Object.keys(IMPORT_COLUMNS) as ImportColumn[]).find((key) =>
      (IMPORT_COLUMNS[key] as readonly string[]).includes(name),
    );
    if (!column) {
      problems.push({
        row: 1,
        field: cell,
        message: `Unknown column "${cell}"; the columns are ${Object.keys(IMPORT_COLUMNS).join(", ")}`,
      });
      return undefined;
    }
    if (seen.has(column)) problems.push({ row: 1, field: cell, message: `The column ${column} appears twice` });
    seen.add(column);
    return column;
  });
  for (const column of REQUIRED) {
    if (!seen.has(column)) problems.push({ row: 1, field: column, message: `The column ${column} is missing` });
  }
  return { columns, problems };
}

const list = (cell: string | undefined) =>
  (cell ?? "")
    .split("|")
    .map((part) => part.trim())
    .filter(Boolean);

/** "Sand #c2b280 @2" → the form's colour row: name, hex text, picture position (0-based, as the form sends it). */
export function importColour(text: string): { name: string; hex: string; image: string } {
  const match = /^(.*?)\s*(#?[0-9a-f]{3}(?:[0-9a-f]{3})?)?\s*(?:@\s*(\d+))?$/i.exec(text.trim());
  const name = (match?.[1] ?? text).trim();
  const hex = match?.[2] ?? "";
  const picture = match?.[3];
  // An unreadable picture number stays unreadable ("x"), so the schema refuses it instead of dropping it.
  const image = picture === undefined ? "" : Number(picture) >= 1 ? String(Number(picture) - 1) : "x";
  return { name: name || text.trim(), hex, image };
}

/** The form's values from a row's cells, keyed by column. */
export function importFormValues(cells: Partial<Record<ImportColumn, string>>): ProductFormValues {
  return {
    title: cells.title ?? "",
    category: (cells.category ?? "").trim(),
    price: cells.price ?? "",
    description: cells.description ?? "",
    sizes: list(cells.sizes).map((size) => size.toUpperCase()),
    stockCount: cells.stock ?? "",
    colors: list(cells.colours).map(importColour),
  };
}

/** A checked row: its product, or its problems; either way its pictures, which are checked too. */
export type ImportedRow =
  | { ok: true; input: ProductInput; images: string[] }
  | { ok: false; problems: ImportProblem[]; images: string[] };

/** A data row checked as the add-product form checks it; `row` is its number in the spreadsheet. */
export function importRow(row: number, cells: Partial<Record<ImportColumn, string>>): ImportedRow {
  const images = list(cells.images);
  const parsed = productSchema("add").safeParse(importFormValues(cells));
  const problems: ImportProblem[] = [];
  if (!parsed.success) {
    const fields = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = issue.path.length ? String(issue.path[0]) : "form";
      if (fields.has(field)) continue;
      fields.add(field);
      problems.push({ row, field: COLUMN_OF_FIELD[field] ?? field, message: issue.message });
    }
  }
  const imageProblem =
    imageCountError(0, images.length) ??
    (parsed.success ? colorImageError(parsed.data.colors, images.length) : undefined);
  if (imageProblem)
    problems.push({ row, field: imageCountError(0, images.length) ? "images" : "colours", message: imageProblem });
  if (problems.length || !parsed.success) return { ok: false, problems, images };
  return { ok: true, input: parsed.data, images };
}

/**
 * A row with more or fewer cells than the header has columns: its cells cannot be matched to
 * columns, so it is this one problem (and the other rows are still checked).
 */
export function rowLengthProblem(row: number, cells: number, columns: number): ImportProblem | undefined {
  if (cells === columns) return undefined;
  const why = cells < columns ? "a cell or a separator is missing" : "a cell has an unquoted comma";
  return { row, field: "row", message: `The row has ${cells} cells where the header has ${columns} columns: ${why}` };
}

/**
 * What makes two products the same one for `import-products` (decision 044): the title, with case
 * and runs of spaces ignored, in the same category. A file imported twice matches every row.
 */
export function productKey(title: string, category: string): string {
  return `${category}\u0000${title.trim().replace(/\s+/g, " ").toLowerCase()}`;
}

/** Rows that repeat an earlier row's product (productKey) within one file. */
export function repeatedProducts(rows: readonly { row: number; title: string; category: string }[]): ImportProblem[] {
  const first = new Map<string, number>();
  const problems: ImportProblem[] = [];
  for (const { row, title, category } of rows) {
    const key = productKey(title, category);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row);
    else
      problems.push({
        row,
        field: "title",
        message: `The same product (title and category) as row ${earlier}: each product once per file`,
      });
  }
  return problems;
}

/** A row whose product the catalogue already has, when the import was not told to skip such rows. */
export function alreadyInCatalogue(row: number): ImportProblem {
  return {
    row,
    field: "title",
    message:
      "A product with this title is already in this category: remove the row, or run with --skip-existing to leave such products as they are",
  };
}

/** "row 3, price: Price must be …" */
export function describeProblem(problem: ImportProblem): string {
  return `row ${problem.row}, ${problem.field}: ${problem.message}`;
}
