import { readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { InvalidInputError } from "../../domain/errors";
import {
  alreadyInCatalogue,
  describeProblem,
  type ImportColumn,
  type ImportProblem,
  importHeader,
  importRow,
  productKey,
  repeatedProducts,
  rowLengthProblem,
} from "../../domain/product-import";
import { imageMessages, MAX_IMAGE_BYTES, type ProductInput } from "../../domain/product-schemas";
import { type AdminCatalogService, ProductsExistError } from "./admin-products";
import { DownloadTooLargeError, fetchPublic, type PublicNetwork } from "../net/public-fetch";
import { checkImage, type UploadedImage } from "./upload";

/** How long one image URL may take to download. */
const FETCH_TIMEOUT_MS = 30_000;

/** The import refused: every problem found, each with its row and column. Nothing was stored. */
export class ImportRefusedError extends InvalidInputError {
  constructor(readonly problems: ImportProblem[]) {
    super(
      `Nothing was imported: ${problems.length} problem${problems.length === 1 ? "" : "s"}\n${problems.map((p) => `  ${describeProblem(p)}`).join("\n")}`,
    );
    this.name = "ImportRefusedError";
  }
}

/** How `import-products` reads the pictures a CSV names (docs/command-line.md). */
export interface ImportOptions {
  /** `--allow-local-images`: also read pictures named by a file path, in the CSV file's folder or below. */
  allowLocalImages?: boolean;
  /** `--skip-existing`: leave out rows whose product (title and category) the catalogue already has, instead of refusing the file. */
  skipExisting?: boolean;
  /** The resolver and address policy of image downloads (server/net/public-fetch.ts); tests replace them. */
  network?: PublicNetwork;
}

/** "https://…", "file:…", "ftp:…": a reference with a scheme is an address, never a path (a one-letter scheme would be a drive). */
const SCHEME = /^[a-z][a-z0-9+.-]+:/i;

const isWithin = (folder: string, file: string) => {
  const relative = path.relative(folder, file);
  return relative !== "" && relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
};

/**
 * One image named in a row: an http(s) URL, downloaded only from public addresses
 * (fetchPublic), or, with `--allow-local-images`, a path relative to the CSV's folder that stays
 * inside it (symbolic links included); read with the upload's size limit.
 */
async function loadImage(reference: string, csvDir: string, options: ImportOptions): Promise<UploadedImage> {
  if (SCHEME.test(reference)) {
    try {
      const bytes = await fetchPublic(reference, {
        ...options.network,
        maxBytes: MAX_IMAGE_BYTES,
        timeoutMs: FETCH_TIMEOUT_MS,
      });
      return { name: path.posix.basename(new URL(reference).pathname) || "image", bytes };
    } catch (error) {
      if (error instanceof DownloadTooLargeError) throw new InvalidInputError(imageMessages.tooBig(reference));
      throw error;
    }
  }
  if (!options.allowLocalImages)
    throw new InvalidInputError(`${reference} is a file path: files are read only with --allow-local-images`);
  const folder = await realpath(csvDir);
  const outside = () =>
    new InvalidInputError(
      `${reference} is outside the CSV file's folder (${folder}): only files in it or below are read`,
    );
  const file = path.resolve(folder, reference);
  if (!isWithin(folder, file)) throw outside();
  let real: string;
  let size: number;
  try {
    real = await realpath(file);
    const info = await stat(real);
    if (!info.isFile()) throw new Error("not a file");
    size = info.size;
  } catch {
    throw new InvalidInputError(`${reference} was not found (looked for ${file})`);
  }
  // A symbolic link inside the folder that leads out of it.
  if (!isWithin(folder, real)) throw outside();
  if (size > MAX_IMAGE_BYTES) throw new InvalidInputError(imageMessages.tooBig(reference));
  return { name: path.basename(file), bytes: await readFile(real) };
}

/** Reads a CSV file into its header and rows of cells; a broken CSV is one problem naming its line. */
function readCsv(text: string): string[][] {
  try {
    // Rows of the wrong length are each a problem of their own (rowLengthProblem), not the end of the file.
    return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ImportRefusedError([
      { row: line ?? 1, field: "file", message: `The CSV could not be read: ${(error as Error).message}` },
    ]);
  }
}

/** What `import-products` did: the new products, and the rows left out because the catalogue had them. */
export interface ImportResult {
  ids: string[];
  skippedRows: number[];
}

/**
 * `import-products FILE.csv`: every row checked with the add-product form's rules, every image
 * read (loadImage: public addresses only; files only with `allowLocalImages`) and checked by
 * content as an upload is, and every row's product looked for in the catalogue and earlier in
 * the file (productKey, decision 044). All problems of all rows are reported together with their
 * row numbers; only a file without a single problem is imported, in one transaction, through the
 * catalogue's own writer. With `skipExisting`, rows whose product the catalogue already has are
 * left out instead of refused, so the same file can be imported again.
 */
export async function importProductsCsv(
  adminCatalog: Pick<AdminCatalogService, "importProducts" | "existingProductKeys">,
  file: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new InvalidInputError(`${file} could not be read`);
  }
  const [header, ...records] = readCsv(text);
  if (!header)
    throw new ImportRefusedError([
      { row: 1, field: "file", message: "The file is empty: a header row and one row per product are expected" },
    ]);
  const { columns, problems } = importHeader(header);
  if (problems.length) throw new ImportRefusedError(problems);
  if (!records.length)
    throw new ImportRefusedError([{ row: 2, field: "file", message: "There is no product row under the header" }]);

  const existing = await adminCatalog.existingProductKeys();
  const csvDir = path.dirname(file);
  const items: { row: number; input: ProductInput; images: UploadedImage[] }[] = [];
  const named: { row: number; title: string; category: string }[] = [];
  const skippedRows: number[] = [];
  for (const [index, record] of records.entries()) {
    const row = index + 2;
    const lengthProblem = rowLengthProblem(row, record.length, header.length);
    if (lengthProblem) {
      problems.push(lengthProblem);
      continue;
    }
    const cells: Partial<Record<ImportColumn, string>> = {};
    columns.forEach((column, i) => {
      if (column) cells[column] = record[i];
    });
    const title = cells.title?.trim() ?? "";
    const category = cells.category?.trim() ?? "";
    if (title && existing.has(productKey(title, category))) {
      // Already imported (or added by hand): left as it is, pictures not even fetched.
      if (options.skipExisting) {
        skippedRows.push(row);
        continue;
      }
      problems.push(alreadyInCatalogue(row));
    }
    if (title) named.push({ row, title, category });
    const checked = importRow(row, cells);
    if (!checked.ok) problems.push(...checked.problems);
    const images: UploadedImage[] = [];
    for (const reference of checked.images) {
      try {
        const image = await loadImage(reference, csvDir, options);
        await checkImage(image);
        images.push(image);
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        problems.push({ row, field: "images", message: error.message });
      }
    }
    if (checked.ok) items.push({ row, input: checked.input, images });
  }
  problems.push(...repeatedProducts(named));
  if (problems.length) throw new ImportRefusedError(problems.sort((a, b) => a.row - b.row));
  try {
    const { ids, skipped } = await adminCatalog.importProducts(items, { skipExisting: options.skipExisting });
    return { ids, skippedRows: [...skippedRows, ...skipped.map((i) => items[i].row)].sort((a, b) => a - b) };
  } catch (error) {
    // Added by someone else since the file was checked (the writer looks again under a lock).
    if (error instanceof ProductsExistError)
      throw new ImportRefusedError(error.indexes.map((i) => alreadyInCatalogue(items[i].row)));
    throw error;
  }
}
