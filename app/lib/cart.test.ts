import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY, type CartLine, lineKey } from "../../domain/cart";
import { addToCart, clearCart, readCart, removeFromCart, replaceCart, setCartQuantity } from "./cart";
import { reconcileCart } from "./cart-check";

/** A browser's localStorage and window events, enough for the cart store. */
class FakeStorage {
  data = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException("quota", "QuotaExceededError");
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

let storage: FakeStorage;
const ID = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";
const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  productId: ID,
  title: "Linen Dress",
  priceCents: 4999,
  quantity: 1,
  imageUrls: [],
  selectedSize: "M",
  color: null,
  ...overrides,
});

beforeEach(() => {
  storage = new FakeStorage();
  const target = new EventTarget();
  Object.assign(globalThis, {
    window: {
      localStorage: storage,
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
    },
  });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, "window");
});

describe("the stored cart", () => {
  it("is empty when nothing, junk or another app's value is stored", () => {
    expect(readCart()).toEqual([]);
    for (const junk of ["{not json", '{"items":[]}', "null", '"cart"']) {
      storage.data.set(CART_STORAGE_KEY, junk);
      expect(readCart()).toEqual([]);
    }
  });

  it("drops bad lines and keeps good ones", () => {
    storage.data.set(
      CART_STORAGE_KEY,
      JSON.stringify([line(), { productId: "x", quantity: 1 }, line({ productId: OTHER, quantity: -2 })]),
    );
    expect(readCart()).toEqual([line()]);
  });

  it("adds, merges, changes quantity, removes and clears under cart:v1", () => {
    addToCart(line());
    addToCart(line({ quantity: 2 }));
    addToCart(line({ selectedSize: "L" }));
    expect(JSON.parse(storage.data.get("cart:v1") ?? "[]")).toHaveLength(2);
    expect(readCart().map((l) => l.quantity)).toEqual([3, 1]);
    setCartQuantity(lineKey(line()), "abc");
    expect(readCart()[0].quantity).toBe(1);
    removeFromCart(ID, "L");
    expect(readCart()).toEqual([line()]);
    clearCart();
    expect(storage.data.has(CART_STORAGE_KEY)).toBe(false);
    expect(readCart()).toEqual([]);
  });

  it("returns the same array while nothing changed (useSyncExternalStore needs it)", () => {
    addToCart(line());
    expect(readCart()).toBe(readCart());
  });

  it("throws when the browser refuses to store, leaving the cart as it was", () => {
    addToCart(line());
    storage.full = true;
    expect(() => addToCart(line({ productId: OTHER }))).toThrow();
    expect(readCart()).toEqual([line()]);
  });

  it("sees a change another tab made", () => {
    addToCart(line());
    storage.data.set(CART_STORAGE_KEY, JSON.stringify([line({ quantity: 7 })]));
    expect(readCart()[0].quantity).toBe(7);
  });

  it("throws on a write when storage is switched off, and clearCart does not", () => {
    Object.assign(globalThis, {
      window: {
        get localStorage(): Storage {
          throw new DOMException("denied", "SecurityError");
        },
      },
    });
    expect(readCart()).toEqual([]);
    expect(() => replaceCart([line()])).toThrow();
    expect(() => clearCart()).not.toThrow();
  });
});

describe("reconcileCart", () => {
  const priced = (l: CartLine, rest: Record<string, unknown> = {}) => ({
    productId: l.productId,
    title: l.title,
    imageUrls: l.imageUrls,
    selectedSize: l.selectedSize,
    color: l.color,
    quantity: l.quantity,
    unitPriceCents: l.priceCents,
    lineTotalCents: l.priceCents * l.quantity,
    stockCount: 10,
    problem: null,
    ...rest,
  });

  it("changes nothing when the server agrees", () => {
    const lines = [line(), line({ productId: OTHER })];
    const result = reconcileCart(lines, { lines: lines.map((l) => priced(l)) as never });
    expect(result).toEqual({ lines, changed: false, notices: [], problems: new Map() });
  });

  it("removes a product that is gone, with a notice", () => {
    const lines = [line(), line({ productId: OTHER, title: "Old Scarf" })];
    const result = reconcileCart(lines, {
      lines: [priced(lines[0]), priced(lines[1], { problem: "not_found", title: "" })] as never,
    });
    expect(result.lines).toEqual([line()]);
    expect(result.changed).toBe(true);
    expect(result.notices).toEqual(["“Old Scarf” is no longer available and was removed from your cart."]);
  });

  it("takes the new price, with a notice", () => {
    const result = reconcileCart([line()], { lines: [priced(line(), { unitPriceCents: 5499 })] as never });
    expect(result.lines[0].priceCents).toBe(5499);
    expect(result.changed).toBe(true);
    expect(result.notices).toEqual(["The price of “Linen Dress” changed from $49.99 to $54.99."]);
  });

  it("marks lines that cannot be bought, and keeps lines the quote did not cover", () => {
    const added = line({ productId: OTHER });
    const result = reconcileCart([line(), added], {
      lines: [priced(line(), { problem: "out_of_stock", stockCount: 0 })] as never,
    });
    expect([...result.problems.keys()]).toEqual([lineKey(line())]);
    expect(result.lines).toEqual([line(), added]);
    expect(result.changed).toBe(false);
  });
});
