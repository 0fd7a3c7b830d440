/**
 * What the order's status history says to whom (docs/product.md §4). A refund's entry tells the
 * administrator how many pieces went back in stock; the shopper reads the rest of it only.
 */

/** "; 6 pieces back in stock": the administrator's part of a refund's history note (empty without a restock). */
export function restockNote(pieces: number): string {
  if (pieces <= 0) return "";
  return `; ${pieces === 1 ? "1 piece" : `${pieces} pieces`} back in stock`;
}

const RESTOCK = /; \d+ pieces? back in stock(?=\.?$)/;

/** The note as the shopper reads it: the stock part (restockNote) taken out, older entries included. */
export function shopperNote(note: string): string {
  return note.replace(RESTOCK, "");
}

/** A history as the shopper's pages receive it: the server never sends them the administrator's part. */
export function shopperHistory<T extends { note: string }>(entries: readonly T[]): T[] {
  return entries.map((entry) => ({ ...entry, note: shopperNote(entry.note) }));
}
