import { writeSync } from "node:fs";

/**
 * Test-only fault points (docs/faults.md): FAULT_POINT names a place in the code where the
 * store kills itself with SIGKILL, to prove that what it does after a crash there is right.
 * config.ts refuses FAULT_POINT when NODE_ENV=production or PUBLIC_URL is not this machine's.
 *
 * - after-capture: the payment provider has taken the money (PayPal's capture answered, or the
 *   Stripe session is paid) and the order transaction has not started. Reconciliation must
 *   write the order after the restart (server/payments/reconcile.ts).
 */
export const FAULT_POINTS = ["after-capture"] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];

/** Called at each fault point; does nothing unless that point is the configured one. */
export type FaultHook = (point: FaultPoint) => void;

export function faultHook(configured: FaultPoint | undefined): FaultHook {
  if (!configured) return () => {};
  return (point) => {
    if (point !== configured) return;
    // Written synchronously: the logger's buffered stream would not reach the file before the kill.
    writeSync(
      2,
      `${JSON.stringify({ level: 60, time: Date.now(), faultPoint: point, msg: "fault point reached: SIGKILL (FAULT_POINT, tests only)" })}\n`,
    );
    process.kill(process.pid, "SIGKILL");
  };
}
