import { LRUCache } from "lru-cache";
import type { LiveNotice } from "../../domain/live-events";

/**
 * A bounded in-memory cache of what every visitor sees alike (catalogue data, rendered visitor
 * pages), emptied by the store's change notices: a product or review notice (from this
 * instance, at once inside `publish`, or from another one through PostgreSQL) or a "resync"
 * after the link to the other instances was down. See docs/decisions/024-visitor-page-cache.md.
 *
 * Why a reader never sees a change late:
 * - a writer publishes right after its commit, and local delivery is synchronous, so the next
 *   request on this instance finds the cache empty;
 * - a load that began before a notice is not kept (the generation moved on while it ran), so a
 *   read that raced the write cannot put the old value back;
 * - while this instance may miss the other instances' notices (its LISTEN connection is down),
 *   the cache neither serves nor keeps anything;
 * - entries expire after `ttlMs` in any case, a bound for the notice a failed NOTIFY lost.
 */

/** The part of the events service the cache needs. */
export interface NoticeSource {
  subscribe(listener: (notice: LiveNotice) => void): () => void;
  hearsAll(): boolean;
}

/** Notices after which a catalogue page or its data may read differently. Orders change stock through product notices. */
export function changesCatalog(notice: LiveNotice): boolean {
  return (
    notice.type === "resync" ||
    notice.type === "search.updated" ||
    notice.type.startsWith("product.") ||
    notice.type.startsWith("review.")
  );
}

export interface NoticeCacheOptions<V> {
  notices: NoticeSource;
  maxEntries: number;
  /** With sizeOf: the total size kept; a value larger than this alone is never kept. */
  maxBytes?: number;
  sizeOf?: (value: NonNullable<V>) => number;
  ttlMs: number;
}

export interface NoticeCache<V> {
  /** The cached value, or `load()`'s (kept unless a notice came meanwhile). `undefined` and `null` are never kept. */
  remember(key: string, load: () => Promise<V>): Promise<V>;
  /** A kept value, or undefined (also while the cache is bypassed). */
  get(key: string): V | undefined;
  /** The current generation; `set` keeps a value only if no notice came since. */
  generation(): number;
  set(key: string, value: NonNullable<V>, generation: number): void;
  clear(): void;
  stats(): { entries: number; bytes: number };
  /** Stops listening to notices (the cache stays empty from then on). */
  close(): void;
}

export function createNoticeCache<V>(options: NoticeCacheOptions<V>): NoticeCache<V> {
  const { notices } = options;
  const lru = new LRUCache<string, NonNullable<V>>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    ...(options.maxBytes && options.sizeOf
      ? { maxSize: options.maxBytes, sizeCalculation: (value) => Math.max(1, options.sizeOf?.(value) ?? 1) }
      : {}),
  });
  let generation = 0;
  let closed = false;
  const clear = () => {
    generation += 1;
    lru.clear();
  };
  const unsubscribe = notices.subscribe((notice) => {
    if (changesCatalog(notice)) clear();
  });
  const usable = () => !closed && notices.hearsAll();

  function set(key: string, value: NonNullable<V>, at: number) {
    if (at !== generation || !usable()) return;
    if (options.maxBytes && options.sizeOf && options.sizeOf(value) > options.maxBytes) return;
    lru.set(key, value);
  }

  return {
    async remember(key, load) {
      if (!usable()) return load();
      const hit = lru.get(key);
      if (hit !== undefined) return hit;
      const at = generation;
      const value = await load();
      if (value !== undefined && value !== null) set(key, value as NonNullable<V>, at);
      return value;
    },
    get: (key) => (usable() ? lru.get(key) : undefined),
    generation: () => generation,
    set,
    clear,
    stats: () => ({ entries: lru.size, bytes: lru.calculatedSize ?? 0 }),
    close() {
      closed = true;
      unsubscribe();
      clear();
    },
  };
}
