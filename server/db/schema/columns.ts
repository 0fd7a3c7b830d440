import { customType, timestamp } from "drizzle-orm/pg-core";

/** Shared column helpers of the schema files (docs/architecture.md, "Adding a table"). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
