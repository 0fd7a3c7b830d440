import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ServiceUnavailableError } from "../domain/errors";
import type { Logger } from "./logger";
import { periodicTask } from "./periodic-task";

function fakeLogger() {
  const error = vi.fn();
  const debug = vi.fn();
  return { logger: { error, debug } as unknown as Logger, error, debug };
}

/** A run that stays in flight until the test finishes it. */
function controllable() {
  let finish: (more?: boolean) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const run = vi.fn(
    () =>
      new Promise<boolean | undefined>((resolve, reject) => {
        finish = (more) => resolve(more);
        fail = reject;
      }),
  );
  return { run, finish: (more?: boolean) => finish(more), fail: (error: Error) => fail(error) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("periodicTask", () => {
  it("runs at once on start, then every interval after the previous run ended", async () => {
    const run = vi.fn(async () => {});
    const task = periodicTask({ name: "test pass", intervalMs: 1000, run, logger: fakeLogger().logger });
    expect(run).not.toHaveBeenCalled();
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    task.start(); // already started: no second schedule
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(3);
    await task.stop();
  });

  it("never overlaps: the next interval counts from the end of a slow run", async () => {
    const c = controllable();
    const task = periodicTask({ name: "test pass", intervalMs: 100, run: c.run, logger: fakeLogger().logger });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.run).toHaveBeenCalledTimes(1);
    c.finish();
    await vi.advanceTimersByTimeAsync(99);
    expect(c.run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.run).toHaveBeenCalledTimes(2);
    c.finish();
    await task.stop();
  });

  it("runs again at once while a run says more is waiting", async () => {
    let left = 3;
    const run = vi.fn(async () => --left > 0);
    const task = periodicTask({ name: "test pass", intervalMs: 1000, run, logger: fakeLogger().logger });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(3);
    await task.stop();
  });

  it("wake() runs now when idle, and once more after the run in flight when busy", async () => {
    const c = controllable();
    const task = periodicTask({ name: "test pass", intervalMs: 60_000, run: c.run, logger: fakeLogger().logger });
    task.wake(); // not started: nothing
    await vi.advanceTimersByTimeAsync(0);
    expect(c.run).not.toHaveBeenCalled();
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    c.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.run).toHaveBeenCalledTimes(1);
    task.wake(); // idle: at once, not in a minute
    await vi.advanceTimersByTimeAsync(0);
    expect(c.run).toHaveBeenCalledTimes(2);
    task.wake(); // busy: remembered
    task.wake();
    expect(c.run).toHaveBeenCalledTimes(2);
    c.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.run).toHaveBeenCalledTimes(3);
    c.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.run).toHaveBeenCalledTimes(3);
    await task.stop();
  });

  it("logs a failed run and keeps its schedule", async () => {
    const { logger, error } = fakeLogger();
    const boom = new Error("database gone");
    const run = vi.fn().mockRejectedValueOnce(boom).mockResolvedValue(undefined);
    const task = periodicTask({ name: "test pass", intervalMs: 500, run, logger });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(error).toHaveBeenCalledWith({ err: boom }, "test pass failed");
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(1);
    await task.stop();
  });

  it("does not log a run that failed because the database is away as an error: the outage has its own lines", async () => {
    const { logger, error, debug } = fakeLogger();
    const away = new Error("Failed query: select 1", { cause: new ServiceUnavailableError() });
    const run = vi.fn().mockRejectedValueOnce(away).mockResolvedValue(undefined);
    const task = periodicTask({ name: "test pass", intervalMs: 500, run, logger });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(error).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledWith({ err: away }, "test pass skipped: the database is unavailable");
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(2);
    await task.stop();
  });

  it("stop() waits for the run in flight, swallows its failure, and schedules nothing more", async () => {
    const c = controllable();
    const task = periodicTask({ name: "test pass", intervalMs: 100, run: c.run, logger: fakeLogger().logger });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = task.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    c.fail(new Error("cut short"));
    await stopping;
    expect(stopped).toBe(true);
    task.wake();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(c.run).toHaveBeenCalledTimes(1);
  });

  it("can be started again after a stop", async () => {
    const run = vi.fn(async () => {});
    const task = periodicTask({ name: "test pass", intervalMs: 100, run, logger: fakeLogger().logger });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    await task.stop();
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    await task.stop();
  });
});
