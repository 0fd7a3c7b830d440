import { describe, expect, it } from "vitest";
import { collectNow, type IdleCollectState, idleCollector } from "./idle-collect";

describe("collectNow", () => {
  const look = (requests: number, atLastLook: number, atLastCollection: number): IdleCollectState => ({
    requests,
    atLastLook,
    atLastCollection,
  });
  it.each([
    ["a burst, then a quiet look", look(5000, 5000, 0), true],
    ["exactly the minimum since the last collection, then quiet", look(2000, 2000, 1000), true],
    ["still busy: requests since the previous look", look(5000, 4999, 0), false],
    ["quiet, but too few requests since the last collection", look(999, 999, 0), false],
    ["quiet after a collection with nothing since (no collection at every look)", look(5000, 5000, 5000), false],
    ["a trickle after a collection", look(5100, 5100, 5000), false],
    ["a fresh process that has answered nothing", look(0, 0, 0), false],
  ])("%s", (_case, state, expected) => {
    expect(collectNow(state, 1000)).toBe(expected);
  });
});

describe("idleCollector", () => {
  function watcher(collect: (() => void) | undefined) {
    const told: number[] = [];
    let heap = 100;
    const collector = idleCollector({
      collect,
      minRequests: 3,
      heapUsed: () => heap--,
      collected: ({ heapBeforeBytes, heapAfterBytes }) => told.push(heapBeforeBytes - heapAfterBytes),
    });
    return { collector, told };
  }

  it("collects once after a burst and a quiet look, and again only after another burst", () => {
    let collections = 0;
    const { collector, told } = watcher(() => collections++);
    for (let i = 0; i < 5; i++) collector.seen();
    expect(collector.look()).toBe(false); // requests came since the previous look
    expect(collector.look()).toBe(true); // quiet now
    expect(collector.look()).toBe(false);
    expect(collections).toBe(1);
    expect(told).toEqual([1]);
    collector.seen();
    collector.seen();
    expect(collector.look()).toBe(false);
    expect(collector.look()).toBe(false); // quiet, but two requests are not a burst
    collector.seen();
    expect(collector.look()).toBe(false);
    expect(collector.look()).toBe(true);
    expect(collections).toBe(2);
  });

  it("does nothing without gc (node started without --expose-gc)", () => {
    const { collector, told } = watcher(undefined);
    for (let i = 0; i < 10; i++) collector.seen();
    collector.look();
    expect(collector.look()).toBe(false);
    expect(told).toEqual([]);
    collector.start(); // no timer to start
    collector.stop();
  });
});
