import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/helpers/database";
import type { DatabaseHandle } from "../db/client";
import { createThrottle, type Throttle } from "./throttle";

let database: DatabaseHandle;
let throttle: Throttle;
const rule = { max: 3, windowMs: 60_000 };
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

beforeAll(async () => {
  database = await createTestDatabase();
  throttle = createThrottle(database.db);
});
afterAll(() => database.close());

describe("fixed-window counters", () => {
  it("allows max hits in a window, then refuses with the time left until the window ends", async () => {
    const verdicts = [];
    for (const s of [0, 10, 20, 30]) verdicts.push(await throttle.hit("k:a", rule, at(s)));
    expect(verdicts.map((v) => [v.allowed, v.count, v.retryAfterMs])).toEqual([
      [true, 1, 0],
      [true, 2, 0],
      [true, 3, 0],
      [false, 4, 30_000],
    ]);
  });

  it("starts counting from one when the window is over", async () => {
    expect(await throttle.hit("k:a", rule, at(60))).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
  });

  it("peek reads without counting: refused once one more attempt would be over the limit", async () => {
    await throttle.hit("k:b", rule, at(0));
    await throttle.hit("k:b", rule, at(1));
    expect(await throttle.peek("k:b", rule, at(2))).toEqual({ allowed: true, count: 2, retryAfterMs: 0 });
    await throttle.hit("k:b", rule, at(3));
    expect(await throttle.peek("k:b", rule, at(4))).toEqual({ allowed: false, count: 3, retryAfterMs: 56_000 });
    expect(await throttle.peek("k:b", rule, at(61))).toEqual({ allowed: true, count: 0, retryAfterMs: 0 });
    expect(await throttle.peek("k:unknown", rule, at(0))).toEqual({ allowed: true, count: 0, retryAfterMs: 0 });
  });

  it("counts every one of many hits at once", async () => {
    const now = at(0);
    await Promise.all(Array.from({ length: 20 }, () => throttle.hit("k:burst", { max: 100, windowMs: 60_000 }, now)));
    expect((await throttle.peek("k:burst", { max: 100, windowMs: 60_000 }, now)).count).toBe(20);
  });

  it("resetPrefix forgets the keys under a prefix, taking % and _ literally", async () => {
    for (const key of ["p:x_1", "p:x_2", "p:xa", "p:y"]) await throttle.hit(key, rule, at(0));
    await throttle.resetPrefix("p:x_");
    const counts = await Promise.all(
      ["p:x_1", "p:x_2", "p:xa", "p:y"].map(async (k) => (await throttle.peek(k, rule, at(1))).count),
    );
    expect(counts).toEqual([0, 0, 1, 1]);
  });
});
