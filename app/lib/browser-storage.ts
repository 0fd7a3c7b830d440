/**
 * One value kept in this browser's localStorage under its own key, the shape the cart
 * (app/lib/cart.ts) and its discount code (app/lib/discount-code.ts) share: read defensively,
 * and subscribed to through useSyncExternalStore, kept in step across tabs by the `storage` event.
 */

/** localStorage; null on the server and when the browser switches storage off (privacy settings). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The text stored under `key`; null when there is none or storage cannot be read. */
export function readStored(key: string): string | null {
  try {
    return browserStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * The listeners of `key`: `notify` tells this tab's after a write, another tab's write or its
 * clearing of all the site's storage (event key null) tells them through the `storage` event.
 */
export function storedValueListeners(key: string) {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };
  const subscribe = (listener: () => void): (() => void) => {
    if (listeners.size === 0) window.addEventListener("storage", onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener("storage", onStorage);
    };
  };
  return { notify, subscribe };
}
