import { describe, expect, it } from "vitest";
import type { LiveNotice } from "../../domain/live-events";
import { changesCatalog, createNoticeCache } from "./notice-cache";

const P = "11111111-1111-4111-8111-111111111111";

describe("changesCatalog", () => {
  it.each<[LiveNotice, boolean]>([
    [{ type: "product.added", productId: P }, true],
    [{ type: "product.updated", productId: P }, true],
    [{ type: "product.deleted", productId: P }, true],
    [{ type: "review.added", productId: P }, true],
    [{ type: "review.updated", productId: P }, true],
    [{ type: "review.deleted", productId: P }, true],
    [{ type: "resync" }, true],
    [{ type: "order.created", orderId: P, userId: "u1" }, false],
    [{ type: "order.status", orderId: P, userId: "u1" }, false],
  ])("%o → %s", (notice, expected) => {
    expect(changesCatalog(notice)).toBe(expected);
  });
});

function fakeNotices() {
  const listeners = new Set<(n: LiveNotice) => void>();
  let hearsAll = true;
  return {
    subscribe(listener: (n: LiveNotice) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hearsAll: () => hearsAll,
    setHearsAll(value: boolean) {
      hearsAll = value;
    },
    send(notice: LiveNotice) {
      for (const l of listeners) l(notice);
    },
  };
}

describe("createNoticeCache", () => {
  it("keeps what it loaded until a catalogue notice, and ignores order notices", async () => {
    const notices = fakeNotices();
    const cache = createNoticeCache<string>({ notices, maxEntries: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.remember("a", load)).toBe("value 1");
    expect(await cache.remember("a", load)).toBe("value 1");
    notices.send({ type: "order.created", orderId: P, userId: "u1" });
    expect(await cache.remember("a", load)).toBe("value 1");
    notices.send({ type: "product.updated", productId: P });
    expect(await cache.remember("a", load)).toBe("value 2");
    notices.send({ type: "resync" });
    expect(await cache.remember("a", load)).toBe("value 3");
  });

  it("does not keep a value whose load began before a notice (it may predate the change)", async () => {
    const notices = fakeNotices();
    const cache = createNoticeCache<string>({ notices, maxEntries: 10, ttlMs: 60_000 });
    let release: (v: string) => void = () => {};
    const slow = cache.remember("a", () => new Promise<string>((r) => (release = r)));
    notices.send({ type: "review.added", productId: P });
    release("before the change");
    expect(await slow).toBe("before the change");
    expect(await cache.remember("a", async () => "after the change")).toBe("after the change");
    expect(cache.get("a")).toBe("after the change");
  });

  it("neither keeps nor serves while the instance may miss notices", async () => {
    const notices = fakeNotices();
    const cache = createNoticeCache<string>({ notices, maxEntries: 10, ttlMs: 60_000 });
    await cache.remember("a", async () => "kept");
    notices.setHearsAll(false);
    expect(await cache.remember("a", async () => "fresh")).toBe("fresh");
    expect(await cache.remember("b", async () => "fresh b")).toBe("fresh b");
    notices.setHearsAll(true);
    expect(cache.get("b")).toBeUndefined();
  });

  it("holds at most maxEntries entries and at most maxBytes bytes, dropping the least recently used", async () => {
    const notices = fakeNotices();
    const cache = createNoticeCache<string>({
      notices,
      maxEntries: 3,
      maxBytes: 10,
      sizeOf: (v) => v.length,
      ttlMs: 60_000,
    });
    for (const key of ["a", "b", "c", "d"]) await cache.remember(key, async () => "x");
    expect(cache.stats()).toEqual({ entries: 3, bytes: 3 });
    expect(cache.get("a")).toBeUndefined();
    await cache.remember("big", async () => "123456789");
    expect(cache.stats().bytes).toBeLessThanOrEqual(10);
    expect(cache.get("big")).toBe("123456789");
    // Larger than the whole cache: served, never kept.
    expect(await cache.remember("huge", async () => "12345678901")).toBe("12345678901");
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(10);
  });

  it("keeps nothing a load marks as not to keep", async () => {
    const notices = fakeNotices();
    const cache = createNoticeCache<string | undefined>({ notices, maxEntries: 3, ttlMs: 60_000 });
    expect(await cache.remember("missing", async () => undefined)).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });
});
