import type { Category, Size } from "./catalog";

/**
 * Size guides (issue 27, item 4; docs/decisions/060-size-guides-and-fit.md): per category, a row
 * per size with its body measurements in centimetres as the owner typed them; inches are computed
 * here, never stored. Pure, so the product page, the admin form and the server share one rule. What the
 * product page's browser code needs lives here; the owner's form and the stored rows are read by
 * domain/size-guide-rules.ts (kept apart so the product page does not download them).
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

/** The form field of one cell: `cm.M.waist`. */
export const cellName = (size: Size, measurement: Measurement) => `cm.${size}.${measurement}`;

/** Whether a product page offers the guide: the category has one with rows and the product has sizes. */
export function showsSizeGuide(guide: SizeGuideView | null, productSizes: readonly string[]): guide is SizeGuideView {
  return guide !== null && guide.rows.length > 0 && productSizes.length > 0;
}
