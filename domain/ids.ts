const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else is "not found" before it reaches the database. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** Order number shown to people: the last 8 characters of the id in capitals (docs/product.md §9). */
export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, "").slice(-8).toUpperCase();
}
