import { readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { InvalidInputError } from "../../domain/errors";
import {
  describeProblem,
  type ImportColumn,
  type ImportProblem,
  importHeader,
  importRow,
} from "../../domain/product-import";
import { imageMessages, MAX_IMAGE_BYTES, type ProductInput } from "../../domain/product-schemas";
import type { AdminCatalogService } from "./admin-products";
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
    return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ImportRefusedError([
      { row: line ?? 1, field: "file", message: `The CSV could not be read: ${(error as Error).message}` },
    ]);
  }
}

/**
 * `import-products FILE.csv`: every row checked with the add-product form's rules, every image
 * read (loadImage: public addresses only; files only with `allowLocalImages`) and checked by
 * content as an upload is, all problems reported together with their row
 * numbers; only a file without a single problem is imported, in one transaction, through the
 * catalogue's own writer.
 */
export async function importProductsCsv(
  adminCatalog: Pick<AdminCatalogService, "importProducts">,
  file: string,
  options: ImportOptions = {},
): Promise<{ ids: string[] }> {
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

  const csvDir = path.dirname(file);
  const items: { input: ProductInput; images: UploadedImage[] }[] = [];
  for (const [index, record] of records.entries()) {
    const row = index + 2;
    const cells: Partial<Record<ImportColumn, string>> = {};
    columns.forEach((column, i) => {
      if (column) cells[column] = record[i];
    });
    const checked = importRow(row, cells);
    if (!checked.ok) {
      problems.push(...checked.problems);
      continue;
    }
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
    items.push({ input: checked.input, images });
  }
  if (problems.length) throw new ImportRefusedError(problems);
  return { ids: await adminCatalog.importProducts(items) };
}
