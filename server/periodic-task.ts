import { unavailableIn } from "../domain/errors";
import type { Logger } from "./logger";

export interface PeriodicTaskOptions {
  /** Names the work in the log: a failed run is logged as "{name} failed" (at debug when the database is away). */
  name: string;
  /** The pause between the end of one run and the start of the next. */
  intervalMs: number;
  /** One run. Answering `true` means more work is waiting: the task runs again at once. */
  run: () => Promise<unknown>;
  logger: Pick<Logger, "error" | "debug">;
}

export interface PeriodicTask {
  /** Runs at once, then `intervalMs` after each run ends. Starting a started task does nothing. */
  start(): void;
  /** Asks for a run now: at once when idle, or once more right after the run in flight. */
  wake(): void;
  /** Schedules nothing more and waits for the run in flight (its failure is already logged). */
  stop(): Promise<void>;
}

/**
 * Background work inside the store process (the mail worker, the payment reconciliation):
 * one run at a time, never overlapping, a failed run logged without stopping the schedule,
 * and a stop that lets the run in flight finish, so a shutdown does not cut a send or a
 * settlement in half (server/start.ts stops both before closing the database).
 */
export function periodicTask(options: PeriodicTaskOptions): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let current: Promise<void> | undefined;
  let running = false;
  let again = false;

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      current = tick();
    }, delayMs);
  }

  async function tick() {
    if (stopped) return;
    running = true;
    try {
      do {
        again = false;
        if ((await options.run()) === true) again = true;
      } while (again && !stopped);
    } catch (error) {
      // The database away is logged once as an outage (server/db/outage.ts), not by every pass.
      if (unavailableIn(error))
        options.logger.debug({ err: error }, `${options.name} skipped: the database is unavailable`);
      else options.logger.error({ err: error }, `${options.name} failed`);
    } finally {
      running = false;
      if (!stopped) schedule(options.intervalMs);
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    wake() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current; // tick() catches everything: this never throws
    },
  };
}
