import { useCallback, useRef, useState } from "react";

/**
 * One payment at a time, for every payment button (card, sandbox wallet, PayPal's own buttons). The ref is taken synchronously on the first click, so a second
 * click in the same instant (before React re-renders the disabled buttons) finds it held
 * and starts nothing; `busy` is the same fact for rendering (spinner, locked form).
 */
export function usePaymentLock() {
  const held = useRef(false);
  const [busy, setBusy] = useState(false);
  const acquire = useCallback((): boolean => {
    if (held.current) return false;
    held.current = true;
    setBusy(true);
    return true;
  }, []);
  const release = useCallback(() => {
    held.current = false;
    setBusy(false);
  }, []);
  /**
   * Runs one payment under the lock: nothing when a payment is already running. The lock is
   * released when `task` ends (failures go to `onError`), unless the task called `leave()`:
   * the page is going to a provider's page and stays locked until it is gone.
   */
  const run = useCallback(
    async (task: (leave: () => void) => Promise<void>, onError: (error: unknown) => void): Promise<void> => {
      if (!acquire()) return;
      let leaving = false;
      try {
        await task(() => {
          leaving = true;
        });
      } catch (error) {
        onError(error);
      } finally {
        if (!leaving) release();
      }
    },
    [acquire, release],
  );
  return { busy, acquire, release, run };
}

export type PaymentLock = ReturnType<typeof usePaymentLock>;
