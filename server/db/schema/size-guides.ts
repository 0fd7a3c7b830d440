import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { SizeGuideRow } from "../../../domain/size-guide";
import { stamp } from "./columns";

/**
 * A size guide per category (docs/decisions/060-size-guides-and-fit.md): its rows (a size and
 * its measurements in centimetres), read with domain/size-guide.ts' guideRowsOf. Written by
 * server/catalog/size-guides.ts alone.
 */
export const sizeGuides = pgTable("size_guides", {
  category: text("category").primaryKey(),
  rows: jsonb("rows").$type<SizeGuideRow[]>().notNull(),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});
