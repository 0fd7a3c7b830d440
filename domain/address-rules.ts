/** Address rules of docs/product.md §4, shared by the accounts service (the authority) and the screens. */

export const COUNTRIES = ["United States", "Canada", "United Kingdom"] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = "United States";

/** A shopper's address book is small; the cap keeps one account from filling the database. */
export const MAX_ADDRESSES_PER_USER = 20;

export interface AddressSlot {
  id: string;
  isDefault: boolean;
}

/** The first address a shopper adds becomes the default; a later one only when asked for. */
export function newAddressIsDefault(existing: readonly AddressSlot[], requested: boolean): boolean {
  return existing.length === 0 || requested;
}

/**
 * Which address is the default after `removedId` is deleted. `remaining` is the list in
 * display order (oldest first) without the removed one. Deleting the default promotes
 * the first remaining address; deleting any other keeps the current default.
 */
export function defaultAfterRemoval(remaining: readonly AddressSlot[], removedWasDefault: boolean): string | null {
  const current = remaining.find((a) => a.isDefault);
  if (current && !removedWasDefault) return current.id;
  return remaining[0]?.id ?? null;
}

/** Applies "set default": exactly the chosen address is default, every other one is not. */
export function withDefault<T extends AddressSlot>(list: readonly T[], id: string): T[] {
  return list.map((a) => ({ ...a, isDefault: a.id === id }));
}

/** At most one default, and one whenever the list is not empty. */
export function hasValidDefaults(list: readonly AddressSlot[]): boolean {
  const defaults = list.filter((a) => a.isDefault).length;
  return list.length === 0 ? defaults === 0 : defaults === 1;
}

export function isCountry(value: unknown): value is Country {
  return typeof value === "string" && (COUNTRIES as readonly string[]).includes(value);
}

/**
 * Where My Addresses offers a way back to: only the checkout, named by `?from=checkout`
 * (docs/product.md §2). Anything else in the address leads nowhere, so the link can't be made
 * to point off the store.
 */
export function addressesReturnPath(from: string | null | undefined): "/checkout" | null {
  return from === "checkout" ? "/checkout" : null;
}

/** My Addresses as the checkout links to it. */
export const ADDRESSES_FROM_CHECKOUT = "/addresses?from=checkout";
