/**
 * The shopper's cart in this browser: localStorage under CART_STORAGE_KEY, read defensively,
 * shared by every component through useSyncExternalStore and kept in step across tabs by the
 * `storage` event. The rules themselves are domain/cart.ts; prices here are only a display
 * copy that the cart page refreshes from the server.
 */
import { useSyncExternalStore } from "react";
import {
  addLine,
  CART_STORAGE_KEY,
  type CartLine,
  cartItemCount,
  countedLines,
  removeLine,
  setQuantity as setLineQuantity,
} from "../../domain/cart";
import { parseStoredCart } from "../../domain/cart-storage";
import { browserStorage, readStored, storedValueListeners } from "./browser-storage";
import { setDiscountCode } from "./discount-code";

const EMPTY: CartLine[] = [];
const { notify, subscribe } = storedValueListeners(CART_STORAGE_KEY);

// The parsed cart for the raw text it came from: getSnapshot must return the same array
// while nothing changed, or React re-renders forever.
let cached: { raw: string | null; lines: CartLine[] } = { raw: null, lines: EMPTY };

/** Tells `listener` of every change of the stored cart, this tab's or another's (app/lib/cart-sync.ts). */
export const subscribeCart = subscribe;

/** The cart as stored now. */
export function readCart(): CartLine[] {
  const raw = readStored(CART_STORAGE_KEY);
  if (raw !== cached.raw) cached = { raw, lines: raw ? parseStoredCart(raw) : EMPTY };
  return cached.lines;
}

/** Writes the cart; throws when the browser refuses (storage off or full), so callers can say so. */
function writeCart(lines: CartLine[]): void {
  // Storage switched off: the cart stays empty and a write says so.
  const store = browserStorage();
  if (!store) throw new Error("Browser storage is not available");
  if (lines.length === 0) store.removeItem(CART_STORAGE_KEY);
  else store.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  notify();
}

/** Adds a line (same product, size and colour adds to its quantity). Throws when it cannot be saved. */
export function addToCart(line: CartLine): void {
  writeCart(addLine(readCart(), line));
}

export function setCartQuantity(key: string, quantity: unknown): void {
  writeCart(setLineQuantity(readCart(), key, quantity));
}

export function removeFromCart(productId: string, size?: string | null, color?: string | null): void {
  writeCart(removeLine(readCart(), productId, size, color));
}

/** Replaces the whole cart, e.g. with prices refreshed from the server. */
export function replaceCart(lines: CartLine[]): void {
  writeCart(lines);
}

/** Empties the cart (Clear All, after a paid order, on sign-out), its discount code too. Never throws. */
export function clearCart(): void {
  setDiscountCode(null);
  try {
    writeCart(EMPTY);
  } catch {
    // Nothing stored that could be cleared.
  }
}

/** The cart lines; empty on the server and during hydration, the stored cart afterwards. */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY);
}

// The lines the server last found unbuyable as they are (by lineKey), from the cart page's or
// the checkout's check: kept for the tab, so the header's badge counts what the cart counts.
const NONE: ReadonlySet<string> = new Set();
let unavailable: ReadonlySet<string> = NONE;
const unavailableListeners = new Set<() => void>();

/** Records the latest check's verdict (the keys of lines that cannot be bought as they are). */
export function setUnavailableLines(keys: Iterable<string>): void {
  const next = new Set(keys);
  if (next.size === unavailable.size && [...next].every((key) => unavailable.has(key))) return;
  unavailable = next.size ? next : NONE;
  for (const listener of unavailableListeners) listener();
}

function subscribeUnavailable(listener: () => void): () => void {
  unavailableListeners.add(listener);
  return () => unavailableListeners.delete(listener);
}

/** The keys of lines the server found unbuyable; empty on the server and before any check. */
export function useUnavailableLines(): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribeUnavailable,
    () => unavailable,
    () => NONE,
  );
}

/** The number of pieces for the header's badge: the same lines as the cart's 'Subtotal (N items)'. */
export function useCartCount(): number {
  return cartItemCount(countedLines(useCartLines(), useUnavailableLines()));
}

export function useCart() {
  const lines = useCartLines();
  return {
    lines,
    count: cartItemCount(lines),
    add: addToCart,
    setQuantity: setCartQuantity,
    remove: removeFromCart,
    replace: replaceCart,
    clear: clearCart,
  };
}

const noSubscription = () => () => {};

/** False on the server and while hydrating; true once the browser's own state (the cart) can be shown. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
