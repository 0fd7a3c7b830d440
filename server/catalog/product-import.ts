import { readFile, stat } from "node:fs/promises";
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

/** One image named in a row: a path (relative to the CSV's folder) or an http(s) URL, read with the upload's size limit. */
async function loadImage(reference: string, csvDir: string): Promise<UploadedImage> {
  if (/^https?:\/\//i.test(reference)) {
    let response: Response;
    try {
      response = await fetch(reference, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
    } catch (error) {
      throw new InvalidInputError(`${reference} could not be downloaded (${(error as Error).message})`);
    }
    if (!response.ok) throw new InvalidInputError(`${reference} could not be downloaded (HTTP ${response.status})`);
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > MAX_IMAGE_BYTES) throw new InvalidInputError(imageMessages.tooBig(reference));
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_IMAGE_BYTES) throw new InvalidInputError(imageMessages.tooBig(reference));
    return { name: path.posix.basename(new URL(reference).pathname) || "image", bytes };
  }
  const file = path.resolve(csvDir, reference);
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error("not a file");
    size = info.size;
  } catch {
    throw new InvalidInputError(`${reference} was not found (looked for ${file})`);
  }
  if (size > MAX_IMAGE_BYTES) throw new InvalidInputError(imageMessages.tooBig(reference));
  return { name: path.basename(file), bytes: await readFile(file) };
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
 * read and checked by content as an upload is, all problems reported together with their row
 * numbers; only a file without a single problem is imported, in one transaction, through the
 * catalogue's own writer.
 */
export async function importProductsCsv(
  adminCatalog: Pick<AdminCatalogService, "importProducts">,
  file: string,
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
        const image = await loadImage(reference, csvDir);
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
