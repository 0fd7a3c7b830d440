/**
 * How the browser's cart and the cart the server keeps for a signed-in shopper become one
 * (docs/product.md §4 "Cart", docs/decisions/050-server-cart.md). Pure, so the server's merge and
 * its tests share it.
 */
import { lineKey, MAX_CART_LINES } from "./cart";
import { parseQuantity } from "./cart-rules";
import type { LineChoiceInput } from "./line-choice";

/**
 * The two carts as one. A line is a product, size and colour (the brief's rule: another size is
 * another line). A line in both keeps the larger quantity, not the sum: the same line on both
 * sides is almost always the same pieces synced before, and adding them again on every sign-in
 * would double them. The server's lines come first, in their order, then the browser's new ones;
 * quantities are whole numbers from 1 to 99; past MAX_CART_LINES lines, the browser's extra
 * lines are left out.
 */
export function mergeCarts<L extends LineChoiceInput>(server: readonly L[], browser: readonly L[]): L[] {
  const merged = new Map<string, L>();
  for (const line of [...server, ...browser]) {
    const normal = {
      ...line,
      selectedSize: line.selectedSize ?? null,
      color: line.color ?? null,
      quantity: parseQuantity(line.quantity),
    };
    const key = lineKey(normal);
    const existing = merged.get(key);
    if (existing) merged.set(key, { ...existing, quantity: Math.max(existing.quantity, normal.quantity) });
    else if (merged.size < MAX_CART_LINES) merged.set(key, normal);
  }
  return [...merged.values()];
}

/** The same lines, quantities included, in any order: nothing to write. */
export function sameCart(a: readonly LineChoiceInput[], b: readonly LineChoiceInput[]): boolean {
  if (a.length !== b.length) return false;
  const quantities = new Map(a.map((line) => [lineKey(line), line.quantity]));
  return b.every((line) => quantities.get(lineKey(line)) === line.quantity);
}

/**
 * The saved cart once an order is paid: each bought line's quantity comes off the same line (a
 * product, size and colour), and a line with nothing left goes. Lines the order did not have stay:
 * another device may have added them after the checkout began. Quantities bought more than once in
 * the order (it cannot, but a row written by hand could) add up.
 */
export function withoutBought<L extends LineChoiceInput>(
  saved: readonly L[],
  bought: readonly Pick<LineChoiceInput, "productId" | "selectedSize" | "color" | "quantity">[],
): L[] {
  const taken = new Map<string, number>();
  for (const line of bought) {
    const key = lineKey(line);
    taken.set(key, (taken.get(key) ?? 0) + Math.max(0, Math.trunc(line.quantity) || 0));
  }
  const left: L[] = [];
  for (const line of saved) {
    const remaining = line.quantity - (taken.get(lineKey(line)) ?? 0);
    if (remaining > 0) left.push(remaining === line.quantity ? line : { ...line, quantity: remaining });
  }
  return left;
}

/**
 * Whose cart this browser holds, and which server version it last matched, kept beside the cart
 * under CART_OWNER_STORAGE_KEY. `dirty` is a change not yet sent.
 */
export interface CartSyncState {
  owner: string;
  version: number;
  dirty: boolean;
}

export const CART_OWNER_STORAGE_KEY = "cart:v1:owner";

export function parseCartSyncState(raw: string | null | undefined): CartSyncState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value !== "object" || value === null) return null;
    const { owner, version, dirty } = value;
    if (typeof owner !== "string" || owner.length === 0 || owner.length > 200) return null;
    if (typeof version !== "number" || !Number.isSafeInteger(version) || version < 0) return null;
    return { owner, version, dirty: dirty === true };
  } catch {
    return null;
  }
}

/** What a signed-in page does with its cart when it loads (decision 050). */
export type CartSyncStart =
  /** The browser's lines go to the server to be merged (sign-in, an older cart, a change not yet sent). */
  | { kind: "merge"; keepLocal: boolean; baseVersion: number | null }
  /** The browser's cart is the server's as last seen: fetch the server's and take it if it moved on. */
  | { kind: "refresh" };

/**
 * The browser holds `state` (its last sync) for `userId`:
 * - another shopper's cart (a sign-out that did not run) is dropped, never merged in;
 * - no state (a sign-in, a cleared or older browser) merges what is here into the server's;
 * - a change not yet sent is sent against the version it was made on (the server merges if
 *   that version is gone);
 * - else the server's cart is fetched and replaces this one if it changed elsewhere.
 */
export function cartSyncStart(userId: string, state: CartSyncState | null): CartSyncStart {
  if (state && state.owner !== userId) return { kind: "merge", keepLocal: false, baseVersion: null };
  if (!state) return { kind: "merge", keepLocal: true, baseVersion: null };
  if (state.dirty) return { kind: "merge", keepLocal: true, baseVersion: state.version };
  return { kind: "refresh" };
}
