import type { Category, Size } from "../../domain/catalog";
import type { SizeGuideRow } from "../../domain/size-guide";
import { GUIDE_MEASUREMENTS } from "../../domain/size-guide-rules";

/** Body measurements in cm per size, in the order of the category's GUIDE_MEASUREMENTS. */
const TABLES: Partial<Record<Category, Partial<Record<Size, number[]>>>> = {
  // bust, waist, hips, length
  Dress: {
    XS: [80, 62, 86, 96],
    S: [84, 66, 90, 97],
    M: [88, 70, 94, 98],
    L: [94, 76, 100, 99],
    XL: [100, 82, 106, 100],
    XXL: [106, 88, 112, 101],
  },
  // bust, waist, hips
  "2-piece": {
    XS: [80, 62, 86],
    S: [84, 66, 90],
    M: [88, 70, 94],
    L: [94, 76, 100],
    XL: [100, 82, 106],
    XXL: [106, 88, 112],
  },
  // height, chest, waist
  "Children Collection": { XS: [104, 56, 53], S: [116, 60, 55], M: [128, 64, 57], L: [140, 70, 60] },
  // chest, waist, sleeve
  Jackets: {
    XS: [84, 68, 60],
    S: [88, 72, 61],
    M: [94, 78, 62],
    L: [100, 84, 63],
    XL: [106, 90, 64],
    XXL: [112, 96, 65],
  },
  // foot length
  Shoes: { S: [23.5], M: [24.5], L: [25.5], XL: [26.5] },
};

/** The demo catalogue's size guides (decision 060): one per demo category that takes one. */
export function demoSizeGuides(): { category: Category; rows: SizeGuideRow[] }[] {
  return Object.entries(TABLES).map(([category, table]) => {
    const measurements = GUIDE_MEASUREMENTS[category as Category];
    const rows = Object.entries(table ?? {}).map(([size, values]) => ({
      size: size as Size,
      cm: Object.fromEntries(measurements.map((m, i) => [m, values[i]])),
    }));
    return { category: category as Category, rows };
  });
}
