/**
 * Keeps this browser's cart (app/lib/cart.ts) and the cart the server keeps for the signed-in
 * shopper (GET/PUT /api/cart) in step, by the rules of docs/decisions/050-server-cart.md:
 * - on start (a sign-in, or any page loaded signed in) domain/cart-merge.ts's cartSyncStart
 *   decides: merge this browser's lines into the server's, or fetch the server's and take it
 *   if another device changed it;
 * - every change here is sent (debounced) with the server version it was made on: the server
 *   replaces its cart when that version is still its own, and merges otherwise;
 * - the answer (the catalogue's titles, prices and pictures) replaces the lines here unless the
 *   shopper changed them again meanwhile, which is then sent in turn.
 * Loaded with the first signed-in page, not by visitors (docs/decisions/025-what-the-browser-loads-when.md).
 */
import { CART_STORAGE_KEY, type CartLine } from "../../domain/cart";
import {
  CART_OWNER_STORAGE_KEY,
  type CartSyncState,
  cartSyncStart,
  parseCartSyncState,
  sameCart,
} from "../../domain/cart-merge";
import { toRequestLines } from "../../domain/cart-storage";
import { useSyncExternalStore } from "react";
import { browserStorage, readStored } from "./browser-storage";
import { readCart, replaceCart, subscribeCart } from "./cart";

/** Long enough for a run of + presses to go as one request. */
const DEBOUNCE_MS = 600;

interface ServerCart {
  lines: CartLine[];
  version: number;
}

let session: {
  userId: string;
  timer: ReturnType<typeof setTimeout> | null;
  /** Bumped by every change made here, so an answer to an older cart does not overwrite a newer one. */
  changes: number;
  /** Our own writes of the server's answer are not changes to send back. */
  applying: boolean;
  queue: Promise<void>;
  stopped: boolean;
  unsubscribe: () => void;
} | null = null;

function readState(): CartSyncState | null {
  return parseCartSyncState(readStored(CART_OWNER_STORAGE_KEY));
}

function writeState(state: CartSyncState | null): void {
  try {
    const store = browserStorage();
    if (!store) return;
    if (state) store.setItem(CART_OWNER_STORAGE_KEY, JSON.stringify(state));
    else store.removeItem(CART_OWNER_STORAGE_KEY);
  } catch {
    // Storage full or off: the next page load merges again, which is safe.
  }
}

function isServerCart(value: unknown): value is ServerCart {
  const body = value as ServerCart | null;
  return typeof body === "object" && body !== null && Array.isArray(body.lines) && Number.isSafeInteger(body.version);
}

async function request(method: "GET" | "PUT", body?: unknown, keepalive = false): Promise<ServerCart | null> {
  try {
    const res = await fetch("/api/cart", {
      method,
      credentials: "same-origin",
      keepalive,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) return null;
    const answer: unknown = await res.json();
    return isServerCart(answer) ? answer : null;
  } catch {
    return null;
  }
}

/** What the cart was when a request was made: a change counted here, or stored text that differs, is newer. */
interface Asked {
  changes: number;
  stored: string | null;
}

function asked(current: NonNullable<typeof session>): Asked {
  return { changes: current.changes, stored: readStored(CART_STORAGE_KEY) };
}

/** Takes the server's answer: its version, and its lines when they are other choices and our cart did not change since it was asked. */
function apply(current: NonNullable<typeof session>, answer: ServerCart, when: Asked): void {
  if (current.stopped) return;
  if (current.changes !== when.changes || readStored(CART_STORAGE_KEY) !== when.stored) {
    writeState({ owner: current.userId, version: answer.version, dirty: true });
    schedule(current);
    return;
  }
  writeState({ owner: current.userId, version: answer.version, dirty: false });
  // The same choices: nothing to take. A price or title the catalogue changed is left to the cart
  // check of /cart and /checkout, which takes it and tells the shopper ("The price of … changed").
  if (sameCart(readCart(), answer.lines)) return;
  current.applying = true;
  try {
    replaceCart(answer.lines);
  } catch {
    // Storage refused: the server keeps the cart; the next page load tries again.
  } finally {
    current.applying = false;
  }
}

function enqueue(current: NonNullable<typeof session>, work: () => Promise<void>): void {
  current.queue = current.queue.then(work, work);
}

/** Sends the cart (as it is when the request goes, unless `lines` is given) against `baseVersion`. */
function push(current: NonNullable<typeof session>, baseVersion: number | null, lines?: CartLine[]): void {
  enqueue(current, async () => {
    if (current.stopped) return;
    const when = asked(current);
    const answer = await request("PUT", { lines: toRequestLines(lines ?? readCart()), baseVersion });
    if (answer) apply(current, answer, when);
  });
}

function schedule(current: NonNullable<typeof session>): void {
  if (current.timer) clearTimeout(current.timer);
  current.timer = setTimeout(() => {
    current.timer = null;
    push(current, readState()?.version ?? null);
  }, DEBOUNCE_MS);
}

/** A change not sent yet goes with the page as it is left (keepalive outlives the page). */
function flushOnLeave(): void {
  const current = session;
  if (!current?.timer) return;
  clearTimeout(current.timer);
  current.timer = null;
  void request("PUT", { lines: toRequestLines(readCart()), baseVersion: readState()?.version ?? null }, true);
}

// Whether this page's first exchange with the server is over (answered or failed): until then an
// empty browser cart may only be one the server is about to fill (the cart page waits for it).
let settled = false;
const settledListeners = new Set<() => void>();
function settle(): void {
  if (settled) return;
  settled = true;
  for (const listener of settledListeners) listener();
}

/** True once the page's first exchange with the server is over; false on the server and before. */
export function useCartSyncSettled(): boolean {
  return useSyncExternalStore(
    (listener) => {
      settledListeners.add(listener);
      return () => settledListeners.delete(listener);
    },
    () => settled,
    () => false,
  );
}

/** Starts keeping `userId`'s cart in step; returns the stop. Starting for the same shopper again is a no-op. */
export function startCartSync(userId: string): () => void {
  if (session && !session.stopped && session.userId === userId) return stopCartSync;
  stopCartSync();
  const current: NonNullable<typeof session> = {
    userId,
    timer: null,
    changes: 0,
    applying: false,
    queue: Promise.resolve(),
    stopped: false,
    unsubscribe: () => {},
  };
  session = current;

  const start = cartSyncStart(userId, readState());
  if (start.kind === "merge") {
    // Another shopper's lines are never sent as this one's.
    const lines = start.keepLocal ? readCart() : [];
    push(current, start.baseVersion, lines);
    enqueue(current, async () => settle());
  } else {
    enqueue(current, async () => {
      const when = asked(current);
      const answer = await request("GET");
      if (answer && answer.version !== readState()?.version) apply(current, answer, when);
      settle();
    });
  }

  current.unsubscribe = subscribeCart(() => {
    if (current.applying || current.stopped) return;
    current.changes += 1;
    const state = readState();
    if (state?.owner === userId && !state.dirty) writeState({ ...state, dirty: true });
    schedule(current);
  });
  window.addEventListener("pagehide", flushOnLeave);
  return stopCartSync;
}

/** Stops sending changes (sign-out, another shopper); what is on its way is not waited for. */
export function stopCartSync(): void {
  if (!session) return;
  session.stopped = true;
  if (session.timer) clearTimeout(session.timer);
  session.unsubscribe();
  window.removeEventListener("pagehide", flushOnLeave);
  session = null;
}

/**
 * Sign-out: this browser's cart is emptied (docs/product.md §4) and forgets whose it was; the
 * server keeps the shopper's cart for their next sign-in. Stops first, so the emptying is not
 * sent as the shopper's change.
 */
export function forgetCartOnSignOut(clear: () => void): void {
  stopCartSync();
  clear();
  writeState(null);
}
