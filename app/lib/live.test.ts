import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveNotice } from "../../domain/live-events";

const toastError = vi.fn();
vi.mock("./toast", () => ({ toast: { error: (...args: unknown[]) => toastError(...args) } }));
// The hook is not under test here; its module pulls in the whole root route.
vi.mock("~/lib/root-data", () => ({ useRootData: () => undefined }));

const P = "11111111-1111-4111-8111-111111111111";

/** Stands in for the browser's EventSource: the tests open, feed and break it by hand. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  send(data: unknown) {
    this.onmessage?.({ data: typeof data === "string" ? data : JSON.stringify(data) });
  }
  fail() {
    this.onerror?.();
  }
}

const latest = () => FakeEventSource.all[FakeEventSource.all.length - 1];
const openSources = () => FakeEventSource.all.filter((s) => !s.closed);

async function freshLive() {
  vi.resetModules();
  return import("./live");
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, "random").mockReturnValue(0.5); // no jitter: pauses are exactly the backoff steps
  vi.stubGlobal("window", {});
  vi.stubGlobal("EventSource", FakeEventSource);
  FakeEventSource.all = [];
  toastError.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("subscribeLive", () => {
  it("shares one stream between all listeners of a tab and hands each the valid notices", async () => {
    const { subscribeLive } = await freshLive();
    const a: LiveNotice[] = [];
    const b: LiveNotice[] = [];
    subscribeLive("", (n) => a.push(n));
    subscribeLive("", (n) => b.push(n));
    expect(FakeEventSource.all).toHaveLength(1);
    expect(latest().url).toBe("/api/events");
    latest().open();
    latest().send({ type: "review.added", productId: P });
    latest().send("not json");
    latest().send({ type: "review.added", productId: "<img src=x onerror=alert(1)>" });
    latest().send({ type: "order.status", orderId: P, userId: "u1", extra: "dropped" });
    expect(a).toEqual([
      { type: "review.added", productId: P },
      { type: "order.status", orderId: P, userId: "u1" },
    ]);
    expect(b).toEqual(a);
  });

  it("reconnects with growing pauses and says resync once it is back", async () => {
    const { subscribeLive } = await freshLive();
    const heard: LiveNotice[] = [];
    subscribeLive("", (n) => heard.push(n));
    latest().open();
    latest().fail();
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    latest().fail();
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(3);
    expect(heard).toEqual([]);
    latest().open();
    expect(heard).toEqual([{ type: "resync" }]);
    expect(toastError).not.toHaveBeenCalled();
    expect(openSources()).toHaveLength(1);
  });

  it("after three failures in a row shows the realtime failure once and asks for a one-time load", async () => {
    const { subscribeLive } = await freshLive();
    const heard: LiveNotice[] = [];
    subscribeLive("", (n) => heard.push(n));
    for (let i = 0; i < 5; i++) {
      latest().fail();
      vi.advanceTimersByTime(30_000);
    }
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith("Realtime read failed. Trying a one-time fetch...");
    expect(heard).toEqual([{ type: "resync" }]);
    // Still trying, at most every 30 s.
    const before = FakeEventSource.all.length;
    latest().fail();
    vi.advanceTimersByTime(30_000);
    expect(FakeEventSource.all.length).toBe(before + 1);
  });

  it("opens a new stream when the person changes (sign-in or sign-out)", async () => {
    const { subscribeLive } = await freshLive();
    const stop = subscribeLive("", () => {});
    const visitorStream = latest();
    stop();
    subscribeLive("user-1", () => {});
    expect(visitorStream.closed).toBe(true);
    expect(openSources()).toEqual([latest()]);
    expect(FakeEventSource.all).toHaveLength(2);
  });

  it("keeps the stream across a page change, and closes it when nobody listens any more", async () => {
    const { subscribeLive } = await freshLive();
    const stopFirstPage = subscribeLive("", () => {});
    stopFirstPage();
    vi.advanceTimersByTime(1_000);
    const stopNextPage = subscribeLive("", () => {});
    expect(FakeEventSource.all).toHaveLength(1);
    stopNextPage();
    vi.advanceTimersByTime(4_999);
    expect(latest().closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(latest().closed).toBe(true);
  });

  it("does nothing on the server", async () => {
    vi.stubGlobal("window", undefined);
    const { subscribeLive } = await freshLive();
    subscribeLive("", () => {})();
    expect(FakeEventSource.all).toHaveLength(0);
  });
});
