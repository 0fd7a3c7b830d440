import { describe, expect, it } from "vitest";
import { BUDGETS, checkBudgets, limitText } from "../../bench/budgets";

/** The bench's verdicts (bench/budgets.ts): each kind of budget against figures on either side of its limit. */
describe("checkBudgets", () => {
  const verdict = (measure: string, actual: number) =>
    checkBudgets(new Map([[measure, actual]])).find((v) => v.measure === measure);

  it.each([
    ["load:pg:10:cart quote (shopper):requestsPerSecond", 999, false],
    ["load:pg:10:cart quote (shopper):requestsPerSecond", 1000, true],
    ["writePath:pg:distinct:ordersPerSecond", 49.9, false],
    ["writePath:pg:distinct:ordersPerSecond", 50, true],
    ["load:pg:10:/ (visitor):p99Ms", 30, true],
    ["load:pg:10:/ (visitor):p99Ms", 30.1, false],
    ["writePath:pg:contended:orders", 5, true],
    ["writePath:pg:contended:orders", 4, false],
    ["writePath:pg:contended:orders", 6, false],
    ["writePath:embedded:contended:refusedOrRefunded", 15, true],
    ["writePath:embedded:contended:refusedOrRefunded", 14, false],
    ["writePath:embedded:contended:refusedOrRefunded", 16, false],
    ["writePath:pg:invariantsFailed", 0, true],
    ["writePath:pg:invariantsFailed", 1, false],
  ] as const)("%s = %d passes: %s", (measure, actual, pass) => {
    expect(verdict(measure, actual)).toMatchObject({ actual, pass });
  });

  it("leaves a budget this run did not measure undecided", () => {
    const verdicts = checkBudgets(new Map());
    expect(verdicts).toHaveLength(BUDGETS.length);
    expect(verdicts.every((v) => v.actual === null && v.pass === null)).toBe(true);
  });

  it("writes each kind's limit with its sign", () => {
    expect(limitText({ kind: "min", limit: 1000 })).toBe("≥ 1000");
    expect(limitText({ kind: "max", limit: 30 })).toBe("≤ 30");
    expect(limitText({ kind: "equal", limit: 5 })).toBe("= 5");
  });

  it("measures each figure once", () => {
    const measures = BUDGETS.map((b) => b.measure);
    expect(new Set(measures).size).toBe(measures.length);
  });
});
