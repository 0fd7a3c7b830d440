import { type Category, EDIT_CATEGORIES, SIZES, type Size } from "./catalog";
import { cellName, MAX_CM, MEASUREMENT_LABELS, type Measurement, type SizeGuideRow } from "./size-guide";

/**
 * Size guides' rules for the owner's form and the stored rows (decision 060): which categories
 * take a guide and what each measures, the form read and checked, stored rows read safely.
 */

/** What a category's guide measures; an empty list means the category has no guide (no link on its pages). */
export const GUIDE_MEASUREMENTS: Record<Category, readonly Measurement[]> = {
  Dress: ["bust", "waist", "hips", "length"],
  "2-piece": ["bust", "waist", "hips"],
  "Children Collection": ["height", "chest", "waist"],
  Jackets: ["chest", "waist", "sleeve"],
  Shoes: ["foot"],
  Accessories: [],
  Pants: ["waist", "hips", "inseam"],
};

/** The categories whose guide the owner can edit, in the catalogue's order. */
export const GUIDE_CATEGORIES: readonly Category[] = EDIT_CATEGORIES.filter((c) => GUIDE_MEASUREMENTS[c].length > 0);

export const sizeGuideMessages = {
  saved: (category: string) => `Size guide saved for ${category}`,
  notSaved: "Size guide not saved",
  category: "Choose a category that takes a size guide.",
  number: (size: Size, label: string) =>
    `${label} for size ${size}: enter centimetres, a number above 0 and up to ${MAX_CM}, at most one decimal.`,
  partial: (size: Size) => `Size ${size}: fill in every measurement, or leave the whole row empty.`,
  tooMany: "The form sent more than a size guide holds.",
} as const;

export type SizeGuideFormResult = { ok: true; rows: SizeGuideRow[] } | { ok: false; message: string };

const NUMBER = /^\d{1,3}(?:[.,]\d)?$/;

/**
 * The owner's size guide form read: a row per size whose cells are all filled (each a number of
 * centimetres above 0, at most MAX_CM, one decimal; a comma counts as the decimal point), rows
 * left wholly empty dropped. The first problem is answered and nothing is kept; fields of other
 * sizes or measurements are refused rather than ignored, so a forged form cannot store them.
 */
export function readSizeGuideForm(category: unknown, fields: Iterable<[string, unknown]>): SizeGuideFormResult {
  if (typeof category !== "string" || !(GUIDE_CATEGORIES as readonly string[]).includes(category)) {
    return { ok: false, message: sizeGuideMessages.category };
  }
  const measurements = GUIDE_MEASUREMENTS[category as Category];
  const allowed = new Set(SIZES.flatMap((size) => measurements.map((m) => cellName(size, m))));
  const values = new Map<string, string>();
  for (const [name, value] of fields) {
    if (!name.startsWith("cm.")) continue;
    if (!allowed.has(name) || typeof value !== "string" || values.has(name)) {
      return { ok: false, message: sizeGuideMessages.tooMany };
    }
    values.set(name, value.trim());
  }
  const rows: SizeGuideRow[] = [];
  for (const size of SIZES) {
    const cells = measurements.map((m) => [m, values.get(cellName(size, m)) ?? ""] as const);
    const filled = cells.filter(([, text]) => text !== "");
    if (filled.length === 0) continue;
    if (filled.length < cells.length) return { ok: false, message: sizeGuideMessages.partial(size) };
    const cm: SizeGuideRow["cm"] = {};
    for (const [m, text] of cells) {
      const value = NUMBER.test(text) ? Number(text.replace(",", ".")) : Number.NaN;
      if (!(value > 0 && value <= MAX_CM)) {
        return { ok: false, message: sizeGuideMessages.number(size, MEASUREMENT_LABELS[m]) };
      }
      cm[m] = value;
    }
    rows.push({ size, cm });
  }
  return { ok: true, rows };
}

/**
 * Rows as stored (JSON) made safe to show: sizes in the catalogue's order, only the category's
 * measurements, a row missing one of them dropped. Old or hand-edited rows never break the page.
 */
export function guideRowsOf(category: Category, stored: unknown): SizeGuideRow[] {
  const measurements = GUIDE_MEASUREMENTS[category];
  if (!Array.isArray(stored) || measurements.length === 0) return [];
  const bySize = new Map<string, SizeGuideRow>();
  for (const row of stored) {
    const size = (row as { size?: unknown })?.size;
    const cm = (row as { cm?: unknown })?.cm;
    if (typeof size !== "string" || typeof cm !== "object" || cm === null) continue;
    const picked: SizeGuideRow["cm"] = {};
    let complete = true;
    for (const m of measurements) {
      const value = (cm as Record<string, unknown>)[m];
      if (typeof value === "number" && value > 0 && value <= MAX_CM) picked[m] = Math.round(value * 10) / 10;
      else complete = false;
    }
    if (complete) bySize.set(size, { size: size as Size, cm: picked });
  }
  return SIZES.flatMap((size) => {
    const row = bySize.get(size);
    return row ? [row] : [];
  });
}
