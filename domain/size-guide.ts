import { type Category, EDIT_CATEGORIES, SIZES, type Size } from "./catalog";

/**
 * Size guides (issue 27, item 4; docs/decisions/060-size-guides-and-fit.md): per category, a row
 * per size with its body measurements in centimetres as the owner typed them; inches are computed
 * here, never stored. Pure, so the product page, the admin form and the server share one rule.
 */

export const MEASUREMENTS = ["bust", "chest", "waist", "hips", "height", "length", "sleeve", "inseam", "foot"] as const;
export type Measurement = (typeof MEASUREMENTS)[number];

export const MEASUREMENT_LABELS: Record<Measurement, string> = {
  bust: "Bust",
  chest: "Chest",
  waist: "Waist",
  hips: "Hips",
  height: "Height",
  length: "Length",
  sleeve: "Sleeve",
  inseam: "Inseam",
  foot: "Foot length",
};

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

export const UNITS = ["cm", "in"] as const;
export type Unit = (typeof UNITS)[number];

/** A measurement in centimetres: more than 0, at most 300, at most one decimal. */
export const MAX_CM = 300;
export const CM_PER_INCH = 2.54;

export interface SizeGuideRow {
  size: Size;
  /** Centimetres per measurement of the category, one decimal at most. */
  cm: Partial<Record<Measurement, number>>;
}

export interface SizeGuideView {
  category: Category;
  measurements: Measurement[];
  rows: SizeGuideRow[];
}

/** Inches from centimetres, rounded to one decimal (half away from zero): 86 cm → 33.9 in. */
export function cmToInches(cm: number): number {
  return Math.round((cm / CM_PER_INCH) * 10 + Number.EPSILON) / 10;
}

/** A cell as the table prints it: "86", "86.5" in cm; "33.9", "34" in inches (no trailing ".0"). */
export function formatMeasure(cm: number, unit: Unit): string {
  const value = unit === "cm" ? cm : cmToInches(cm);
  return String(Math.round(value * 10) / 10);
}

export const sizeGuideMessages = {
  saved: (category: string) => `Size guide saved for ${category}`,
  notSaved: "Size guide not saved",
  category: "Choose a category that takes a size guide.",
  number: (size: Size, label: string) =>
    `${label} for size ${size}: enter centimetres, a number above 0 and up to ${MAX_CM}, at most one decimal.`,
  partial: (size: Size) => `Size ${size}: fill in every measurement, or leave the whole row empty.`,
  tooMany: "The form sent more than a size guide holds.",
} as const;

/** The form field of one cell: `cm.M.waist`. */
export const cellName = (size: Size, measurement: Measurement) => `cm.${size}.${measurement}`;

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

/** Whether a product page offers the guide: the category has one with rows and the product has sizes. */
export function showsSizeGuide(guide: SizeGuideView | null, productSizes: readonly string[]): guide is SizeGuideView {
  return guide !== null && guide.rows.length > 0 && productSizes.length > 0;
}
