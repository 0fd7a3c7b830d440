import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";

/** better-auth's per-address rate limiter; lastRequest is epoch milliseconds. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Fixed-window counters for limits better-auth cannot key itself (sign-in attempts per account). */
export const authThrottles = pgTable("auth_throttles", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: stamp("window_started_at").notNull(),
});
