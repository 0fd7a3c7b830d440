import { describe, expect, it } from "vitest";
import { createConnectionLimits } from "./connection-limits";

describe("createConnectionLimits", () => {
  it("caps one user without touching another", () => {
    const limits = createConnectionLimits({ perUser: 5, perAddress: 20, total: 1000 });
    const results = Array.from({ length: 500 }, () => limits.acquire("user:mallory"));
    expect(results.filter((r) => r === null)).toHaveLength(5);
    expect(results.filter((r) => r === "owner")).toHaveLength(495);
    expect(limits.acquire("user:alice")).toBeNull();
    expect(limits.total()).toBe(6);
  });

  it("gives a slot back on release, and never goes below zero", () => {
    const limits = createConnectionLimits({ perUser: 1, perAddress: 1, total: 10 });
    expect(limits.acquire("user:a")).toBeNull();
    expect(limits.acquire("user:a")).toBe("owner");
    limits.release("user:a");
    limits.release("user:a");
    expect(limits.held("user:a")).toBe(0);
    expect(limits.total()).toBe(0);
    expect(limits.owners()).toBe(0);
    expect(limits.acquire("user:a")).toBeNull();
  });

  it("uses the address limit for visitors", () => {
    const limits = createConnectionLimits({ perUser: 1, perAddress: 3, total: 10 });
    expect([1, 2, 3, 4].map(() => limits.acquire("address:203.0.113.9"))).toEqual([null, null, null, "owner"]);
  });

  it("refuses everybody at the global cap, and lets them in when a slot frees", () => {
    const limits = createConnectionLimits({ perUser: 5, perAddress: 5, total: 3 });
    expect(limits.acquire("user:a")).toBeNull();
    expect(limits.acquire("user:b")).toBeNull();
    expect(limits.acquire("address:1")).toBeNull();
    expect(limits.acquire("user:c")).toBe("total");
    limits.release("user:a");
    expect(limits.acquire("user:c")).toBeNull();
  });
});
