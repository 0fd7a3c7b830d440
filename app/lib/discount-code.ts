/**
 * The discount code the shopper applied, kept in this browser beside the cart (localStorage),
 * shared through useSyncExternalStore and across tabs by the `storage` event. Only the code is
 * kept: the server prices it on every quote and payment start (docs/decisions/034-discount-codes.md).
 */
import { useSyncExternalStore } from "react";
import { normaliseCode } from "../../domain/discounts";

export const DISCOUNT_STORAGE_KEY = "cart:discount:v1";

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored code, or null. */
export function readDiscountCode(): string | null {
  try {
    const raw = storage()?.getItem(DISCOUNT_STORAGE_KEY);
    return raw ? normaliseCode(raw).slice(0, 64) || null : null;
  } catch {
    return null;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key === DISCOUNT_STORAGE_KEY || event.key === null) notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** Keeps a code (null removes it). Never throws: without storage the code lasts as long as the page. */
export function setDiscountCode(code: string | null): void {
  const value = code ? normaliseCode(code) : "";
  try {
    if (value) storage()?.setItem(DISCOUNT_STORAGE_KEY, value);
    else storage()?.removeItem(DISCOUNT_STORAGE_KEY);
  } catch {
    // Storage refused: nothing kept.
  }
  notify();
}

/** The applied code; null on the server and while hydrating. */
export function useDiscountCode(): string | null {
  return useSyncExternalStore(subscribe, readDiscountCode, () => null);
}
