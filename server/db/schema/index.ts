/**
 * The database schema, one file per area (docs/architecture.md, "Which module writes which
 * table"). drizzle.config.ts reads this index; `npm run db:generate` diffs it against
 * server/db/migrations.
 */
export * from "./accounts";
export * from "./catalog";
export * from "./checkouts";
export * from "./limits";
export * from "./mail";
export * from "./orders";
export * from "./payments";
export * from "./reviews";
export * from "./discounts";
export * from "./discount-redemptions";
export * from "./refunds";
export * from "./returns";
export * from "./saved-carts";
export * from "./size-guides";
export * from "./search";
export * from "./stock-alerts";
