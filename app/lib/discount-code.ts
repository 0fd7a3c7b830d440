/**
 * The discount code the shopper applied, kept in this browser beside the cart (localStorage),
 * shared through useSyncExternalStore and across tabs by the `storage` event. Only the code is
 * kept: the server prices it on every quote and payment start (docs/decisions/034-discount-codes.md).
 */
import { useSyncExternalStore } from "react";
import { normaliseCode } from "../../domain/discounts";
import { browserStorage, readStored, storedValueListeners } from "./browser-storage";

export const DISCOUNT_STORAGE_KEY = "cart:discount:v1";

const { notify, subscribe } = storedValueListeners(DISCOUNT_STORAGE_KEY);

/** The stored code, or null. */
export function readDiscountCode(): string | null {
  const raw = readStored(DISCOUNT_STORAGE_KEY);
  return raw ? normaliseCode(raw).slice(0, 64) || null : null;
}

/** Keeps a code (null removes it). Never throws: without storage the code lasts as long as the page. */
export function setDiscountCode(code: string | null): void {
  const value = code ? normaliseCode(code) : "";
  try {
    if (value) browserStorage()?.setItem(DISCOUNT_STORAGE_KEY, value);
    else browserStorage()?.removeItem(DISCOUNT_STORAGE_KEY);
  } catch {
    // Storage refused: nothing kept.
  }
  notify();
}

/** The applied code; null on the server and while hydrating. */
export function useDiscountCode(): string | null {
  return useSyncExternalStore(subscribe, readDiscountCode, () => null);
}
